import Foundation
import NotesBase
import NotesColor
import NotesModel
import NotesStore

/// Reads one Markdown, Org or plain-text note file into an `ExchangeBundle`, as the tool that
/// wrote it shows it (`tool`, see `ImportSourceTool`).
///
/// - The front matter is YAML (`---`, read by Yams) or TOML (`+++`); keys are compared
///   case-insensitively (see docs/import.md for the full list). The one blank line that
///   separates it from the body is not part of the body.
/// - The title: Obsidian's is the file name; Logseq's the `title::` property, else the
///   decoded file name (a journal's date); zk's `title`, else its heading as plain text
///   (`ZkTitle`); any other tool's `title`, else a first `# Heading` or setext heading
///   (removed from the body), else the file name (a Jekyll post's without its date).
///   `aliases` are never the title; they are kept as the note's aliases (`aliases(_:title:)`). In a `.txt` file the title is the first
///   line; in an Org file `#+title:`, else the file name as Logseq shows it (`OrgDocument`:
///   the whole text is the body, as written).
/// - Dendron: the hierarchy in the file name is the category and a tag (`DendronHierarchy`).
/// - Tags come from `tags`/`tag`/`keywords` (a list, or one string split at commas and
///   blanks), Logseq's `tags::`, the categories after the first (`categories: a b` is
///   split like tags; `category: Best practice` is one name), and `#tags` in the body
///   (`InlineTags`, with a zk notebook's rules from `.zk/config.toml`) where the tool makes
///   them: not in a Jekyll post, not in an Org file outside a Logseq graph.
/// - One final line break of the file is dropped: the export adds one to every file.
/// - A date that cannot be read, or that the store cannot keep, is a warning naming the
///   key: the date in the file name is used instead, else the file's date, else the
///   import time. Missing ids are `stableID`.
package struct MarkdownNoteReader {
    enum Style { case markdown, text, org }

    /// The file as shown in messages (its path relative to what was imported).
    let file: String
    let fileTitle: String
    let modified: Date?
    /// The id of a note whose header has none (see `StableNoteID`).
    let stableID: UUID
    var style = Style.markdown
    var tool = ImportSourceTool.other
    /// How a Logseq graph names its files and titles its journals.
    var logseqGraph = LogseqGraphConfig()
    /// Which inline tags a zk notebook makes.
    var zk = ZkNotebookConfig()
    /// Whether the file is a Jekyll post or draft (in `_posts/` or `_drafts/`): Jekyll makes
    /// no tag of a `#word` in the text.
    var jekyllPost = false
    var dates = ImportDate()
    /// When the import runs: the date of last resort.
    var now = Date()

    func read(_ text: String, into bundle: inout ExchangeBundle) throws(ExchangeError) {
        var warnings: [String] = []
        try read(text, into: &bundle, warnings: &warnings)
    }

    /// Reads `text`; what was read in another way than written is added to `warnings`
    /// (`line 3, 'date': … ; the file's date is used`).
    func read(_ text: String, into bundle: inout ExchangeBundle, warnings: inout [String]) throws(ExchangeError) {
        var (header, rawBody) = try split(text, warnings: &warnings)
        var body = Self.droppingFinalLineBreak(rawBody)
        let org = style == .org ? OrgDocument(body, logseq: tool == .logseq) : nil
        if let org { header = org.header }
        let properties = tool == .logseq && style != .org ? LogseqProperties(body) : LogseqProperties()
        if tool == .logseq { header.entries += properties.entries }
        var title = try titleAndBody(header, &body)

        let fileDate = dates.fileName(fileTitle).flatMap { Note.isStorable($0) ? $0 : nil }
        let fallback = fileDate ?? ISODate.rounded(modified ?? now)
        let fallbackName = fileDate != nil ? "the date in the file name" : modified != nil ? "the file's date" : "the import time"
        let created = date(header.entry("created", "date", "created_at"), fallback: fallback, fallbackName: fallbackName, &warnings) ?? fallback
        let changed = max(created, ISODate.rounded(modified ?? now))
        let updatedEntry = header.entry("updated", "modified", "lastmod", "last_modified_at", "updated_at")
        let updated = date(updatedEntry, fallback: changed, fallbackName: modified != nil ? "the file's date" : "the import time",
                           &warnings) ?? created

        let kind = try self.kind(header)
        let id = try writtenID(header) ?? stableID

        var categories = try categoryNames(header.entry("category", "categories"))
            .map { Self.linkTarget($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let hierarchy = tool == .dendron ? DendronHierarchy(fileName: fileTitle) : nil
        let categoryName = categories.isEmpty ? hierarchy?.category : categories.removeFirst()
        var color: SerializableColor?
        if let text = try self.text(header.entry("category-color")), !text.isEmpty {
            do { color = try MarkdownColor.parse(text) } catch { throw fail(header.entry("category-color"), error.description) }
        }
        let wantedCategoryID = try self.text(header.entry("category-id")).flatMap(UUID.init(uuidString:))

        var tags: Set<String>
        if let exact = header.entry("notes-tags") {
            tags = Set(try list(exact).compactMap(Tag.normalize))
        } else {
            let written = try writtenTags(header).map(Self.linkTarget)
            let toolTags = properties.tags + (org?.tags ?? []) + (hierarchy?.tag.map { [$0] } ?? [])
            let inline = makesInlineTags ? InlineTags.find(in: body, rules: inlineTagRules) : []
            tags = Set((written + toolTags + categories + inline).compactMap(Tag.normalize))
        }
        var attachments: [AttachmentPath] = []
        for path in try list(header.entry("attachments")) {
            do { attachments.append(try AttachmentPath(path)) } catch { throw fail(header.entry("attachments"), error.description) }
            if let last = attachments.last, let reason = AttachmentOwnership.problem(last, noteID: id) {
                throw fail(header.entry("attachments"), reason)
            }
        }
        let categoryID = categoryName.map { bundle.categoryID(named: $0, color: color, id: wantedCategoryID) }
        // A note exported from the trash goes back there (when its date cannot be read: trashed when the file was).
        let deleted = date(header.entry("deleted"), fallback: changed, fallbackName: "the file's date", &warnings)
        if title.isEmpty { title = fileTitle }
        let pinned = try self.text(header.entry("pinned", "starred")).map { ["true", "yes"].contains($0.lowercased()) } ?? false
        let aliases = try aliases(header, title: title)
        body = keepingOtherProperties(body, of: text, header: header)  // last: after every field has read its keys
        bundle.notes.append(Note(id: id, title: title, body: body, created: created, updated: updated,
                                 categoryID: categoryID, tags: tags, kind: kind, attachments: attachments, deleted: deleted,
                                 pinned: pinned, aliases: aliases))
    }

    // MARK: Header

    private func split(_ text: String, warnings: inout [String]) throws(ExchangeError) -> (NoteHeader, String) {
        guard style == .markdown else { return (NoteHeader(), Self.withoutBOM(text)) }
        // Plain `key: value` lines are read without Yams, to the same header (`PlainFrontMatter`).
        if let (header, body) = PlainFrontMatter.split(text) { return (header, Self.droppingSeparator(body)) }
        do {
            if let yaml = try YAMLFrontMatter.split(text) { return (NoteHeader(yaml: yaml), Self.droppingSeparator(yaml.body)) }
            if let (header, body) = try TOMLFrontMatter.split(text) { return (header, Self.droppingSeparator(body)) }
        } catch where error.line == 1 {
            // An opening `---` or `+++` that is never closed: a thematic break, not a header.
        } catch where tool == .obsidian {
            // Obsidian shows such a note (its properties aside): the whole text is its body.
            warnings.append(Self.unreadHeaderWarning(line: error.line, reason: error.reason))
        } catch {
            var reason = error.reason
            let line = text.split(separator: "\n", maxSplits: error.line, omittingEmptySubsequences: false)
                .dropFirst(error.line - 1).first ?? ""
            if let open = line.range(of: "{{"), let close = line.range(of: "}}", range: open.upperBound..<line.endIndex) {
                reason += "; '\(line[open.lowerBound..<close.upperBound])' is a template placeholder: this file is a template, "
                    + "fill it in or quote the value"
            }
            throw .invalidDocument(file: file, place: "front matter line \(error.line)", reason: reason)
        }
        return (NoteHeader(), Self.withoutBOM(text))
    }

    /// What an Obsidian note whose front matter is not valid YAML is told: imported whole.
    static func unreadHeaderWarning(line: Int, reason: String) -> String {
        "front matter line \(line): \(reason); Obsidian shows the note, so it is imported with its file name "
            + "as the title and its whole text, front matter included, as the body"
    }

    /// The body after a header, less the one blank line that separates the two.
    static func droppingSeparator(_ body: String) -> String {
        if body.hasPrefix("\r\n") { return String(body.dropFirst()) }  // "\r\n" is one Character
        if body.hasPrefix("\n") { return String(body.dropFirst()) }
        return body
    }

    func fail(_ entry: NoteHeader.Entry?, _ reason: String) -> ExchangeError {
        guard let entry else { return .invalidDocument(file: file, place: "front matter", reason: reason) }
        return .invalidDocument(file: file, place: place(entry), reason: reason)
    }

    private func place(_ entry: NoteHeader.Entry) -> String {
        entry.line > 0 ? "line \(entry.line), '\(entry.key)'" : "property '\(entry.key)::'"
    }

    /// A single value; nil when the key is missing or empty.
    func text(_ entry: NoteHeader.Entry?) throws(ExchangeError) -> String? {
        guard let entry else { return nil }
        switch entry.value {
        case .text(let text): return text
        case .empty: return nil
        case .list(let items) where items.count <= 1: return items.first
        case .list, .nested: throw fail(entry, "expected a single value")
        }
    }

    /// A list, or one text split at commas and blanks (`tags: tokyo, food`).
    func list(_ entry: NoteHeader.Entry?) throws(ExchangeError) -> [String] {
        guard let entry else { return [] }
        switch entry.value {
        case .list(let items): return items
        case .text(let text): return text.split { $0 == "," || $0.isWhitespace }.map(String.init)
        case .empty: return []
        case .nested: throw fail(entry, "expected a list of names")
        }
    }

    /// The names of a `category`/`categories` entry: a list, or one string. Jekyll splits a
    /// `categories` string at blanks, but a singular `category: Best practice` is one name.
    private func categoryNames(_ entry: NoteHeader.Entry?) throws(ExchangeError) -> [String] {
        if let entry, entry.key.lowercased() == "category", case .text(let name) = entry.value { return [name] }
        return try list(entry)
    }

    /// The date of `entry`; nil when it is missing, or when it cannot be read or kept: then a
    /// warning says why and that `fallbackName` is used.
    private func date(_ entry: NoteHeader.Entry?, fallback: Date, fallbackName: String,
                      _ warnings: inout [String]) -> Date? {
        guard let entry else { return nil }
        let reason: String
        var value = entry.value
        if case .list(let items) = value, items.count <= 1 { value = items.first.map(NoteHeader.Value.text) ?? .empty }
        switch value {
        case .empty: return nil
        case .text(let text) where text.trimmingCharacters(in: .whitespaces).isEmpty: return nil
        case .text(let text):
            if let date = dates.parse(text) {
                if Note.isStorable(date) { return date }
                reason = "'\(text)' is outside the years the store keeps (0001 to 5170)"
            } else if text.contains("{{") {
                reason = "'\(text)' is a template placeholder, not a date"
            } else {
                reason = "'\(text)' is not a date (2024-03-15, 2024-03-15 10:30, 2024-03-15T10:30:00+01:00, "
                    + "28/09/2021 20:57, Unix seconds or milliseconds)"
            }
        case .list, .nested:
            reason = "expected a single date"
        }
        warnings.append("\(place(entry)): \(reason); \(fallbackName) is used")
        return fallback
    }

    // MARK: Body

    /// A UUID, or the 32 hex digits without dashes that Joplin writes.
    static func uuid(_ text: String) -> UUID? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: trimmed) { return id }
        guard trimmed.count == 32, trimmed.allSatisfy(\.isHexDigit) else { return nil }
        var dashed = trimmed
        for offset in [20, 16, 12, 8] { dashed.insert("-", at: dashed.index(dashed.startIndex, offsetBy: offset)) }
        return UUID(uuidString: dashed)
    }

    static func withoutBOM(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    static func droppingFinalLineBreak(_ body: String) -> String {
        guard body.hasSuffix("\n") || body.hasSuffix("\r\n") else { return body }
        return String(body.dropLast())  // "\r\n" is one Character
    }

    /// The title of a first `# Heading` or setext heading (`Title` over `===` or `---`) after
    /// any blank lines, and the body after it (blank lines after it dropped).
    static func headingTitle(_ body: String) -> (String, String)? {
        var lines = LineReader(body)
        var first = lines.next()
        while let line = first, line.trimmingCharacters(in: .whitespaces).isEmpty { first = lines.next() }
        guard let first else { return nil }
        let title: String
        if first.hasPrefix("# ") {
            var text = Substring(first.dropFirst(2).trimmingCharacters(in: .whitespaces))
            if let closing = text.range(of: #"(^|\s)#+$"#, options: .regularExpression) { text = text[..<closing.lowerBound] }
            title = text.trimmingCharacters(in: .whitespaces)
        } else if let underline = lines.next()?.trimmingCharacters(in: .whitespaces),
                  (!underline.isEmpty && underline.allSatisfy { $0 == "=" }) || (underline.count >= 3 && underline.allSatisfy { $0 == "-" }),
                  !first.hasPrefix(" "), !first.hasPrefix("\t") {
            title = first.trimmingCharacters(in: .whitespaces)
        } else {
            return nil
        }
        guard !title.isEmpty else { return nil }
        return (title, droppingLeadingBlankLines(lines.rest))
    }

    /// The first non-blank line as a title, and the rest (leading blank lines dropped).
    /// Also `echo text | notes add`'s rule.
    package static func firstLineTitle(_ body: String) -> (String, String)? {
        var lines = LineReader(body)
        while let line = lines.next() {
            let title = line.trimmingCharacters(in: .whitespaces)
            if !title.isEmpty { return (title, droppingLeadingBlankLines(lines.rest)) }
        }
        return nil
    }

    private static func droppingLeadingBlankLines(_ text: String) -> String {
        var lines = LineReader(text)
        var rest = text
        while let line = lines.next(), line.trimmingCharacters(in: .whitespaces).isEmpty { rest = lines.rest }
        return rest
    }
}
