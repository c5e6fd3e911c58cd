import Foundation

/// Reads one Markdown file into an `ExchangeBundle`.
///
/// With a front matter, its fields are used (see `MarkdownExchange`); missing ones
/// get defaults: a new id, the file's modification date, kind `note`. Without one,
/// a first line `# Heading` is the title (and is removed from the body), else the
/// file name is; the rest is the body.
struct MarkdownNoteReader {
    let file: String
    let fileTitle: String
    let modified: Date?

    func read(_ text: String, into bundle: inout ExchangeBundle) throws(ExchangeError) {
        let matter: FrontMatter
        var body: String
        do {
            if let (parsed, rest) = try FrontMatter.split(text) {
                matter = parsed
                body = rest
            } else {
                matter = FrontMatter()
                body = text
            }
        } catch {
            throw .invalidDocument(file: file, place: "front matter line \(error.line)", reason: error.reason)
        }
        var title = matter.text("title")?.trimmingCharacters(in: .whitespaces) ?? ""
        if title.isEmpty {
            (title, body) = Self.headingTitle(body) ?? (fileTitle, body)
        }
        let fallbackDate = ISODate.rounded(modified ?? Date())
        let created = try date("created", in: matter) ?? fallbackDate
        let updated = try date("updated", in: matter) ?? created
        var kind = NoteKind.note
        if let name = matter.text("kind"), !name.isEmpty {
            guard let parsed = NoteKind(name: name) else { throw fail("kind", "unknown kind '\(name)'") }
            kind = parsed
        }
        var id = UUID()
        if let text = matter.text("id"), !text.isEmpty {
            guard let parsed = UUID(uuidString: text) else { throw fail("id", "'\(text)' is not a UUID") }
            id = parsed
        }
        var categoryID: UUID?
        if let name = matter.text("category"), !name.trimmingCharacters(in: .whitespaces).isEmpty {
            var color: SerializableColor?
            if let text = matter.text("category-color"), !text.isEmpty {
                do { color = try MarkdownColor.parse(text) } catch { throw fail("category-color", error.description) }
            }
            let wantedID = matter.text("category-id").flatMap(UUID.init(uuidString:))
            categoryID = bundle.categoryID(named: name, color: color, id: wantedID)
        }
        let tags = Set((matter.list("tags") ?? []).compactMap(Tag.normalize))
        var attachments: [AttachmentPath] = []
        for path in matter.list("attachments") ?? [] {
            do { attachments.append(try AttachmentPath(path)) } catch { throw fail("attachments", error.description) }
        }
        let deleted = try date("deleted", in: matter)  // a note exported from the trash goes back there
        bundle.notes.append(Note(id: id, title: title, body: body, created: created, updated: updated,
                                 categoryID: categoryID, tags: tags, kind: kind, attachments: attachments, deleted: deleted))
    }

    private func fail(_ key: String, _ reason: String) -> ExchangeError {
        .invalidDocument(file: file, place: "front matter '\(key)'", reason: reason)
    }

    private func date(_ key: String, in matter: FrontMatter) throws(ExchangeError) -> Date? {
        guard let text = matter.text(key), !text.isEmpty else { return nil }
        guard let date = ISODate.parse(text) else { throw fail(key, "'\(text)' is not an ISO 8601 date-time") }
        guard Note.isStorable(date) else { throw fail(key, "'\(text)' is outside the years the store keeps (0001 to 5170)") }
        return date
    }

    /// The text of a first line `# Heading` and the body after it (leading blank lines dropped).
    static func headingTitle(_ body: String) -> (String, String)? {
        let firstLine = body.prefix { $0 != "\n" && $0 != "\r\n" }
        guard firstLine.hasPrefix("# ") else { return nil }
        let title = firstLine.dropFirst(2).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return nil }
        var rest = body.dropFirst(firstLine.count)
        while rest.first == "\n" || rest.first == "\r\n" { rest = rest.dropFirst() }
        return (title, String(rest))
    }
}
