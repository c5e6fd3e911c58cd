import Foundation
import NotesJSON
import NotesColor
import NotesModel

/// What a snapshot holds once read.
struct DecodedSnapshot {
    var database: NotesDatabase
    /// The last journal sequence number folded into this snapshot.
    var sequence: Int
    var warnings: [StoreWarning]
    var preserved: [UUID: PreservedColor]
}

/// The snapshot file `notes.json` (format version `StoreSchema.formatVersion`; see docs/store-format.md):
/// a hand-written writer with a fixed key order, one member per line, and a
/// byte-level reader that decodes notes without building a tree.
struct SnapshotCodec {
    let records: RecordCodec
    /// Notes arrays larger than this many bytes are read on two threads.
    let parallelThreshold: Int

    /// Bytes a note takes in the snapshot, for sizing the notes dictionary before reading:
    /// 400 in format 3, plus the 23 of format 4's `"deleted": null` line. A `Dictionary`
    /// allocates a power of two of buckets, so an estimate that gives a few more notes
    /// than the last power of two doubles its memory (at 100,000 notes, about 45 MB).
    static let bytesPerNoteEstimate = 423

    init(transformers: StoreTransformers, parallelThreshold: Int = 4 << 20) {
        records = RecordCodec(transformers: transformers)
        self.parallelThreshold = parallelThreshold
    }

    // MARK: Writing

    /// The snapshot of `database`, whole; `progress` is told the notes written as it goes.
    func encode(_ database: NotesDatabase, sequence: Int, preserved: [UUID: PreservedColor],
                progress: SnapshotProgress? = nil) throws -> [UInt8] {
        var layout = SnapshotLayout()
        return try encode(database, sequence: sequence, preserved: preserved, layout: &layout, progress: progress)
    }

    /// `encode`, noting in `layout` where each note went (what `notes.json.index` needs).
    func encode(_ database: NotesDatabase, sequence: Int, preserved: [UUID: PreservedColor],
                layout: inout SnapshotLayout, progress: SnapshotProgress? = nil) throws -> [UInt8] {
        var output = SnapshotOutput(capacity: Self.estimatedSize(of: database))
        output.progress = progress
        try write(database, sequence: sequence, preserved: preserved, layout: &layout, to: &output)
        return output.writer.bytes
    }

    /// Writes the snapshot of `database` to `output` (which hands it on in pieces when it
    /// has a sink), noting in `layout` where each note went.
    func write(_ database: NotesDatabase, sequence: Int, preserved: [UUID: PreservedColor],
               layout: inout SnapshotLayout, to output: inout SnapshotOutput) throws {
        layout = SnapshotLayout(sequence: sequence)
        output.writer.beginObject()
        output.writer.key("format"); output.writer.string("notes")
        output.writer.key("formatVersion"); output.writer.integer(StoreSchema.formatVersion)
        output.writer.key("modelVersionHashes")
        output.writer.beginObject()
        for (entity, hash) in StoreSchema.modelVersionHashes {
            output.writer.key(entity); output.writer.string(hash)
        }
        output.writer.endObject()
        output.writer.key("sequence"); output.writer.integer(sequence)
        output.writer.key("recentColors")
        output.writer.string(try records.transformers.packColors(database.recentColors).base64EncodedString())
        output.writer.key("categories")
        output.writer.beginArray()
        // Live and deleted categories in one array, live and trashed notes in another:
        // each record's `deleted` member says which it is.
        let categories = (Array(database.categories.values) + Array(database.deletedCategories.values)).sorted {
            (Category.nameKey($0.name), $0.id.uuidString) < (Category.nameKey($1.name), $1.id.uuidString)
        }
        for category in categories {
            output.writer.element()
            try records.write(category, preserved: preserved[category.id], to: &output.writer)
            if category.deleted == nil { layout.liveCategories.insert(category.id) }
        }
        output.writer.endArray()
        output.writer.key("notes")
        output.writer.beginArray()
        layout.noteHead(output.writer.bytes)  // nothing is handed on before the notes
        try writeNotes(database, layout: &layout, to: &output)
        output.writer.endArray()
        if !database.importSources.isEmpty {
            // One source a line, in key order (a store without imports has no member).
            output.writer.key("imports")
            output.writer.beginArray()
            for source in database.importSources.values.sorted(by: { $0.key < $1.key }) {
                output.writer.element()
                var line = JSONTextWriter(pretty: false)
                records.write(source, to: &line)
                output.writer.bytes.append(contentsOf: line.bytes)
                try output.handOnIfFull()
            }
            output.writer.endArray()
        }
        output.writer.endObject()
        output.writer.raw("\n")  // in place: appending to a copy of `bytes` would copy the whole snapshot
        try output.finish()
        layout.size = output.offset
    }

