import Foundation
import NotesJSON
import NotesColor
import NotesModel

/// A category color archive that could not be read: its stored text, written back
/// unchanged as long as the category still has the placeholder color object
/// (compared by identity, so a rename keeps it and a recolor replaces it).
struct PreservedColor {
    let storedText: String
    let placeholder: SerializableColor
}

/// A category as decoded, with what to remember when its color archive was bad.
struct DecodedCategory {
    var category: Category
    var preserved: PreservedColor?
    var warning: StoreWarning?
}

/// Writes and reads one note or category in the store's JSON layout. Shared by
/// the snapshot (pretty) and the journal (compact). Dates are seconds since
/// 2001-01-01T00:00:00Z, Core Data's reference date, as exact JSON numbers.
struct RecordCodec {
    let transformers: StoreTransformers

    // MARK: Writing

    /// Writes `note`; without its `body` member when `withBody` is false (a journal
    /// line's note that keeps the body it has, see `JournalEntry.keptBodies`).
    /// A body still in the snapshot that does not check (see `SnapshotString`) is never
    /// written: it throws, naming the note and the place.
    func write(_ note: Note, withBody: Bool = true, to writer: inout JSONTextWriter) throws(StoreError) {
        if withBody, case .inSnapshot(let string) = note.bodyStorage, let damage = string.damage {
            throw damage.refusal(toWrite: note)
        }
        writer.beginObject()
        writer.key("id"); writer.string(note.id)
        writer.key("title"); writer.string(note.title)
        if withBody {
            writer.key("body")
            var copied = false
            if writer.escaping == .minimal, case .inSnapshot(let string) = note.bodyStorage {
                copied = string.withRawBytes { writer.checkedString($0) } != nil
            }
            if !copied { writer.string(note.body) }
        }
        writer.key("created"); writer.number(note.created.timeIntervalSinceReferenceDate)
        writer.key("updated"); writer.number(note.updated.timeIntervalSinceReferenceDate)
        writer.key("category")
        if let category = note.categoryID { writer.string(category) } else { writer.raw("null") }
        writer.key("tags"); writer.inlineStrings(note.tags.sorted())
        writer.key("kind"); writer.integer(note.kind.rawValue)
        writer.key("attachments"); writer.inlineStrings(note.attachments.map(\.relativePath))
        writer.key("deleted"); Self.write(note.deleted, to: &writer)
        // Written only when set: an unpinned note keeps the layout of format 7 and before.
        if note.pinned { writer.key("pinned"); writer.raw("true") }
        // Written only when there are some: a note without aliases keeps the layout of format 8.
        if !note.aliases.isEmpty { writer.key("aliases"); writer.inlineStrings(note.aliases) }
        writer.endObject()
    }

    func write(_ category: Category, preserved: PreservedColor?, to writer: inout JSONTextWriter) throws {
        writer.beginObject()
        writer.key("id"); writer.string(category.id)
        writer.key("name"); writer.string(category.name)
        writer.key("color")
        if let preserved, preserved.placeholder === category.color {
            writer.string(preserved.storedText)
        } else {
            writer.string(try transformers.archive(category.color).base64EncodedString())
        }
        writer.key("deleted"); Self.write(category.deleted, to: &writer)
        writer.endObject()
    }

    /// A date as seconds since the reference date, or `null`.
    static func write(_ date: Date?, to writer: inout JSONTextWriter) {
        if let date { writer.number(date.timeIntervalSinceReferenceDate) } else { writer.raw("null") }
    }

    // MARK: Reading

    private static let noteKeys = ["id", "title", "body", "created", "updated", "category", "tags", "kind", "attachments", "deleted", "pinned", "aliases"]
    /// Members a note must have: all but `deleted` (format 3 had none; absent means live),
    /// `pinned` (absent means not pinned) and `aliases` (absent means none).
    private static let requiredNoteFields: UInt16 = (1 << 9) - 1
    /// The bit of `body` among the fields seen (a journal line's note may leave it out).
    private static let bodyFieldBit: UInt16 = 1 << 2
    private static let noteKeyBytes = noteKeys.map { Array($0.utf8) }

