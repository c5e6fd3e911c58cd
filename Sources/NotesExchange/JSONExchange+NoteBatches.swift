import NotesBase
import NotesModel

/// The notes of an export made from their members on another thread, a batch at a time,
/// while the reading thread reads the members of the next batch: the second core is
/// otherwise idle while an export is read, and making a note of its members (dates parsed,
/// tags normalized into a set, attachment paths checked) is a third of reading it. The
/// notes come back in document order, and a bad note is the error only when no note before
/// it is (`JSONExchange.readNotes`).
struct ExportNoteBatches {
    static let batchSize = 2_048

    /// The notes of one batch, in order, up to its first bad note; that note's error.
    struct Made: Sendable {
        var notes: [(note: Note, categoryName: String?)] = []
        var failure: ExchangeError?
    }

    private let file: String
    private var members: [ExportNoteMembers] = []
    private var firstIndex = 0
    private var running: ThreadJob<Made>?

    init(file: String) {
        self.file = file
    }

    /// Adds the members of the note at `index` (indices come in order). When a batch is
    /// full, it starts on another thread, and the batch before it is returned once made.
    mutating func add(_ item: ExportNoteMembers, index: Int) -> Made? {
        if members.isEmpty {
            firstIndex = index
            members.reserveCapacity(Self.batchSize)
        }
        members.append(item)
        guard members.count == Self.batchSize else { return nil }
        let previous = running?.wait()
        let (batch, first, file) = (members, firstIndex, file)
        members = []
        running = ThreadJob(stackSize: 1 << 20) { Self.make(batch, first: first, file: file) }
        return previous
    }

    /// Every batch not returned yet, in order (the last one made on this thread).
    mutating func finish() -> [Made] {
        var made: [Made] = []
        if let previous = running?.wait() { made.append(previous) }
        running = nil
        if !members.isEmpty { made.append(Self.make(members, first: firstIndex, file: file)) }
        members = []
        return made
    }

    private static func make(_ batch: [ExportNoteMembers], first: Int, file: String) -> Made {
        let fail = { (place: String, reason: String) in ExchangeError.invalidDocument(file: file, place: place, reason: reason) }
        var made = Made()
        made.notes.reserveCapacity(batch.count)
        for (offset, item) in batch.enumerated() {
            do throws(ExchangeError) {
                let (note, categoryName) = try JSONExchange.note(from: item, place: { "notes[\(first + offset)]" }, fail: fail)
                made.notes.append((note, categoryName))
            } catch {
                made.failure = error
                break
            }
        }
        return made
    }
}
