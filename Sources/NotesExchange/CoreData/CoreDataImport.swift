import Foundation
import NotesBase
import NotesColor
import NotesModel

/// Reads the notes and categories of a notes app's Core Data SQLite store (the model this
/// product is modelled on: `Note` with `title`, `contents`, `createdAt`, `updatedAt`,
/// `category`; `Category` with `name`, `colorAsHex`, `notes`), read-only on a private copy
/// (`CoreDataStoreCopy`).
///
/// The entities are found by their names and columns (`CoreDataModel`), or named with
/// `--map` (`CoreDataMapping`); a store whose notes cannot be found is refused with the
/// entities and attributes it has. Dates are seconds since 2001-01-01 UTC, Core Data's
/// reference date. A category's color is `colorAsHex` (missing or empty: `FFFFFF`), a
/// transformable archive (anything `ColorArchive` reads) or a compact blob (3 bytes a color).
/// Ids are made from the store's UUID and each row's `Z_PK`, so importing again adds nothing.
public enum CoreDataImport {
    /// Whether the file at `path` starts like an SQLite database (`SQLite format 3\0`).
    public static func isSQLite(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return SQLiteReader.isDatabase(header: (try? handle.read(upToCount: 16)) ?? Data())
    }

    /// The notes and categories of the store at `path` (`shown` names it in messages), and warnings.
    public static func read(path: String, shown: String, mapping: CoreDataMapping = CoreDataMapping(),
                            now: Date = Date()) throws(ExchangeError) -> (bundle: ExchangeBundle, warnings: [String]) {
        let copy = try CoreDataStoreCopy(of: path)
        defer { copy.remove() }
        let database: SQLiteReader
        do { database = try SQLiteReader(readOnly: copy.database.path) } catch {
            throw .invalidDocument(file: shown, place: "store", reason: "SQLite cannot open it: \(error.reason)")
        }
        let model = try CoreDataModel(database, file: shown)
        var reader = CoreDataRowReader(database: database, model: model, mapping: mapping, file: shown, now: now)
        return try reader.read()
    }
}

/// One import of a Core Data store: finds the entities and columns, then reads the rows.
struct CoreDataRowReader {
    let database: SQLiteReader
    let model: CoreDataModel
    let mapping: CoreDataMapping
    let file: String
    let now: Date
    var warnings: [String] = []
    var bundle = ExchangeBundle()

    init(database: SQLiteReader, model: CoreDataModel, mapping: CoreDataMapping, file: String, now: Date) {
        self.database = database
        self.model = model
        self.mapping = mapping
        self.file = file
        self.now = now
    }

    static let noteNames = ["Note", "Notes", "Memo", "Entry", "Item"]
    static let categoryNames = ["Category", "Categories", "Folder", "Group", "Notebook", "Tag"]
    static let candidates: [String: [String]] = [
        "note.title": ["title", "name", "headline", "subject"],
        "note.body": ["contents", "content", "body", "text", "note"],
        "note.created": ["createdAt", "created", "creationDate", "dateCreated", "date", "timestamp"],
        "note.updated": ["updatedAt", "updated", "modifiedAt", "modified", "modificationDate", "dateModified", "lastModified"],
        "category.name": ["name", "title"],
        "category.color": ["colorAsHex", "colorHex", "hexColor", "hex", "color", "colorData", "colour"],
    ]

    private func fail(_ reason: String) -> ExchangeError { .invalidDocument(file: file, place: "store", reason: reason) }

    private func refuse(_ what: String) -> ExchangeError {
        fail("\(what); this Core Data model is not one notes knows. Found: \(model.summary.isEmpty ? "no entities" : model.summary). "
            + "Say which is which with --map (note=ENTITY, note.title=ATTRIBUTE, note.body=…, category=…, category.color=…)")
    }

    private func entity(_ key: String, names: [String], required: (CoreDataModel.Entity) -> Bool) throws(ExchangeError) -> CoreDataModel.Entity? {
        if let name = mapping.entities[key] {
            guard let entity = model.entity(named: name) else { throw refuse("--map \(key)=\(name): there is no entity '\(name)'") }
            return entity
        }
        for name in names { if let entity = model.entity(named: name), required(entity) { return entity } }
        return nil
    }

    /// The column of `key` (`note.title`) in `entity`: the mapped attribute, else the first candidate it has.
    private func column(_ key: String, in entity: CoreDataModel.Entity) throws(ExchangeError) -> String? {
        if let name = mapping.attributes[key] {
            guard let column = entity.column(name) else {
                throw refuse("--map \(key)=\(name): entity \(entity.name) has no attribute '\(name)'")
            }
            return column
        }
        return Self.candidates[key, default: []].lazy.compactMap { entity.column($0) }.first
    }

    mutating func read() throws(ExchangeError) -> (bundle: ExchangeBundle, warnings: [String]) {
        let hasTitle = { (entity: CoreDataModel.Entity) in (Self.candidates["note.title"] ?? []).contains { entity.column($0) != nil } }
        guard let note = try entity("note", names: Self.noteNames, required: hasTitle)
            ?? model.entities.first(where: { entity in hasTitle(entity) && (Self.candidates["note.body"] ?? []).contains { entity.column($0) != nil } })
        else { throw refuse("no entity holds notes (a title and a body)") }
        guard let titleColumn = try column("note.title", in: note) else { throw refuse("entity \(note.name) has no title attribute") }
        let bodyColumn = try column("note.body", in: note)
        if bodyColumn == nil {
            warnings.append("entity \(note.name) has no body attribute notes knows (it has \(note.attributeNames.joined(separator: ", "))); "
                + "the notes are imported without bodies: say which with --map note.body=ATTRIBUTE")
        }

        let category = try entity("category", names: Self.categoryNames) { $0.number != note.number && $0.column("name") != nil }
        var categoryIDs: [Int64: UUID] = [:]
        var relationship: String?
        if let category {
            categoryIDs = try readCategories(category)
            if let name = mapping.attributes["note.category"] {
                guard let found = note.column(name) else { throw refuse("--map note.category=\(name): entity \(note.name) has no relationship '\(name)'") }
                relationship = found
            } else {
                relationship = note.column(category.name) ?? note.column("category") ?? note.column("folder")
            }
        }
        try readNotes(note, title: titleColumn, body: bodyColumn, category: relationship, categoryIDs: categoryIDs)
        return (bundle, warnings)
    }

