import Foundation
import NotesBase
import NotesColor
import NotesModel

/// Seeded random notes and categories built to break exact round trips (sync, export and
/// import): texts with blanks, `#words`, `[x](#y)` links, `key: value` lines, `---` and `+++`
/// lines, leading and trailing blank lines, CRLF, lone CR, tabs, NUL and other controls,
/// combining marks, right-to-left text, emoji, very long lines, empty bodies; notes in the
/// trash; tags with odd names; colors in both color spaces. Everything it makes is what the
/// store accepts (a title that is not blank, category names unique, tags normalized, dates
/// to the millisecond as the store's writers make them), so a difference after a round trip
/// is the round trip's fault. The same seed makes the same notes.
public struct HardNotes {
    public private(set) var random: SeededRandom
    public let seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    /// Pieces that have broken or could break a reader that guesses.
    static let fragments: [String] = [
        "#tag", "See #42", "[x](#faq)", "#Home Office", "key: value", "title: Not the title", "id: 0",
        "tags: [a, b]", "category: Work", "---", "+++", "***", "# Heading", "Heading\n===", "- [ ] todo",
        "\"quoted\"", "'single'", "\\", "\\n", "{\"json\": true}", "[a, b]", "&anchor", "*alias", "!tag",
        "|", ">", "%", "@", "`code`", "```\ncode\n```", ": colon", "a: b: c", "- item", "? key",
        "\t", "\r\n", "\r", "\n", "\n\n", "\u{0}", "\u{1}", "\u{7}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{A0}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{200B}", "\u{200D}", "\u{FFFD}", "\u{FFFE}",
        "e\u{301}", "\u{301}", "n\u{303}\u{323}", "שלום", "مرحبا", "\u{202E}abc\u{202C}", "\u{200F}",
        "🧪", "👩‍👩‍👧", "🇯🇵", "🏳️‍🌈", "日本語", "Ελληνικά", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "ß", "İ", "ﬁ",
        " ", "  ", "\u{3000}", "null", "~", "true", "0x1F", "1e3", "2024-03-15", "yes", "NO",
    ]

    /// Words for titles, names and tags.
    static let words = ["Home", "Office", "plan", "Ünïcödé", "a", "b", "note", "Work", "x", "y", "2024", "café", "naïve"]

    /// A text of up to `pieces` fragments and words, sometimes one very long line.
    public mutating func text(pieces: Int) -> String {
        var text = ""
        let count = random.int(0...pieces)
        for _ in 0..<count {
            switch random.int(0...9) {
            case 0...4: text += random.pick(Self.fragments)
            case 5...7: text += random.pick(Self.words)
            case 8: text += random.pick([" ", "\n", "\r\n", "\t", "\n\n\n"])
            default: text += random.chance(0.2) ? String(repeating: random.pick(["x", "é", "🧪", " "]), count: random.int(1000...6000)) : "."
            }
        }
        return text
    }

    /// A body: often empty or short, sometimes long, often starting like front matter.
    public mutating func body() -> String {
        switch random.int(0...9) {
        case 0: return ""
        case 1: return "---\ntitle: \(random.pick(Self.words))\ntags: [x]\n---\n" + text(pieces: 8)
        case 2: return "+++\ntitle = \"t\"\n+++\n" + text(pieces: 8)
        case 3: return random.pick(["\n", "\r\n", "\r", "\n\n", " ", "\t", "\u{0}", "---", "---\n", "\n---\n"])
        default:
            var body = text(pieces: 40)
            if random.chance(0.3) { body = "\n\n" + body }
            if random.chance(0.3) { body += random.pick(["\n", "\n\n", "\r\n", "\r", " ", "\t"]) }
            return body
        }
    }

    /// A title that is not blank.
    public mutating func title() -> String {
        var title = text(pieces: 6)
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { title += random.pick(Self.words) }
        if random.chance(0.2) { title = " " + title + " " }
        return title
    }

    /// A tag as the store keeps it (`Tag.normalize`d).
    public mutating func tag() -> String? {
        if random.chance(0.05) { return Tag.normalize("# #" + random.pick(Self.words)) }  // once kept as "#word"
        if random.chance(0.2) { return Tag.normalize(random.pick(Self.fragments) + random.pick(Self.fragments) + random.pick(Self.fragments)) }
        return Tag.normalize(random.pick(Self.words) + random.pick(["", " ", "#", "-", ".", ",", "/", "🧪", "e\u{301}"])
            + (random.chance(0.5) ? random.pick(Self.fragments) : ""))
    }

