import Foundation

/// The JSON export: one self-contained document, documented in `Resources/docs/json-output.md`.
///
///     {"format": "notes-export", "version": 1, "exported": "…",
///      "categories": [<category>…], "notes": [<note>…]}
///
/// Categories and notes use the `--json` encodings of `JSONOutput`.
public enum JSONExchange {
    public static let formatName = "notes-export"
    public static let version = 1

    /// The export document of everything in `database`.
    public static func document(of database: NotesDatabase, exportedAt: Date = Date()) -> JSONValue {
        let bundle = ExchangeBundle(database)
        var counts: [UUID: Int] = [:]
        for note in bundle.notes {
            if let id = note.categoryID { counts[id, default: 0] += 1 }
        }
        return .object([
            ("format", .string(formatName)),
            ("version", .integer(version)),
            ("exported", .string(ISODate.format(exportedAt))),
            ("categories", .array(bundle.categories.map { JSONOutput.category($0, noteCount: counts[$0.id] ?? 0) })),
            ("notes", .array(bundle.notes.map { JSONOutput.note($0, in: database) })),
        ])
    }

    /// Reads an export document. `file` names it in errors.
    public static func read(_ data: Data, file: String) throws(ExchangeError) -> ExchangeBundle {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw .invalidDocument(file: file, place: error.place, reason: error.reason)
        }
        func fail(_ place: String, _ reason: String) -> ExchangeError {
            .invalidDocument(file: file, place: place, reason: reason)
        }
        guard root["format"]?.stringValue == formatName else {
            throw fail("format", "not a notes export (expected \"format\": \"\(formatName)\")")
        }
        guard let found = root["version"]?.intValue else { throw fail("version", "missing or not an integer") }
        guard found <= version else { throw .unsupportedVersion(file: file, found: found, supported: version) }

        var bundle = ExchangeBundle()
        for (index, item) in (root["categories"]?.arrayValue ?? []).enumerated() {
            let place = "categories[\(index)]"
            guard let name = item["name"]?.stringValue else { throw fail(place + ".name", "missing or not a string") }
            var color = SerializableColor.white
            if let value = item["color"], !value.isNull {
                do { color = try JSONOutput.color(from: value) } catch { throw fail(place + ".color", "\(error)") }
            }
            let id = try uuid(item["id"], place: place + ".id", fail: fail)
            _ = bundle.categoryID(named: name, color: color, id: id)
        }
        guard let notes = root["notes"]?.arrayValue else { throw fail("notes", "missing or not an array") }
        for (index, item) in notes.enumerated() {
            bundle.notes.append(try note(from: item, place: "notes[\(index)]", bundle: &bundle, fail: fail))
        }
        return bundle
    }

    private static func note(
        from item: JSONValue, place: String, bundle: inout ExchangeBundle, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> Note {
        guard let title = item["title"]?.stringValue else { throw fail(place + ".title", "missing or not a string") }
        let id = try uuid(item["id"], place: place + ".id", fail: fail) ?? UUID()
        let body = item["body"]?.stringValue ?? ""
        let created = try date(item["created"], place: place + ".created", fail: fail) ?? ISODate.rounded(Date())
        let updated = try date(item["updated"], place: place + ".updated", fail: fail) ?? created
        var categoryID: UUID?
        if let value = item["category"], !value.isNull {
            guard let name = value.stringValue else { throw fail(place + ".category", "not a string or null") }
            categoryID = bundle.categoryID(named: name)
        }
        var tags = Set<String>()
        for (tagIndex, tag) in (item["tags"]?.arrayValue ?? []).enumerated() {
            guard let text = tag.stringValue, let name = Tag.normalize(text) else {
                throw fail(place + ".tags[\(tagIndex)]", "not a tag name")
            }
            tags.insert(name)
        }
        var kind = NoteKind.note
        if let value = item["kind"], !value.isNull {
            guard let name = value.stringValue, let parsed = NoteKind(name: name) else {
                throw fail(place + ".kind", "unknown kind (expected one of \(NoteKind.allCases.map(\.name).joined(separator: ", ")))")
            }
            kind = parsed
        }
        var attachments: [AttachmentPath] = []
        for (pathIndex, path) in (item["attachments"]?.arrayValue ?? []).enumerated() {
            do {
                guard let text = path.stringValue else { throw ModelError.attachmentOutsideStore("(not a string)") }
                attachments.append(try AttachmentPath(text))
            } catch { throw fail(place + ".attachments[\(pathIndex)]", "\(error)") }
        }
        return Note(id: id, title: title, body: body, created: created, updated: updated,
                    categoryID: categoryID, tags: tags, kind: kind, attachments: attachments)
    }

    private static func uuid(
        _ value: JSONValue?, place: String, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> UUID? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, let id = UUID(uuidString: text) else { throw fail(place, "not a UUID") }
        return id
    }

    private static func date(
        _ value: JSONValue?, place: String, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> Date? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, let date = ISODate.parse(text) else {
            throw fail(place, "not an ISO 8601 date-time")
        }
        guard Note.isStorable(date) else { throw fail(place, "'\(text)' is outside the years the store keeps (0001 to 5170)") }
        return date
    }
}