    private func rows(_ entity: CoreDataModel.Entity, _ columns: [String?]) throws(ExchangeError) -> [[SQLiteReader.Value]] {
        func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let list = (["Z_PK"] + columns.map { $0 ?? "NULL" }).map { $0 == "NULL" ? $0 : quoted($0) }.joined(separator: ", ")
        let filter = entity.columns.contains("Z_ENT") ? " WHERE Z_ENT IN (\(entity.numbers.map(String.init).joined(separator: ", ")))" : ""
        do {
            return try database.rows("SELECT \(list) FROM \(quoted(entity.table))\(filter) ORDER BY Z_PK")
        } catch { throw fail("the rows of \(entity.name) cannot be read: \(error.reason)") }
    }

    private func stableID(_ entity: CoreDataModel.Entity, _ key: Int64) -> UUID {
        StableNoteID.make(relativePath: "\(key):\(entity.name):coredata:\(model.storeUUID)", source: [UInt8]())
    }

    private mutating func readCategories(_ entity: CoreDataModel.Entity) throws(ExchangeError) -> [Int64: UUID] {
        let nameColumn = try column("category.name", in: entity)
        let colorColumn = try column("category.color", in: entity)
        var ids: [Int64: UUID] = [:]
        for row in try rows(entity, [nameColumn, colorColumn]) {
            guard let key = row[0].integer else { continue }
            let name = row[1].text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let shownName = name.isEmpty ? "\(entity.name) \(key)" : name
            if name.isEmpty { warnings.append("\(entity.name) \(key) has no name; imported as '\(shownName)'") }
            let color = self.color(row[2], category: shownName)
            ids[key] = bundle.categoryID(named: shownName, color: color, id: stableID(entity, key))
        }
        return ids
    }

    /// A category's color from its column: hex text, an archive, or a compact blob.
    private mutating func color(_ value: SQLiteReader.Value, category name: String) -> SerializableColor {
        switch value {
        case .null:
            return .white
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return .white }
            if let color = try? SerializableColor(hex: trimmed) { return color }
            warnings.append("category '\(name)': its color '\(text)' is not a hex color (\(SerializableColor.hexForms)); white is used")
            return .white
        case .blob(let data):
            if data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)) || TypedStreamColor.isTypedStream(data) {
                do {
                    let (color, note) = try ColorArchive.read(data)
                    if let note { warnings.append("category '\(name)': \(note)") }
                    return color
                } catch {
                    warnings.append("category '\(name)': its color archive could not be read (\(error)); shown as white, the archive is kept")
                    return .unreadable(reason: error.description, archive: data)
                }
            }
            if !data.isEmpty, data.count % 3 == 0 {
                let bytes = [UInt8](data.prefix(3))
                if data.count > 3 { warnings.append("category '\(name)': its color blob holds \(data.count / 3) colors; the first is used") }
                return SerializableColor(RGB8(red: bytes[0], green: bytes[1], blue: bytes[2]))
            }
            warnings.append("category '\(name)': its color is \(data.count) bytes, neither an archive nor 3 bytes a color; white is used")
            return .white
        case .integer, .real:
            warnings.append("category '\(name)': its color is a number, not a color; white is used")
            return .white
        }
    }

    private mutating func readNotes(_ entity: CoreDataModel.Entity, title: String, body: String?, category: String?,
                                    categoryIDs: [Int64: UUID]) throws(ExchangeError) {
        let created = try column("note.created", in: entity), updated = try column("note.updated", in: entity)
        for row in try rows(entity, [title, body, created, updated, category]) {
            guard let key = row[0].integer else { continue }
            let text = row[2].text ?? ""
            var noteTitle = (row[1].text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if noteTitle.isEmpty {
                noteTitle = text.split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
                if noteTitle.isEmpty { noteTitle = "Untitled" }
                warnings.append("\(entity.name) \(key) has no title; imported as '\(noteTitle)'")
            }
            let createdDate = date(row[3], "\(entity.name) \(key)", "created")
            let updatedDate = date(row[4], "\(entity.name) \(key)", "updated")
            let first = createdDate ?? updatedDate ?? ISODate.rounded(now)
            var note = Note(id: stableID(entity, key), title: noteTitle, body: text, created: first,
                            updated: max(updatedDate ?? first, first))
            if let pk = row[5].integer {
                if let id = categoryIDs[pk] { note.categoryID = id } else {
                    warnings.append("\(entity.name) \(key) refers to a category that is not in the store; imported uncategorized")
                }
            }
            bundle.notes.append(note)
        }
    }

    /// Seconds since 2001-01-01 UTC; nil (with a warning when something was there) otherwise.
    private mutating func date(_ value: SQLiteReader.Value, _ place: String, _ what: String) -> Date? {
        if case .null = value { return nil }
        guard let seconds = value.real, seconds.isFinite, abs(seconds) < Note.storableSecondsLimit else {
            warnings.append("\(place): its \(what) date cannot be read; another date is used")
            return nil
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}
