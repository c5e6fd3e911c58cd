import Foundation
import NotesBase
import NotesJSON
import NotesColor
import NotesModel
import NotesStore

/// Reads notes' own Markdown format (`MarkdownExchange.document`) exactly: the file says
/// so in its first header line, `notes-format: "notes-markdown/1"`.
///
/// The layout is fixed: `---` and a line break, one `key: value` a line, `---` and a line
/// break, the body byte for byte, one final line break (which is not the body's). A value
/// is a JSON string or a JSON array of strings (read by the project's JSON reader: exact,
/// escapes decoded, nothing else allowed), or a bare token of letters, digits and
/// `- : . + _` (dates, ids, the kind). Every key is known and appears at most once; every
/// field of the note comes from its key, nothing from the body or the file's name.
/// Anything else is an error naming the line, never a guess.
public struct ExactMarkdownReader: Sendable {
    public static let formatKey = "notes-format"
    public static let formatName = "notes-markdown"
    public static let version = 1
    /// The value of `formatKey` the export writes.
    public static var formatValue: String { "\(formatName)/\(version)" }

    /// Every key of the format, in the order the export writes them.
    static let keys: [String] = [formatKey, "title", "date", "updated", "tags", "notes-tags", "category", "category-id",
                                 "category-color", "category-archive", "kind", "id", "deleted", "pinned", "aliases", "attachments",
                                 "notes-links"]

    /// A note as read, with its category (name, id and color) when it has one.
    public struct Document: Sendable {
        public var note: Note
        public var category: Category?
    }

    /// The file as shown in messages.
    public let file: String
    /// Whether an attachment outside the note's own folder is refused (`AttachmentOwnership`):
    /// so for an import; a synced file may name its original's files (a conflict copy).
    public var ownAttachmentsOnly = false

    public init(file: String) {
        self.file = file
    }