    // MARK: Reading

    /// The `format` and `formatVersion` of a snapshot, read before anything else so
    /// that a newer or older layout is never decoded as this one.
    static func readVersion(_ bytes: [UInt8]) throws(JSONError) -> Int {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> Int in try readVersion(buffer) }
    }

    /// `readVersion` over bytes that stay valid meanwhile (a copied file).
    static func readVersion(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> Int {
        try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) -> Int in
            var format: String?
            var version: Int?
            reader.skipWhitespace()
            let start = reader.position
            // Reads members until both are found; the rest is read by `decode`.
            try reader.expect(UInt8(ascii: "{"), "an object ('{')")
            try reader.enter()
            while format == nil || version == nil {
                guard reader.peek() == UInt8(ascii: "\"") else { break }
                let key = try reader.readString()
                try reader.expect(UInt8(ascii: ":"), "':' after the member name")
                do throws(JSONError) {
                    switch key {
                    case "format": format = try reader.readString()
                    case "formatVersion": version = try reader.readInteger(in: 1...Int(Int32.max))
                    default: try reader.skipValue()
                    }
                } catch { throw error.inside(.key(key)) }
                guard reader.peek() == UInt8(ascii: ",") else { break }
                try reader.expect(UInt8(ascii: ","), "','")
            }
            if format == nil || version == nil { try reader.expect(UInt8(ascii: "}"), "',' or '}' in an object") }
            guard format == "notes" else { throw reader.error("not a notes store: \"format\" is not \"notes\"", at: start) }
            guard let version else { throw reader.error("the store has no \"formatVersion\"", at: start) }
            return version
        }
    }

    func decode(_ bytes: [UInt8]) throws(JSONError) -> DecodedSnapshot {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> DecodedSnapshot in try decode(buffer, file: nil) }
    }

    /// Decodes a copied snapshot, leaving the notes' bodies in it (see `SnapshotFile`).
    /// `noteCount`, when an index that describes this very file gives it, sizes the notes
    /// dictionary exactly (see `notesCapacity`).
    func decode(_ file: SnapshotFile, noteCount: Int? = nil) throws(JSONError) -> DecodedSnapshot {
        try decode(file.bytes, file: file, noteCount: noteCount)
    }

    /// How many notes to make room for before reading the notes array of `bytes`: the
    /// count an index gives, or an estimate from the size. A `Dictionary` allocates a power
    /// of two of buckets, so an estimate past a power of two doubles the table: at
    /// 1,000,000 notes of the benchmark's 800 bytes, the estimate (1.9 million) made a table
    /// of 4 million buckets, 335 MB more than the 2 million the notes need.
    static func notesCapacity(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, noteCount: Int?) -> Int {
        let estimate = (bytes.count - start) / bytesPerNoteEstimate
        guard let noteCount else { return estimate }
        // A note in a snapshot takes well over 64 bytes: a count past that is not believed.
        return min(noteCount, (bytes.count - start) / 64)
    }

    // Long because it is the hot decoder of the whole store, measured by notes-bench: one pass, no calls per key.
    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, file: SnapshotFile?, noteCount: Int? = nil) throws(JSONError) -> DecodedSnapshot {
        try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) -> DecodedSnapshot in
            var sequence: Int?
            var recentColors: [RGB8] = []
            var importSources: [ImportSource] = []
            var categories: [Category] = []
            var notes: [UUID: Note] = [:]
            var warnings: [StoreWarning] = []
            var preserved: [UUID: PreservedColor] = [:]
            var seen = Set<String>(), isOlder = false
            var colors: BackgroundColorDecoding?
            var categoryIDs = Set<UUID>()
            var orphanIDs: [UUID]?
            let start = reader.position
            try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
                guard seen.insert(key).inserted else { throw reader.error("member '\(key)' appears twice") }
                switch key {
                case "format": try reader.skipValue()
                case "formatVersion": isOlder = try reader.readInteger(in: 1...Int(Int32.max)) < StoreSchema.formatVersion
                case "modelVersionHashes":
                    let hashes = try reader.readValue()  // an older format read as it is has its own model's hashes
                    for (entity, hash) in StoreSchema.modelVersionHashes where !isOlder && hashes[entity]?.stringValue != hash {
                        warnings.append(StoreWarning("the store's model version hash for entity '\(entity)' differs from this program's; read as format version \(StoreSchema.formatVersion)"))
                    }
                case "sequence": sequence = try reader.readInteger(in: 0...Int(Int64.max >> 11))
                case "recentColors": recentColors = try records.readRecentColors(&reader)
                case "categories":
                    var ids = Set<UUID>()
                    var names = Set<String>()
                    var fields: [RecordCodec.CategoryFields] = []
                    try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                        reader.skipWhitespace()
                        let at = reader.position
                        let category = try records.readCategoryFields(&reader)
                        guard ids.insert(category.id).inserted else { throw reader.error("duplicate category id \(category.id)", at: at) }
                        guard category.deleted != nil || names.insert(Category.nameKey(category.name)).inserted else {
                            throw reader.error("duplicate category name '\(category.name)'", at: at)
                        }
                        fields.append(category)
                    }
                    categoryIDs = Set(fields.lazy.filter { $0.deleted == nil }.map(\.id))
                    colors = BackgroundColorDecoding(fields, records: records)
                case "notes":
                    // Notes whose category is not in the store are found while the notes are
                    // stored, if the categories came first (as the writer puts them).
                    let check = seen.contains("categories") ? CategoryCheck(knownIDs: categoryIDs) : nil
                    if let parallel = readNotesInParallel(&reader, in: file, checking: check, noteCount: noteCount) {
                        (notes, orphanIDs) = parallel
                        return
                    }
                    notes.reserveCapacity(Self.notesCapacity(bytes, from: reader.position, noteCount: noteCount))
                    TableHugePages.advise(&notes)
                    var orphans: [UUID] = []
                    let tagSets = TagSetCache()
                    try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                        reader.skipWhitespace()
                        let at = reader.position
                        let note = try records.readNote(&reader, in: file, tagSets: tagSets)
                        check?.note(note, orphans: &orphans)
                        guard notes.updateValue(note, forKey: note.id) == nil else {
                            throw reader.error("duplicate note id \(note.id)", at: at)
                        }
                    }
                    if check != nil { orphanIDs = orphans }
                case "imports":
                    var keys = Set<ImportSource.Key>()
                    try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                        reader.skipWhitespace()
                        let at = reader.position
                        let source = try records.readImportSource(&reader)
                        guard keys.insert(source.key).inserted else {
                            throw reader.error("duplicate import source '\(source.key.shown)'", at: at)
                        }
                        importSources.append(source)
                    }
                default: throw reader.error("unknown member '\(key)'")
                }
            }
            try reader.expectEnd()
            guard let sequence else { throw reader.error("the store has no \"sequence\"", at: start) }
            for decoded in colors?.wait() ?? [] {
                categories.append(decoded.category)
                if let kept = decoded.preserved { preserved[decoded.category.id] = kept }
                if let warning = decoded.warning { warnings.append(warning) }
            }
            let liveCategoryIDs = Set(categories.lazy.filter { $0.deleted == nil }.map(\.id))
            if orphanIDs == nil {
                let check = CategoryCheck(knownIDs: liveCategoryIDs)
                var orphans: [UUID] = []
                for note in notes.values { check.note(note, orphans: &orphans) }
                orphanIDs = orphans
            }
            let allCategoryIDs = Set(categories.map(\.id))
            var trash: [UUID: Note] = [:]
            for id in orphanIDs ?? [] {
                guard var note = notes[id] else { continue }
                let known = note.deleted == nil ? liveCategoryIDs : allCategoryIDs
                if let category = note.categoryID, !known.contains(category) {
                    warnings.append(StoreWarning("note '\(note.title)' refers to a missing category; shown uncategorized"))
                    note.categoryID = nil
                }
                if note.deleted == nil {
                    notes[id] = note
                } else {
                    notes[id] = nil
                    trash[id] = note
                }
            }
            let database = NotesDatabase(notesByID: notes, trash: trash, categories: categories, recentColors: recentColors,
                                         importSources: importSources)
            return DecodedSnapshot(
                database: database,
                sequence: sequence, warnings: warnings, preserved: preserved)
        }
    }
}

/// Finds the notes the reader must look at again once all is read: those whose
/// category is not among the store's live categories, and those in the trash.
struct CategoryCheck {
    let knownIDs: Set<UUID>

    func note(_ note: Note, orphans: inout [UUID]) {
        if note.deleted != nil {
            orphans.append(note.id)
        } else if let category = note.categoryID, !knownIDs.contains(category) {
            orphans.append(note.id)
        }
    }
}
