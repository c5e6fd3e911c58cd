import Foundation

/// Reads one Markdown or plain-text note file into an `ExchangeBundle`.
///
/// - The front matter is YAML (`---`, read by Yams) or TOML (`+++`); keys are compared
///   case-insensitively (see `DECISIONS.md` for the full list).
/// - The title is `title`, else a first `# Heading` or setext heading (removed from the
///   body), else the first of `aliases`, else the file name. In a `.txt` file it is the
///   first line.
/// - Tags come from `tags` (a list, or one string split at commas and blanks), the
///   categories after the first, and `#tags` in the body (`InlineTags`).
/// - One final line break of the file is dropped: the export adds one to every file.
/// - Missing dates are the file's modification date; missing ids are `stableID`.
struct MarkdownNoteReader {
    enum Style { case markdown, text }

    /// The file as shown in messages (its path relative to what was imported).
    let file: String
    let fileTitle: String
    let modified: Date?
    /// The id of a note whose header has none (see `StableNoteID`).
    let stableID: UUID
    var style = Style.markdown
    var dates = ImportDate()

    func read(_ text: String, into bundle: inout ExchangeBundle) throws(ExchangeError) {
        let (header, rawBody) = try split(text)
        var body = Self.droppingFinalLineBreak(rawBody)
        var title = try self.text(header.entry("title")) ?? ""
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if style == .text {
                (title, body) = Self.firstLineTitle(body) ?? (fileTitle, body)
            } else if let (heading, rest) = Self.headingTitle(body) {
                (title, body) = (heading, rest)
            } else if let alias = try list(header.entry("aliases", "alias")).first(where: { !$0.isEmpty }) {
                title = alias
            } else {
                title = fileTitle
            }
        }
        let fallbackDate = dateInFileName() ?? ISODate.rounded(modified ?? Date())
        let created = try date(header.entry("created", "date")) ?? fallbackDate
        let updated = try date(header.entry("updated", "modified", "lastmod", "last_modified_at")) ?? created

        var kind = NoteKind.note
        if let name = try self.text(header.entry("kind")), !name.isEmpty {
            guard let parsed = NoteKind(name: name) else { throw fail(header.entry("kind"), "unknown kind '\(name)'") }
            kind = parsed
        }
        let id = try self.text(header.entry("id")).flatMap(Self.uuid) ?? stableID

        var categories = try list(header.entry("category", "categories"))
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let categoryName = categories.isEmpty ? nil : categories.removeFirst()
        var color: SerializableColor?
        if let text = try self.text(header.entry("category-color")), !text.isEmpty {
            do { color = try MarkdownColor.parse(text) } catch { throw fail(header.entry("category-color"), error.description) }
        }
        let wantedCategoryID = try self.text(header.entry("category-id")).flatMap(UUID.init(uuidString:))

        var tags: Set<String>
        if let exact = header.entry("notes-tags") {
            tags = Set(try list(exact).compactMap(Tag.normalize))
        } else {
            tags = Set((try list(header.entry("tags", "tag", "keywords")) + categories + InlineTags.find(in: body))
                .compactMap(Tag.normalize))
        }
        var attachments: [AttachmentPath] = []
        for path in try list(header.entry("attachments")) {
            do { attachments.append(try AttachmentPath(path)) } catch { throw fail(header.entry("attachments"), error.description) }
        }
        let categoryID = categoryName.map { bundle.categoryID(named: $0, color: color, id: wantedCategoryID) }
        let deleted = try date(header.entry("deleted"))  // a note exported from the trash goes back there
        bundle.notes.append(Note(id: id, title: title, body: body, created: created, updated: updated,
                                 categoryID: categoryID, tags: tags, kind: kind, attachments: attachments, deleted: deleted))
    }

    // MARK: Header

    private func split(_ text: String) throws(ExchangeError) -> (NoteHeader, String) {
        guard style == .markdown else { return (NoteHeader(), Self.withoutBOM(text)) }
        do {
            if let yaml = try YAMLFrontMatter.split(text) { return (NoteHeader(yaml: yaml), yaml.body) }
            if let (header, body) = try TOMLFrontMatter.split(text) { return (header, body) }
        } catch where error.line == 1 {
            // An opening `---` or `+++` that is never closed: a thematic break, not a header.
        } catch {
            throw .invalidDocument(file: file, place: "front matter line \(error.line)", reason: error.reason)
        }
        return (NoteHeader(), Self.withoutBOM(text))
    }

    private func fail(_ entry: NoteHeader.Entry?, _ reason: String) -> ExchangeError {
        guard let entry else { return .invalidDocument(file: file, place: "front matter", reason: reason) }
        return .invalidDocument(file: file, place: "line \(entry.line), '\(entry.key)'", reason: reason)
    }

    /// A single value; nil when the key is missing or empty.
    private func text(_ entry: NoteHeader.Entry?) throws(ExchangeError) -> String? {
        guard let entry else { return nil }
        switch entry.value {
        case .text(let text): return text
        case .empty: return nil
        case .list(let items) where items.count <= 1: return items.first
        case .list, .nested: throw fail(entry, "expected a single value")
        }
    }

    /// A list, or one text split at commas and blanks (`tags: tokyo, food`).
    private func list(_ entry: NoteHeader.Entry?) throws(ExchangeError) -> [String] {
        guard let entry else { return [] }
        switch entry.value {
        case .list(let items): return items
        case .text(let text): return text.split { $0 == "," || $0.isWhitespace }.map(String.init)
        case .empty: return []
        case .nested: throw fail(entry, "expected a list of names")
        }
    }

    private func date(_ entry: NoteHeader.Entry?) throws(ExchangeError) -> Date? {
        guard let text = try self.text(entry), !text.isEmpty else { return nil }
        guard let date = dates.parse(text) else {
            throw fail(entry, "'\(text)' is not a date (2024-03-15, 2024-03-15 10:30, 2024-03-15T10:30:00+01:00 or Unix seconds)")
        }
        guard Note.isStorable(date) else { throw fail(entry, "'\(text)' is outside the years the store keeps (0001 to 5170)") }
        return date
    }

    /// The date a file name starts with, as Jekyll posts and daily notes are named
    /// (`2024-01-02-welcome`, `2024-03-15`): local midnight of that day.
    private func dateInFileName() -> Date? {
        let prefix = String(fileTitle.prefix(10))
        guard prefix.count == 10, fileTitle.count == 10 || !(fileTitle.dropFirst(10).first?.isNumber ?? false),
              let date = dates.parse(prefix), Note.isStorable(date)
        else { return nil }
        return date
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

    /// The first non-blank line as a title, and the rest.
    static func firstLineTitle(_ body: String) -> (String, String)? {
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