    /// Whether `bytes` start as a file of this format: `---`, a line break, `notes-format: `.
    public static func isExactFormat<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.starts(with: Array("---\n\(formatKey): ".utf8))
    }

    /// Reads one file. With `requireFormatKey` false, a file without `notes-format` is read
    /// with the same rules (sync's files written before the key existed have this layout).
    public func read(_ data: Data, requireFormatKey: Bool = true) throws(ExchangeError) -> Document {
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .invalidDocument(file: file, place: "file", reason: "not UTF-8 text")
        }
        let (fields, bodyStart) = try header(bytes)
        if let unknown = fields.filter({ !Self.keys.contains($0.key) }).min(by: { $0.value.line < $1.value.line }) {
            throw fail("line \(unknown.value.line)", "'\(unknown.key)' is not a key of notes' exact Markdown format "
                + "(remove the '\(Self.formatKey)' line to read the file as other Markdown)")
        }
        let reader = FieldReader(fields: fields, file: file)
        if let format = try reader.string(Self.formatKey) {
            try checkFormat(format, line: fields[Self.formatKey]?.line ?? 1)
        } else if requireFormatKey {
            throw fail("line 2", "the first key is not '\(Self.formatKey)': not notes' exact Markdown format")
        }
        guard bytes.last == 0x0A, bytes.count > bodyStart else {
            throw fail("end of file", "the file does not end with the line break the export adds after the body")
        }
        let body = try storedBody(String(decoding: bytes[bodyStart..<(bytes.count - 1)], as: UTF8.self), reader)

        let title = try reader.required(reader.string("title"), "title")
        let created = try reader.required(reader.date("date"), "date")
        let updated = try reader.required(reader.date("updated"), "updated")
        let exportedTags = try reader.required(reader.strings("tags"), "tags")
        let tags = try reader.strings("notes-tags") ?? exportedTags
        let kindName = try reader.required(reader.token("kind"), "kind")
        guard let kind = NoteKind(name: kindName), kind.name == kindName else {
            throw reader.fail("kind", "unknown kind '\(kindName)'")
        }
        let id = try reader.required(reader.uuid("id"), "id")
        let deleted = try reader.date("deleted")
        let pinned = try reader.flag("pinned")
        var attachments: [AttachmentPath] = []
        for path in try reader.strings("attachments") ?? [] {
            do { attachments.append(try AttachmentPath(path)) } catch { throw reader.fail("attachments", error.description) }
            if ownAttachmentsOnly, let last = attachments.last, let reason = AttachmentOwnership.problem(last, noteID: id) {
                throw reader.fail("attachments", reason)
            }
        }
        var category: Category?
        if let name = try reader.string("category") {
            let categoryID = try reader.required(reader.uuid("category-id"), "category-id")
            let colorText = try reader.required(reader.string("category-color"), "category-color")
            var color: SerializableColor
            do { color = try MarkdownColor.parse(colorText) } catch { throw reader.fail("category-color", error.description) }
            // The archive the color was read from elsewhere, kept byte for byte when it holds this color.
            if let text = try reader.string("category-archive") {
                guard let data = Data(base64Encoded: text) else { throw reader.fail("category-archive", "not base64") }
                if let archived = try? ColorArchive.unarchive(data), archived == color { color = archived }
            }
            category = Category(id: categoryID, name: name, color: color)
        } else if fields["category-id"] != nil || fields["category-color"] != nil || fields["category-archive"] != nil {
            throw fail("front matter", "'category-id', 'category-color' and 'category-archive' need a 'category'")
        }
        let note = Note(id: id, title: title, body: body, created: created, updated: updated, categoryID: category?.id,
                        tags: Set(tags), kind: kind, attachments: attachments, deleted: deleted,
                        pinned: pinned ?? false, aliases: try reader.strings("aliases") ?? [])
        return Document(note: note, category: category)
    }

    /// The body as stored: the links the export wrote to their files' names (`notes-links`,
    /// see `ExportLinks`) given back their stored bytes.
    private func storedBody(_ body: String, _ reader: FieldReader) throws(ExchangeError) -> String {
        guard let edits = try reader.strings("notes-links") else { return body }
        guard let stored = ExportLinks.restore(body, values: edits) else {
            throw reader.fail("notes-links", "expected 'offset exported stored' for each link (texts in base64), in order")
        }
        return stored
    }

    private func fail(_ place: String, _ reason: String) -> ExchangeError {
        .invalidDocument(file: file, place: place, reason: reason)
    }

    private func checkFormat(_ value: String, line: Int) throws(ExchangeError) {
        let prefix = Self.formatName + "/"
        guard value.hasPrefix(prefix), let found = Int(value.dropFirst(prefix.count)), found >= 1 else {
            throw fail("line \(line), '\(Self.formatKey)'", "'\(value)' is not \(prefix)<version>")
        }
        guard found <= Self.version else { throw .unsupportedVersion(file: file, found: found, supported: Self.version) }
    }

    /// The header's fields by key, and where the body starts.
    private func header(_ bytes: [UInt8]) throws(ExchangeError) -> ([String: Field], Int) {
        guard bytes.starts(with: Array("---\n".utf8)) else {
            throw fail("line 1", "the file does not start with '---' and a line break")
        }
        var fields: [String: Field] = [:]
        var position = 4
        var line = 1
        while true {
            line += 1
            guard let end = bytes[position...].firstIndex(of: 0x0A) else {
                throw fail("line \(line)", "the header is not closed by a '---' line")
            }
            let text = bytes[position..<end]
            position = end + 1
            if text.elementsEqual("---".utf8) { return (fields, position) }
            guard let colon = text.firstIndex(of: UInt8(ascii: ":")), text.index(after: colon) < text.endIndex,
                  text[text.index(after: colon)] == UInt8(ascii: " ")
            else { throw fail("line \(line)", "expected 'key: value'") }
            let key = String(decoding: text[..<colon], as: UTF8.self)
            guard !key.isEmpty, key.utf8.allSatisfy({ (0x61...0x7A).contains($0) || $0 == 0x2D }) else {
                throw fail("line \(line)", "'\(key)' is not a key of notes' exact Markdown format")
            }
            guard fields[key] == nil else { throw fail("line \(line)", "'\(key)' appears twice") }
            let value = try self.value(text[(colon + 2)...], line: line, key: key)
            fields[key] = Field(value: value, line: line)
        }
    }

    /// A JSON string or array, or a bare token.
    private func value(_ bytes: ArraySlice<UInt8>, line: Int, key: String) throws(ExchangeError) -> JSONValue {
        guard let first = bytes.first else { throw fail("line \(line), '\(key)'", "no value") }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "[") {
            do { return try JSONValue.parse(Array(bytes)) } catch {
                throw fail("line \(line), '\(key)'", "not a JSON string or list: \(error.reason)")
            }
        }
        let isToken = bytes.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || "-:.+_".utf8.contains($0)
        }
        guard isToken else { throw fail("line \(line), '\(key)'", "expected a quoted string, a [list] or a bare date, id or kind") }
        return .number(String(decoding: bytes, as: UTF8.self))  // a bare token, kept as written
    }

    struct Field {
        let value: JSONValue
        let line: Int
    }

    /// Takes fields by key and type.
    private struct FieldReader {
        let fields: [String: Field]
        let file: String

        func fail(_ key: String, _ reason: String) -> ExchangeError {
            .invalidDocument(file: file, place: "line \(fields[key]?.line ?? 1), '\(key)'", reason: reason)
        }

        func required<T>(_ value: T?, _ key: String) throws(ExchangeError) -> T {
            guard let value else { throw .invalidDocument(file: file, place: "front matter", reason: "no '\(key)'") }
            return value
        }

        private func take(_ key: String) -> JSONValue? { fields[key]?.value }

        func string(_ key: String) throws(ExchangeError) -> String? {
            guard let value = take(key) else { return nil }
            guard case .string(let text) = value else { throw fail(key, "expected a quoted string") }
            return text
        }

        func strings(_ key: String) throws(ExchangeError) -> [String]? {
            guard let value = take(key) else { return nil }
            guard case .array(let items) = value else { throw fail(key, "expected a [list] of quoted strings") }
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw fail(key, "expected a [list] of quoted strings") }
                texts.append(text)
            }
            return texts
        }

        func token(_ key: String) throws(ExchangeError) -> String? {
            guard let value = take(key) else { return nil }
            guard case .number(let text) = value else { throw fail(key, "expected a bare value, not quoted") }
            return text
        }

        /// A bare `true` or `false`.
        func flag(_ key: String) throws(ExchangeError) -> Bool? {
            guard let text = try token(key) else { return nil }
            guard text == "true" || text == "false" else { throw fail(key, "'\(text)' is not true or false") }
            return text == "true"
        }

        func date(_ key: String) throws(ExchangeError) -> Date? {
            guard let text = try token(key) else { return nil }
            guard let date = ISODate.parse(text) else { throw fail(key, "'\(text)' is not an ISO 8601 date-time") }
            guard Note.isStorable(date) else { throw fail(key, "'\(text)' is outside the years the store keeps (0001 to 5170)") }
            return date
        }

        func uuid(_ key: String) throws(ExchangeError) -> UUID? {
            guard let text = try token(key) else { return nil }
            guard let id = UUID(uuidString: text) else { throw fail(key, "'\(text)' is not a UUID") }
            return id
        }
    }
}
