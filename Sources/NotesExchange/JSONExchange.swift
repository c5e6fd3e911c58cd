import Foundation
import NotesBase
import NotesJSON
import NotesColor
import NotesModel
import NotesStore

/// The JSON export: one self-contained document, documented in `docs/json-output.md`.
///
///     {"format": "notes-export", "version": 1, "exported": "…",
///      "categories": [<category>…], "notes": [<note>…]}
///
/// Categories and notes use the `--json` encodings of `JSONOutput`.
public enum JSONExchange {
    public static let formatName = "notes-export"
    public static let version = 1

    /// The export document of everything in `database`. With `includeTrash`, the notes
    /// in the trash too, each with one more key `deleted` (import puts them back in the trash).
    /// Each category has its color's secure archive as `archive` (base64) beside `color`.
    /// Throws for a note whose body is damaged in the store (`ExchangeBundle.checkBodies`).
    public static func document(of database: NotesDatabase, exportedAt: Date = Date(),
                                includeTrash: Bool = false) throws(ExchangeError) -> JSONValue {
        let parts = try Parts(database, exportedAt: exportedAt, includeTrash: includeTrash)
        return .object(parts.head + [("notes", .array(parts.notes.map(parts.value(of:))))])
    }

    /// The text of `document(of:exportedAt:includeTrash:)`, pretty-printed, byte for byte
    /// (`jsonBytes()`), written a note at a time: the document of every note is never held
    /// at once (at 1,000,000 notes it would be several times the text).
    /// `progress` is told the notes written so far, and how many there are.
    public static func text(of database: NotesDatabase, exportedAt: Date = Date(), includeTrash: Bool = false,
                            progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(ExchangeError) -> [UInt8] {
        let parts = try Parts(database, exportedAt: exportedAt, includeTrash: includeTrash)
        var writer = JSONTextWriter(pretty: true, escaping: .portable)
        writer.beginObject()
        for (key, value) in parts.head {
            writer.key(key)
            writer.value(value)
        }
        writer.key("notes")
        writer.beginArray()
        for (index, note) in parts.notes.enumerated() {
            writer.element()
            writer.value(parts.value(of: note))
            progress?(index + 1, parts.notes.count)
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// The export's members before `notes`, and each note's value: the one definition of
    /// both the document and its text.
    private struct Parts {
        let head: [(String, JSONValue)]
        let notes: [Note]
        let database: NotesDatabase

        init(_ database: NotesDatabase, exportedAt: Date, includeTrash: Bool) throws(ExchangeError) {
            let bundle = ExchangeBundle(database, includeTrash: includeTrash)
            try bundle.checkBodies()
            var counts: [UUID: Int] = [:]
            for note in bundle.notes {
                if let id = note.categoryID { counts[id, default: 0] += 1 }
            }
            head = [
                ("format", .string(formatName)),
                ("version", .integer(version)),
                ("exported", .string(ISODate.format(exportedAt))),
                ("categories", .array(bundle.categories.map { category in
                    let value = JSONOutput.category(category, noteCount: counts[category.id] ?? 0)
                    guard let archive = try? ColorArchive.archive(category.color) else { return value }
                    return value.setting("archive", to: .string(archive.base64EncodedString()))
                })),
            ]
            notes = bundle.notes
            self.database = database
        }

        func value(of note: Note) -> JSONValue {
            let value = JSONOutput.note(note, in: database)
            return note.deleted.map { value.setting("deleted", to: .string(ISODate.format($0))) } ?? value
        }
    }

    /// The largest note or category an export may hold, as JSON text: the limit is on
    /// each value, never on the file.
    public static let maximumValueSize = 1 << 30

    /// Reads an export document. `file` names it in errors; `progress` is told the bytes
    /// read so far after each note.
    public static func read(_ data: Data, file: String, progress: ((Int) -> Void)? = nil) throws(ExchangeError) -> ExchangeBundle {
        var stream = JSONStream(data: data, maximumValueSize: maximumValueSize)
        return try read(&stream, file: file, progress: progress)
    }

    /// Whether `data` begins as an export writes it, `{"format": "notes-export"`: such a
    /// file is read as an export without first parsing it whole to see what it is.
    public static func beginsAsExport(_ data: Data) -> Bool {
        var bytes = data.prefix(256)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var compact: [UInt8] = []
        var inString = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            if !inString, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            compact.append(byte)
        }
        return compact.starts(with: Array("{\"format\":\"\(formatName)\"".utf8))
    }

    /// Reads an export document from `stream`, one category and one note at a time, so
    /// that a document of any size can be read. `file` names it in errors; `progress` is
    /// told the bytes read so far after each note.
    /// `batchNotes`: the notes are read on other threads that many at a time
    /// (`readNotesInParallel`), and any failure throws without its place
    /// (`read(file:progress:stream:)` reads again for it).
    public static func read(_ stream: inout JSONStream, file: String, progress: ((Int) -> Void)? = nil,
                            batchNotes: Int? = nil) throws(ExchangeError) -> ExchangeBundle {
        func fail(_ place: String, _ reason: String) -> ExchangeError {
            .invalidDocument(file: file, place: place, reason: reason)
        }
        var failure: ExchangeError?
        /// Stops the stream with `error` (the stream's body can only throw `JSONError`).
        func stop(_ error: ExchangeError) -> JSONError {
            failure = error
            return JSONError(reason: "", offset: 0, line: 0, column: 0)
        }
        var bundle = ExchangeBundle()
        var format: JSONValue?, foundVersion: Int?, sawNotes = false, sawCategories = false
        /// Category names of notes read before the categories, resolved once those are in.
        var pendingCategories: [(note: Int, name: String)] = []
        do throws(JSONError) {
            try stream.readObject { (stream: inout JSONStream, key: String) throws(JSONError) in
                switch key {
                case "format":
                    format = try stream.readValue()
                    guard format?.stringValue == formatName else { throw stop(notAnExport(file)) }
                case "version":
                    guard let found = try stream.readValue().intValue else { throw stop(fail("version", "missing or not an integer")) }
                    guard found <= version else { throw stop(.unsupportedVersion(file: file, found: found, supported: version)) }
                    foundVersion = found
                case "categories":
                    sawCategories = true
                    if try stream.peek() == UInt8(ascii: "n") {
                        try stream.skipValue()  // null: no categories
                    } else {
                        try stream.readArray { (stream: inout JSONStream, index: Int) throws(JSONError) in
                            let item = try stream.readValue()
                            do throws(ExchangeError) {
                                try readCategory(item, place: "categories[\(index)]", into: &bundle, fail: fail)
                            } catch { throw stop(error) }
                        }
                    }
                    for (index, name) in pendingCategories { bundle.notes[index].categoryID = bundle.categoryID(named: name) }
                    pendingCategories = []
                case "notes":
                    sawNotes = true
                    try readNotes(&stream, into: &bundle, pending: &pendingCategories, sawCategories: sawCategories,
                                  batchNotes: batchNotes, progress: progress, fail: fail, stop: stop)
                default:
                    try stream.skipValue()
                }
            }
            try stream.expectEnd()
        } catch {
            if let failure { throw failure }
            throw .invalidDocument(file: file, place: error.place, reason: error.reason)
        }
        guard format != nil else { throw notAnExport(file) }
        guard foundVersion != nil else { throw fail("version", "missing or not an integer") }
        guard sawNotes else { throw fail("notes", "missing or not an array") }
        for (index, name) in pendingCategories { bundle.notes[index].categoryID = bundle.categoryID(named: name) }
        return bundle
    }

    /// The `notes` array of an export, one note at a time (or in batches of `batchNotes` on
    /// other threads): a note whose category comes before the categories waits in `pending`
    /// for them. `stop` turns a bad note into the stream's error.
    private static func readNotes(_ stream: inout JSONStream, into bundle: inout ExchangeBundle,
                                  pending: inout [(note: Int, name: String)], sawCategories: Bool, batchNotes: Int?,
                                  progress: ((Int) -> Void)?, fail: (String, String) -> ExchangeError,
                                  stop: (ExchangeError) -> JSONError) throws(JSONError) {
        if let batchNotes {
            return try readNotesInParallel(&stream, into: &bundle, pending: &pending, sawCategories: sawCategories,
                                           batchNotes: batchNotes, progress: progress, fail: fail, stop: stop)
        }
        try stream.readArray { (stream: inout JSONStream, index: Int) throws(JSONError) in
            var item = ExportNoteMembers()
            try stream.readBufferedValue { (reader: inout JSONReader) throws(JSONError) in item = try ExportNoteMembers.read(&reader) }
            do throws(ExchangeError) {
                let (note, categoryName) = try note(from: item, place: { "notes[\(index)]" }, fail: fail)
                bundle.notes.append(note)
                progress?(stream.bytesRead)
                if let categoryName {
                    if sawCategories {
                        bundle.notes[bundle.notes.count - 1].categoryID = bundle.categoryID(named: categoryName)
                    } else {
                        pending.append((bundle.notes.count - 1, categoryName))
                    }
                }
            } catch { throw stop(error) }
        }
    }

    private static func notAnExport(_ file: String) -> ExchangeError {
        .invalidDocument(file: file, place: "format", reason: "not a notes export (expected \"format\": \"\(formatName)\")")
    }
}
