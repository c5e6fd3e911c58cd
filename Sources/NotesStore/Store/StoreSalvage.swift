import Foundation
import NotesJSON
import NotesModel

/// Reads whatever can be read of a store, noting every problem with its place.
/// Never throws for bad content; used by `StoreDoctor` to examine and to salvage.
struct StoreSalvage {
    let url: URL
    let codec: SnapshotCodec
    let journalCodec: JournalCodec
    var database = NotesDatabase()
    var sequence = 0
    var preserved: [UUID: PreservedColor] = [:]
    var problems: [DoctorProblem] = []
    /// Set when the snapshot is from a newer format: nothing else is read.
    var tooNew: Int?
    var snapshotExists = false
    var journalExists = false
    /// Told how far reading has come (`SalvageProgress.reading`), in bytes of the snapshot
    /// and the journal together.
    var progress: ((SalvageProgress) -> Void)?
    private var total = 0
    private var done = 0

    init(url: URL, transformers: StoreTransformers) {
        self.url = url
        codec = SnapshotCodec(transformers: transformers)
        journalCodec = JournalCodec(records: codec.records)
    }

    mutating func run(registry: ValueTransformerRegistry) {
        let path = url.path
        total = [path, NotesStore.journalPath(for: url)].reduce(0) { sum, file in
            sum + (((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0)
        }
        do {
            if let bytes = try DurableFile.read(path) {
                snapshotExists = true
                readSnapshot(bytes, registry: registry)
                read(bytes.count)
            }
            guard tooNew == nil else { return }
            if let journal = try DurableFile.read(NotesStore.journalPath(for: url)) {
                journalExists = true
                readJournal(journal)
            }
        } catch {
            problems.append(DoctorProblem(file: path, place: nil, message: "\(error)"))
        }
    }

    /// Counts `bytes` more read and tells `progress`.
    private mutating func read(_ bytes: Int) {
        done += bytes
        total = max(total, done)
        progress?(.reading(done: done, total: total))
    }

    private mutating func problem(_ file: String, _ place: String?, _ message: String) {
        problems.append(DoctorProblem(file: file, place: place, message: message))
    }

    private mutating func readSnapshot(_ bytes: [UInt8], registry: ValueTransformerRegistry) {
        let path = url.path
        var document = bytes
        do {
            let version = try SnapshotCodec.readVersion(bytes)
            if version > StoreSchema.formatVersion {
                tooNew = version
                problem(path, nil, "store format version \(version) is newer than this notes understands (\(StoreSchema.formatVersion)); not examined")
                return
            }
            if version < StoreSchema.formatVersion {
                problem(path, nil, "store format version \(version); opening it migrates it to \(StoreSchema.formatVersion)")
                let tree = try JSONValue.parse(bytes)
                document = try Migrator(registry: registry).migrate(tree, upTo: StoreSchema.formatVersion).jsonBytes(pretty: false)
            }
            let decoded = try codec.decode(document)
            database = decoded.database
            sequence = decoded.sequence
            preserved = decoded.preserved
            for warning in decoded.warnings { problem(path, nil, warning.message) }
        } catch let error as JSONError {
            problem(path, error.place, error.reason)
            scanObjects(bytes)
        } catch {
            problem(path, nil, "\(error)")
            scanObjects(bytes)
        }
    }

    /// Salvages notes and categories from a snapshot that does not parse as a whole:
    /// every `{` that starts a readable note or category object is taken.
    private mutating func scanObjects(_ bytes: [UInt8]) {
        var notes: [UUID: Note] = [:]
        var categories: [UUID: Category] = [:]
        var names = Set<String>()
        var foundSequence = 0
        let codec = self.codec
        let key = Array("\"sequence\":".utf8)
        if let at = (0..<max(0, bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }) {
            foundSequence = (try? JSONReader.read(bytes, from: at + key.count) { (reader: inout JSONReader) throws(JSONError) in
                try reader.readInteger(in: 0...Int(Int64.max >> 11))
            }) ?? 0
        }
        bytes.withUnsafeBufferPointer { buffer in
            // Most tries fail on a damaged store: errors without a line number keep each one
            // cheap (finding the line scans from the start, which made salvage quadratic).
            func reader(at start: Int) -> JSONReader {
                var reader = JSONReader(bytes: buffer, position: start)
                reader.locatesLines = false
                return reader
            }
            var told = 0
            for start in bytes.indices where Self.mayStartObject(bytes, at: start) {
                if start - told >= Self.progressStep {
                    progress?(.reading(done: done + start, total: total))
                    told = start
                }
                var noteReader = reader(at: start)
                if let note = try? codec.records.readNote(&noteReader) {
                    if notes[note.id] == nil { notes[note.id] = note }
                    continue
                }
                var categoryReader = reader(at: start)
                if let decoded = try? codec.records.readCategory(&categoryReader) {
                    let category = decoded.category
                    guard categories[category.id] == nil, names.insert(Category.nameKey(category.name)).inserted else { continue }
                    categories[category.id] = category
                    if let kept = decoded.preserved { preserved[category.id] = kept }
                }
            }
        }
        for (id, note) in notes where note.categoryID.map({ categories[$0] == nil }) ?? false {
            notes[id]?.categoryID = nil
        }
        database = NotesDatabase(notes: Array(notes.values), categories: Array(categories.values))
        sequence = foundSequence
    }

    /// Whether an object with members could start at `start`: `{`, white space, then `"`.
    /// Inside a JSON string a quote is always escaped, so this passes over the braces of
    /// titles and bodies without trying to read them (each failed try costs a scan of
    /// the file for the error's line, which made salvage quadratic in the braces).
    static func mayStartObject(_ bytes: [UInt8], at start: Int) -> Bool {
        guard bytes[start] == UInt8(ascii: "{") else { return false }
        var next = start + 1
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: "\"")
    }

    private mutating func readJournal(_ bytes: [UInt8]) {
        let path = NotesStore.journalPath(for: url)
        var start = 0
        var line = 1
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let end = newline ?? bytes.count
            do throws(JSONError) {
                var entry = try journalCodec.decodeLine(bytes[start..<end])
                if entry.sequence > sequence {
                    do {
                        try entry.fillKeptBodies(from: database)
                        // Checked on a small copy, then applied in place: applying a batch to
                        // the whole database would copy it for every line.
                        try NotesStore.validate(entry.changes, against: database)
                        for change in entry.changes { try database.apply(change) }
                        sequence = entry.sequence
                        preserved.merge(entry.preserved) { _, new in new }
                        // A color archive that came in through the journal is checked like one in the snapshot.
                        for warning in entry.warnings { problem(path, "line \(line)", warning.message) }
                    } catch {
                        problem(path, "line \(line)", "its change cannot be applied: \(error); skipped")
                    }
                }
            } catch {
                if newline == nil || end + 1 == bytes.count {
                    problem(path, "line \(line)", "an interrupted commit (\(error.reason)); it was never reported committed and is ignored")
                } else {
                    problem(path, "line \(line)", "\(error.reason); skipped")
                }
            }
            read(min(end + 1, bytes.count) - start)
            start = end + 1
            line += 1
        }
    }

    /// How many bytes of a damaged snapshot are scanned between two reports.
    static let progressStep = 1 << 20
}

/// How far `StoreDoctor.salvage` has come: reading the store's files (bytes), then writing
/// the new store (notes written of all of them, as `SnapshotProgress` counts them).
public enum SalvageProgress: Sendable, Equatable {
    case reading(done: Int, total: Int)
    case writing(done: Int, total: Int)
}