    public mutating func color() -> SerializableColor {
        let space = random.pick(ColorSpace.allCases)
        func component() -> Float {
            random.chance(0.3) ? Float(random.int(0...255)) / 255 : Float.random(in: 0...1, using: &random)
        }
        let alpha: Float = random.chance(0.7) ? 1 : component()
        return (try? SerializableColor(colorSpace: space, red: component(), green: component(), blue: component(), alpha: alpha))
            ?? .white
    }

    /// `count` categories with unique names (as the store compares them).
    public mutating func categories(_ count: Int) -> [Category] {
        var categories: [Category] = []
        var names = Set<String>()
        while categories.count < count {
            var name = random.pick(Self.words) + random.pick([" ", "  ", "#", ": ", "\"", " #", "\t", ""]) + text(pieces: 3)
            if random.chance(0.2) { name = random.pick(["Home Office", "#work", "a: b", "\"q\"", "日本 語", " padded "]) + name }
            let key = Category.nameKey(name)
            guard !key.isEmpty, names.insert(key).inserted else { continue }
            categories.append(Category(name: name, color: color()))
        }
        return categories
    }

    /// A date to the millisecond, within the years the store keeps.
    public mutating func date() -> Date {
        if random.chance(0.02) {  // the ends of what the store keeps
            let limit = Int(Note.storableSecondsLimit) - 1
            let seconds = random.pick([-limit, limit, random.int(-limit...limit)])
            return ISODate.rounded(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        }
        let milliseconds = random.chance(0.1) ? random.int(-62_000_000_000_000...95_000_000_000_000) : random.int(1_000_000_000_000...2_000_000_000_000)
        return ISODate.rounded(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// A note in one of `categories` (or none), live or in the trash.
    public mutating func note(categories: [Category]) -> Note {
        let created = date()
        let updated = random.chance(0.5) ? created : date()
        var tags = Set<String>()
        for _ in 0..<random.int(0...4) { if let tag = tag() { tags.insert(tag) } }
        let id = UUID()
        var attachments: [AttachmentPath] = []
        if random.chance(0.1),
           let path = try? AttachmentPath("attachments/\(id.uuidString)/\(random.pick(["a b.png", "#1.pdf", "日本.txt"]))") {
            attachments.append(path)
        }
        return Note(id: id, title: title(), body: body(), created: created, updated: updated,
                    categoryID: categories.isEmpty || random.chance(0.3) ? nil : random.pick(categories).id,
                    tags: tags, kind: random.pick(NoteKind.allCases), attachments: attachments,
                    deleted: random.chance(0.15) ? date() : nil, pinned: random.chance(0.2),
                    aliases: random.chance(0.2) ? Note.cleanAliases([title(), title()]) : [])
    }

    public mutating func notes(_ count: Int, categories: [Category]) -> [Note] {
        (0..<count).map { _ in note(categories: categories) }
    }

    // MARK: Comparing and shrinking

    /// How `actual` differs from `expected`, field by field, texts compared byte for byte
    /// (Swift's `==` on strings would call canonically equivalent texts equal). Empty when equal.
    public static func differences(_ expected: Note, _ actual: Note?) -> [String] {
        guard let actual else { return ["the note is missing"] }
        var found: [String] = []
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        if expected.id != actual.id { found.append("id \(actual.id) instead of \(expected.id)") }
        if bytes(expected.title) != bytes(actual.title) { found.append("title \(shown(actual.title)) instead of \(shown(expected.title))") }
        if bytes(expected.body) != bytes(actual.body) { found.append("body \(shown(actual.body)) instead of \(shown(expected.body))") }
        if expected.created != actual.created { found.append("created \(actual.created) instead of \(expected.created)") }
        if expected.updated != actual.updated { found.append("updated \(actual.updated) instead of \(expected.updated)") }
        if Set(expected.tags.map(bytes)) != Set(actual.tags.map(bytes)) {
            found.append("tags \(actual.sortedTags.map(shown)) instead of \(expected.sortedTags.map(shown))")
        }
        if expected.kind != actual.kind { found.append("kind \(actual.kind.name) instead of \(expected.kind.name)") }
        if expected.pinned != actual.pinned { found.append("pinned \(actual.pinned) instead of \(expected.pinned)") }
        if expected.aliases != actual.aliases { found.append("aliases \(actual.aliases.map(shown)) instead of \(expected.aliases.map(shown))") }
        if expected.attachments != actual.attachments { found.append("attachments \(actual.attachments) instead of \(expected.attachments)") }
        if expected.deleted != actual.deleted { found.append("deleted \(String(describing: actual.deleted)) instead of \(String(describing: expected.deleted))") }
        if expected.categoryID != actual.categoryID { found.append("category id \(String(describing: actual.categoryID)) instead of \(String(describing: expected.categoryID))") }
        return found
    }

    /// How `actual` differs from `expected` (name byte for byte, color, deletion).
    public static func differences(_ expected: Category, _ actual: Category?) -> [String] {
        guard let actual else { return ["category \(shown(expected.name)) is missing"] }
        var found: [String] = []
        if Array(expected.name.utf8) != Array(actual.name.utf8) { found.append("category name \(shown(actual.name)) instead of \(shown(expected.name))") }
        if expected.color != actual.color { found.append("category \(shown(expected.name)): color \(actual.color) instead of \(expected.color)") }
        if expected.deleted != actual.deleted { found.append("category \(shown(expected.name)): deleted \(String(describing: actual.deleted))") }
        return found
    }

    /// Every field of `note`, texts escaped: what a failure prints.
    public static func describe(_ note: Note) -> String {
        "title \(shown(note.title)), body \(shown(note.body)), tags \(note.sortedTags.map(shown)), kind \(note.kind.name), "
            + "created \(ISODate.format(note.created)), updated \(ISODate.format(note.updated)), "
            + "category \(note.categoryID?.uuidString ?? "none"), attachments \(note.attachments.map(\.relativePath)), "
            + "deleted \(note.deleted.map(ISODate.format) ?? "no"), pinned \(note.pinned), aliases \(note.aliases.map(shown))"
    }

    /// A text with every scalar outside printable ASCII escaped, cut to 300 characters.
    public static func shown(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : String(format: "\\u{%X}", $0.value) }.joined()
        return "\"" + (escaped.count > 300 ? escaped.prefix(300) + "…(\(text.utf8.count) bytes)" : escaped) + "\""
    }

    /// The smallest note found, by removing parts, for which `fails` still holds: the title,
    /// body, tags, category, attachments and trash date are each simplified in turn, and the
    /// title and body cut down by halves, then scalar by scalar while short.
    public static func shrink(_ note: Note, while fails: (Note) -> Bool) -> Note {
        var smallest = note
        func attempt(_ change: (inout Note) -> Void) -> Bool {
            var candidate = smallest
            change(&candidate)
            guard candidate != smallest || Array(candidate.body.utf8) != Array(smallest.body.utf8)
                    || Array(candidate.title.utf8) != Array(smallest.title.utf8), fails(candidate) else { return false }
            smallest = candidate
            return true
        }
        _ = attempt { $0.tags = [] }
        _ = attempt { $0.attachments = [] }
        _ = attempt { $0.categoryID = nil }
        _ = attempt { $0.deleted = nil }
        _ = attempt { $0.kind = .note }
        _ = attempt { $0.pinned = false }
        _ = attempt { $0.aliases = [] }
        _ = attempt { $0.updated = $0.created }
        _ = attempt { $0.body = "" }
        _ = attempt { $0.title = "x" }
        for keyPath in [\Note.body, \Note.title] {
            var progress = true
            while progress {
                progress = false
                let scalars = Array(smallest[keyPath: keyPath].unicodeScalars)
                var size = max(scalars.count / 2, 1)
                while size >= 1, !progress {
                    var start = 0
                    while start < scalars.count {
                        var kept = String.UnicodeScalarView()
                        kept.append(contentsOf: scalars[..<start])
                        kept.append(contentsOf: scalars[min(start + size, scalars.count)...])
                        let text = String(kept)
                        if keyPath == \Note.title, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                            start += size
                            continue
                        }
                        if attempt({ $0[keyPath: keyPath] = text }) { progress = true; break }
                        start += size
                    }
                    if size == 1 { break }
                    size = scalars.count > 64 ? size / 2 : 1
                }
            }
        }
        return smallest
    }
}
