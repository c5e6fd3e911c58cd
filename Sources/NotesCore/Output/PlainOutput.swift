import Foundation

/// The human-readable output of `notes list`, `notes show` and `notes category list`.
/// Not a scripting contract: scripts use `--json`.
public struct PlainOutput: Sendable {
    /// The time zone dates are shown in.
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// How many characters of a note's id `list` shows at least (any unique prefix of 4 or more works as an id).
    public static let shortIDLength = 8

    /// The shortest id prefix length, at least `shortIDLength`, that tells every note of
    /// `database` apart (like git's short hashes).
    public static func uniquePrefixLength(in database: NotesDatabase) -> Int {
        let ids = database.notes.keys.map { Array($0.uuidString.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var length = shortIDLength
        for (a, b) in zip(ids, ids.dropFirst()) {
            let common = zip(a, b).prefix { $0 == $1 }.count
            length = max(length, min(common + 1, a.count))
        }
        return length
    }

    /// One line a note: short id (a unique prefix), update date, category, title, `#tags`, columns aligned.
    ///
    ///     3F2504E0  2024-05-01 14:03  work      Buy milk  #errand #home
    public func listLines(_ notes: [Note], in database: NotesDatabase) -> [String] {
        let categoryNames = notes.map { note in note.categoryID.flatMap { database.categories[$0]?.name } ?? "-" }
        let width = categoryNames.map(\.count).max() ?? 1
        let idLength = Self.uniquePrefixLength(in: database)
        return zip(notes, categoryNames).map { note, category in
            var line = String(note.id.uuidString.prefix(idLength)) + "  " + shortDate(note.updated)
            line += "  " + category.padding(toLength: width, withPad: " ", startingAt: 0)
            line += "  " + Self.singleLine(note.title)
            let tags = note.tags.sorted().map { "#" + $0 }.joined(separator: " ")
            if !tags.isEmpty { line += "  " + tags }
            return line
        }
    }

    /// A header (title, id, category, tags, kind, dates, attachments), a blank line, then the body.
    public func show(_ note: Note, in database: NotesDatabase) -> String {
        var lines = [Self.singleLine(note.title), String(repeating: "=", count: max(3, min(Self.singleLine(note.title).count, 72)))]
        func field(_ name: String, _ value: String) {
            lines.append((name + ":").padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        field("id", note.id.uuidString)
        if let category = note.categoryID.flatMap({ database.categories[$0] }) {
            field("category", "\(category.name) (\(category.color.hex))")
        } else {
            field("category", "-")
        }
        field("tags", note.tags.isEmpty ? "-" : note.tags.sorted().map { "#" + $0 }.joined(separator: " "))
        field("kind", note.kind.name)
        field("created", longDate(note.created))
        field("updated", longDate(note.updated))
        if !note.attachments.isEmpty {
            field("attachments", note.attachments.map(\.relativePath).joined(separator: ", "))
        }
        var text = lines.joined(separator: "\n") + "\n"
        if !note.body.isEmpty {
            text += "\n" + note.body
            if !note.body.hasSuffix("\n") { text += "\n" }
        }
        return text
    }

    /// One line a category: hex color, name, note count.
    public func categoryLines(in database: NotesDatabase) -> [String] {
        var counts: [UUID: Int] = [:]
        for note in database.notes.values {
            if let id = note.categoryID { counts[id, default: 0] += 1 }
        }
        let categories = database.sortedCategories
        let width = categories.map(\.name.count).max() ?? 0
        return categories.map { category in
            let count = counts[category.id] ?? 0
            let hex = category.color.hex.padding(toLength: 9, withPad: " ", startingAt: 0)
            return "\(hex)  \(category.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(count) \(count == 1 ? "note" : "notes")"
        }
    }

    /// `yyyy-MM-dd HH:mm` in `timeZone`.
    public func shortDate(_ date: Date) -> String {
        let parts = components(date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `yyyy-MM-dd HH:mm:ss ±HHMM` in `timeZone`.
    public func longDate(_ date: Date) -> String {
        let parts = components(date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d ", parts.year ?? 0, parts.month ?? 0,
                      parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
            + sign + String(format: "%02d%02d", abs(offset) / 3600, abs(offset) / 60 % 60)
    }

    private func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    /// `text` with line breaks and tabs turned into spaces, for one-line output.
    static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
