import NotesBase
import NotesJSON
import NotesModel

/// A large export's notes read on threads beside the one reading the file: the reading
/// thread only finds where each note ends (`JSONStream.withRawValue`) and copies its bytes
/// into a batch; each batch is read into notes on a thread of its own (`ThreadJob`), at
/// most `inFlight` at once, and their notes are added in the file's order. Any failure
/// (a bad note, a bad document, a value too large) gives up the whole read: the caller
/// reads the file again one note at a time (`JSONExchange.read(file:progress:stream:)`),
/// which gives the error the place it has always had.
extension JSONExchange {
    /// Notes a batch holds: about 2 MB of the bench's export.
    public static let parallelBatchNotes = 2048
    /// Batches read at once on threads of their own.
    static let inFlight = 2

    /// Reads a document from the streams `stream` makes: first with its notes read on other
    /// threads; if anything fails, again from a new stream, one note at a time, for the
    /// error (the same bundle or error as `read(_:file:progress:)` on one stream).
    /// `batchNotes`: the notes a batch holds.
    public static func read(file: String, progress: ((Int) -> Void)? = nil, batchNotes: Int = parallelBatchNotes,
                            stream: () -> JSONStream) throws(ExchangeError) -> ExchangeBundle {
        var first = stream()
        if let bundle = try? read(&first, file: file, progress: progress, batchNotes: max(1, batchNotes)) { return bundle }
        var again = stream()
        return try read(&again, file: file, progress: progress)
    }

    /// One batch of notes' bytes, each note's end in `ends`.
    private struct Batch: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var count: Int { ends.count }

        /// Each note made from its bytes with its category's name; nil when any fails (the
        /// error is dropped: the document is read again for it).
        func notes() -> [(Note, String?)]? {
            var notes: [(Note, String?)] = []
            notes.reserveCapacity(count)
            let fail = { (place: String, reason: String) in ExchangeError.invalidDocument(file: "", place: place, reason: reason) }
            return bytes.withUnsafeBufferPointer { all -> [(Note, String?)]? in
                var start = 0
                for end in ends {
                    let value = UnsafeBufferPointer(rebasing: all[start..<end])
                    start = end
                    do {
                        let item = try JSONReader.read(value) { (reader: inout JSONReader) throws(JSONError) in
                            let item = try ExportNoteMembers.read(&reader)
                            try reader.expectEnd()
                            return item
                        }
                        notes.append(try note(from: item, place: { "notes" }, fail: fail))
                    } catch { return nil }
                }
                return notes
            }
        }
    }

    /// The `notes` array of an export, read in batches on other threads (see above); a
    /// note's category is found as `readNotes` finds it. Throws on any failure.
    static func readNotesInParallel(_ stream: inout JSONStream, into bundle: inout ExchangeBundle,
                                    pending: inout [(note: Int, name: String)], sawCategories: Bool, batchNotes: Int,
                                    progress: ((Int) -> Void)?, fail: (String, String) -> ExchangeError,
                                    stop: (ExchangeError) -> JSONError) throws(JSONError) {
        var jobs: [ThreadJob<[(Note, String?)]?>] = []
        var batch = Batch()
        func add(_ notes: [(Note, String?)]?) throws(JSONError) {
            guard let notes else { throw stop(fail("notes", "a note could not be read")) }
            for (note, categoryName) in notes {
                bundle.notes.append(note)
                guard let categoryName else { continue }
                if sawCategories {
                    bundle.notes[bundle.notes.count - 1].categoryID = bundle.categoryID(named: categoryName)
                } else {
                    pending.append((bundle.notes.count - 1, categoryName))
                }
            }
        }
        func start() throws(JSONError) {
            if jobs.count == inFlight { try add(jobs.removeFirst().wait()) }
            let full = batch
            batch = Batch()
            batch.bytes.reserveCapacity(full.bytes.count + full.bytes.count / 4)
            jobs.append(ThreadJob(stackSize: 1 << 20) { full.notes() })
        }
        try stream.readArray { (stream: inout JSONStream, _: Int) throws(JSONError) in
            try stream.withRawValue { bytes in
                batch.bytes.append(contentsOf: bytes)
                batch.ends.append(batch.bytes.count)
            }
            progress?(stream.bytesRead)
            if batch.count == batchNotes { try start() }
        }
        if batch.count > 0 { try start() }
        for job in jobs { try add(job.wait()) }
    }
}