    /// The index in `noteKeys` of a member name given as bytes.
    /// `expected` is tried first: the snapshot writes the members in `noteKeys` order.
    private static func noteField(_ key: UnsafeBufferPointer<UInt8>, expected: Int) -> Int? {
        if expected < noteKeyBytes.count {
            let name = noteKeyBytes[expected]
            if name.count == key.count, name.withUnsafeBufferPointer({ $0.elementsEqual(key) }) { return expected }
        }
        for (index, name) in noteKeyBytes.enumerated() where name.count == key.count {
            if name.withUnsafeBufferPointer({ $0.elementsEqual(key) }) { return index }
        }
        return nil
    }

    /// Reads a note in any layout. With `file` (the copied snapshot `reader` reads), a
    /// note in the snapshot's own layout keeps its body there (see `SnapshotFile`). With
    /// `checkingBodyOnly`, the body is checked as reading it would, but left empty.
    func readNote(_ reader: inout JSONReader, in file: SnapshotFile? = nil,
                  checkingBodyOnly: Bool = false, tagSets: TagSetCache? = nil) throws(JSONError) -> Note {
        var hasBody = true
        let start = reader.position
        let note = try readNote(&reader, in: file, checkingBodyOnly: checkingBodyOnly, tagSets: tagSets, bodyMayBeKept: &hasBody)
        guard hasBody else { throw reader.error("a note without member 'body'", at: start) }
        return note
    }

    /// `readNote`, where a note without `body` is read with an empty body and
    /// `bodyMayBeKept` set to false (a journal line's note that keeps its body).
    func readNote(_ reader: inout JSONReader, in file: SnapshotFile? = nil, checkingBodyOnly: Bool = false,
                  tagSets: TagSetCache? = nil, bodyMayBeKept hasBody: inout Bool) throws(JSONError) -> Note {
        reader.skipWhitespace()
        if let note = readSnapshotNote(&reader, in: file, tagSets: tagSets) { return note }
        let start = reader.position
        var id = Self.placeholderID
        var title = ""
        var body = ""
        var created = Date(timeIntervalSinceReferenceDate: 0)
        var updated = created
        var categoryID: UUID?
        var tags = Set<String>()
        var kind = NoteKind.note
        var attachments: [AttachmentPath] = []
        var deleted: Date?
        var pinned = false
        var aliases: [String] = []
        var seen: UInt16 = 0
        var next = 0
        try reader.readObjectRaw { (reader: inout JSONReader, key: UnsafeBufferPointer<UInt8>) throws(JSONError) in
            guard let field = Self.noteField(key, expected: next) else {
                throw reader.error("unknown member '\(String(decoding: key, as: UTF8.self))' in a note")
            }
            guard seen & (1 << field) == 0 else { throw reader.error("member '\(Self.noteKeys[field])' appears twice") }
            seen |= 1 << field
            next = field + 1
            switch field {
            case 0: id = try Self.readUUID(&reader)
            case 1: title = try reader.readString()
            case 2:
                if checkingBodyOnly { _ = try reader.scanString() } else { body = try reader.readString() }
            case 3: created = try Self.readDate(&reader)
            case 4: updated = try Self.readDate(&reader)
            case 5: categoryID = try reader.readNull() ? nil : try Self.readUUID(&reader)
            case 6: tags = try Self.readTags(&reader)
            case 7: kind = try Self.readKind(&reader)
            case 8: attachments = try Self.readAttachments(&reader)
            case 9: deleted = try Self.readOptionalDate(&reader)
            case 10: pinned = try reader.readBool()
            default: aliases = try Self.readStrings(&reader)
            }
        }
        hasBody = seen & Self.bodyFieldBit != 0
        let required = Self.requiredNoteFields & ~Self.bodyFieldBit
        if seen & required != required,
           let missing = Self.noteKeys.indices.first(where: { required & (1 << $0) != 0 && seen & (1 << $0) == 0 }) {
            throw reader.error("a note without member '\(Self.noteKeys[missing])'", at: start)
        }
        return Note(id: id, title: title, body: body, created: created, updated: updated,
                    categoryID: categoryID, tags: tags, kind: kind, attachments: attachments, deleted: deleted,
                    pinned: pinned, aliases: aliases)
    }

