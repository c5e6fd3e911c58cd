import Foundation
import Synchronization
import NotesModel

/// The store's notes, lent to the thread that builds the search text in the background
/// (`NoteIndex`, `.inBackground`), which reads them a slice at a time. A commit takes them
/// back first (`NoteIndex.releaseNotes`), so that the store, then their only holder,
/// changes its dictionary in place instead of copying every note (seconds at 1,000,000
/// notes, on the first edit after opening); the index lends the changed notes again after
/// it. A slice the builder reads after a commit reads the newer notes; the changes queued on
/// `PendingSearchText` meanwhile then redo those slots, which gives the same text.
///
/// The builder holds the lock only to look notes up (`read` is short: it copies a slice
/// out and folds it after), and a waiting `takeBack` goes before its next slice: a lock
/// taken again at once by the thread that let it go would otherwise keep the key that
/// commits waiting for as long as the whole build (seconds at 1,000,000 notes).
final class NotesLoan: @unchecked Sendable {
    private let condition = NSCondition()
    private var notes: [UUID: Note]?
    private var isOver = false
    /// How many `takeBack` calls are waiting for the lock; `read` lets them go first.
    private let takersWaiting = Atomic<Int>(0)

    init(_ notes: [UUID: Note]) {
        self.notes = notes
    }

    /// Calls `read` with the notes, waiting while they are taken back (or about to be); nil
    /// once the loan is over (the text is built, or nobody wants it any more). Keep `read`
    /// short: a commit waits for it.
    func read<Result>(_ read: ([UUID: Note]) -> Result) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isOver { return nil }
            if let notes, takersWaiting.load(ordering: .sequentiallyConsistent) == 0 { return read(notes) }
            condition.wait()
        }
    }

    /// Whether a `takeBack` is waiting for the lock (for tests).
    var hasTakerWaiting: Bool { takersWaiting.load(ordering: .sequentiallyConsistent) > 0 }

    /// Takes the notes back: waits for a slice being looked up, then holds no reference to them.
    func takeBack() {
        takersWaiting.add(1, ordering: .sequentiallyConsistent)
        condition.lock()
        takersWaiting.subtract(1, ordering: .sequentiallyConsistent)
        notes = nil
        condition.unlock()
    }

    /// Lends `notes` (the store's, as they are now) until the next `takeBack`.
    func lend(_ notes: [UUID: Note]) {
        condition.lock()
        if !isOver {
            self.notes = notes
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Ends the loan: the builder is done, or the text it builds is no longer wanted.
    func end() {
        condition.lock()
        isOver = true
        notes = nil
        condition.broadcast()
        condition.unlock()
    }
}
