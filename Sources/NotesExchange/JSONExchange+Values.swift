import Foundation
import NotesBase
import NotesJSON
import NotesColor
import NotesModel
import NotesStore

/// The values of an export as they are read: a category, its color, a note, an id, a date.
extension JSONExchange {
    /// A category of the export. Its color comes from `color`; from `archive` when that
    /// holds the same color (so the archive's bytes are kept) or when there is no `color`.
    static func readCategory(
        _ item: JSONValue, place: String, into bundle: inout ExchangeBundle, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) {
        guard let name = item["name"]?.stringValue else { throw fail(place + ".name", "missing or not a string") }
        var color: SerializableColor?
        if let value = item["color"], !value.isNull {
            if let text = value["archive"]?.stringValue {
                color = try archivedColor(text, place: place + ".color.archive", fail: fail)
            } else {
                do { color = try JSONOutput.color(from: value) } catch { throw fail(place + ".color", "\(error)") }
            }
        }
        if let text = item["archive"]?.stringValue, let data = Data(base64Encoded: text) {
            if let archived = try? ColorArchive.unarchive(data), color == nil || archived == color {
                color = archived
            } else if item["color"]?["unreadable"]?.boolValue == true {
                // Exported from a store that could not read it either: keep the bytes, still white.
                color = .unreadable(reason: item["color"]?["reason"]?.stringValue ?? "the archive could not be read", archive: data)
            }
        }
        let id = try uuid(item["id"], place: place + ".id", fail: fail)
        _ = bundle.categoryID(named: name, color: color ?? .white, id: id)
    }

    /// The color of a `{"archive": "<base64>"}` color: any archive the store reads (ours, an
    /// `NSColor` or `UIColor`); one that cannot be read is an error naming its class.
    static func archivedColor(
        _ text: String, place: String, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> SerializableColor {
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { throw fail(place, "not base64") }
        do { return try ColorArchive.unarchive(data) } catch { throw fail(place, error.description) }
    }

    /// A note of the export, and the name of its category. `place` (`notes[N]`) is made
    /// only for an error.
    static func note(
        from item: ExportNoteMembers, place: () -> String, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> (Note, String?) {
        guard let title = item.title?.stringValue else { throw fail(place() + ".title", "missing or not a string") }
        let id = try uuid(item.id, place: place() + ".id", fail: fail) ?? UUID()
        let body = item.body?.stringValue ?? ""
        let created = try date(item.created, place: place() + ".created", fail: fail) ?? ISODate.rounded(Date())
        let updated = try date(item.updated, place: place() + ".updated", fail: fail) ?? created
        var categoryName: String?
        if let value = item.category, !value.isNull {
            guard let name = value.stringValue else { throw fail(place() + ".category", "not a string or null") }
            categoryName = name
        }
        var tags = Set<String>()
        for (tagIndex, tag) in (item.tags?.arrayValue ?? []).enumerated() {
            guard let text = tag.stringValue, let name = Tag.normalize(text) else {
                throw fail(place() + ".tags[\(tagIndex)]", "not a tag name")
            }
            tags.insert(name)
        }
        var kind = NoteKind.note
        if let value = item.kind, !value.isNull {
            guard let name = value.stringValue, let parsed = NoteKind(name: name) else {
                throw fail(place() + ".kind", "unknown kind (expected one of \(NoteKind.allCases.map(\.name).joined(separator: ", ")))")
            }
            kind = parsed
        }
        var attachments: [AttachmentPath] = []
        for (pathIndex, path) in (item.attachments?.arrayValue ?? []).enumerated() {
            do {
                guard let text = path.stringValue else { throw ModelError.attachmentOutsideStore("(not a string)") }
                attachments.append(try AttachmentPath(text))
            } catch { throw fail(place() + ".attachments[\(pathIndex)]", "\(error)") }
            if let last = attachments.last, let reason = AttachmentOwnership.problem(last, noteID: id) {
                throw fail(place() + ".attachments[\(pathIndex)]", reason)
            }
        }
        let deleted = try date(item.deleted, place: place() + ".deleted", fail: fail)
        var pinned = false
        if let value = item.pinned, !value.isNull {
            guard let flag = value.boolValue else { throw fail(place() + ".pinned", "not true or false") }
            pinned = flag
        }
        var aliases: [String] = []
        for (aliasIndex, alias) in (item.aliases?.arrayValue ?? []).enumerated() {
            guard let text = alias.stringValue else { throw fail(place() + ".aliases[\(aliasIndex)]", "not a string") }
            aliases.append(text)
        }
        return (Note(id: id, title: title, body: body, created: created, updated: updated, categoryID: nil, tags: tags,
                     kind: kind, attachments: attachments, deleted: deleted, pinned: pinned, aliases: aliases), categoryName)
    }

    static func uuid(
        _ value: JSONValue?, place: @autoclosure () -> String, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> UUID? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, let id = JSONReader.uuid(text) else { throw fail(place(), "not a UUID") }
        return id
    }

    static func date(
        _ value: JSONValue?, place: @autoclosure () -> String, fail: (String, String) -> ExchangeError
    ) throws(ExchangeError) -> Date? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, let date = ISODate.parse(text) else {
            throw fail(place(), "not an ISO 8601 date-time")
        }
        guard Note.isStorable(date) else { throw fail(place(), "'\(text)' is outside the years the store keeps (0001 to 5170)") }
        return date
    }
}