    /// `capacity`: room for that many tags made at once (a set grown tag by tag hashes
    /// its tags again at each growth); any count is read.
    static func readTags(_ reader: inout JSONReader, capacity: Int = 0) throws(JSONError) -> Set<String> {
        var tags = Set<String>(minimumCapacity: capacity)
        try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
            tags.insert(try reader.readString())
        }
        return tags
    }

    static func readAttachments(_ reader: inout JSONReader) throws(JSONError) -> [AttachmentPath] {
        var attachments: [AttachmentPath] = []
        try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
            reader.skipWhitespace()
            let start = reader.position
            let text = try reader.readString()
            do throws(ModelError) { attachments.append(try AttachmentPath(text)) } catch {
                throw reader.error(error.description, at: start)
            }
        }
        return attachments
    }

    /// A category as it stands in the file, its color archive not yet opened.
    struct CategoryFields: Sendable {
        var id: UUID
        var name: String
        var colorText: String
        var deleted: Date?
    }

    func readCategory(_ reader: inout JSONReader) throws(JSONError) -> DecodedCategory {
        decodeColor(of: try readCategoryFields(&reader))
    }

    func readCategoryFields(_ reader: inout JSONReader) throws(JSONError) -> CategoryFields {
        reader.skipWhitespace()
        let start = reader.position
        var id: UUID?
        var name: String?
        var colorText: String?
        var deleted: Date?
        var seenDeleted = false
        try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
            switch key {
            case "id" where id == nil: id = try Self.readUUID(&reader)
            case "name" where name == nil: name = try reader.readString()
            case "color" where colorText == nil:
                colorText = try reader.readString()
            case "deleted" where !seenDeleted:
                seenDeleted = true
                deleted = try Self.readOptionalDate(&reader)
            case "id", "name", "color", "deleted": throw reader.error("member '\(key)' appears twice")
            default: throw reader.error("unknown member '\(key)' in a category")
            }
        }
        guard let id, let name, let colorText else {
            let missing = id == nil ? "id" : name == nil ? "name" : "color"
            throw reader.error("a category without member '\(missing)'", at: start)
        }
        return CategoryFields(id: id, name: name, colorText: colorText, deleted: deleted)
    }

    /// Opens a category's color archive; one that cannot be read becomes white, its text kept.
    func decodeColor(of fields: CategoryFields) -> DecodedCategory {
        do {
            guard let data = Data(base64Encoded: fields.colorText) else { throw ArchiveProblem("it is not base64") }
            let color = try transformers.unarchive(data)
            return DecodedCategory(category: Category(id: fields.id, name: fields.name, color: color, deleted: fields.deleted))
        } catch {
            let reason = (error as? TransformerError)?.reason ?? "\(error)"
            let placeholder = SerializableColor.unreadable(reason: reason, archive: Data(base64Encoded: fields.colorText))
            let warning = StoreWarning("category '\(fields.name)': its color archive could not be read (\(reason)); shown as white, stored bytes kept")
            return DecodedCategory(
                category: Category(id: fields.id, name: fields.name, color: placeholder, deleted: fields.deleted),
                preserved: PreservedColor(storedText: fields.colorText, placeholder: placeholder),
                warning: warning)
        }
    }

    /// Not a real id: what a note has until its `id` member is read (`UUID()` costs a system call).
    static let placeholderID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    static func readUUID(_ reader: inout JSONReader) throws(JSONError) -> UUID {
        reader.skipWhitespace()
        let start = reader.position
        guard let id = try reader.readUUID() else {
            let text = String(decoding: reader.bytes[(start + 1)..<max(start + 1, reader.position - 1)], as: UTF8.self)
            throw reader.error("'\(text)' is not a UUID", at: start)
        }
        return id
    }

    /// Seconds since 2001-01-01 UTC; limited to about ±3,000 years.
    static func readDate(_ reader: inout JSONReader) throws(JSONError) -> Date {
        reader.skipWhitespace()
        let start = reader.position
        let seconds = try reader.readDouble()
        guard abs(seconds) < Note.storableSecondsLimit else { throw reader.error("date \(seconds) is out of range", at: start) }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// `null` or a date (see `readDate`).
    static func readOptionalDate(_ reader: inout JSONReader) throws(JSONError) -> Date? {
        try reader.readNull() ? nil : try readDate(&reader)
    }

    func readRecentColors(_ reader: inout JSONReader) throws(JSONError) -> [RGB8] {
        reader.skipWhitespace()
        let start = reader.position
        let text = try reader.readString()
        guard let data = Data(base64Encoded: text) else { throw reader.error("recent colors are not base64", at: start) }
        do { return try transformers.unpackColors(data) } catch { throw reader.error("\(error)", at: start) }
    }
}

/// A color archive that is not even base64.
struct ArchiveProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
