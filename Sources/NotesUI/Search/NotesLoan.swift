import Foundation
import NotesCore

/// The store's notes, lent to the thread that builds the search text in the background
/// (`NoteIndex`, `.inBackground`), which reads them a slice at a time. A commit takes them
/// back first (`NoteIndex.releaseNotes`), so that the store, then their only holder,
/// changes its dictionary in place instead of copying every note (seconds at 1,000,000
/// notes, on the first edit after opening); the index lends the changed notes again after
/// it. A slice the builder reads after a commit reads the newer notes; the changes queued on
/// `PendingSearchText` meanwhile then redo those slots, which gives the same text.
final class NotesLoan: @unchecked Sendable {
    private let condition = NSCondition()
    private var notes: [UUID: Note]?
    private var isOver = false

    init(_ notes: [UUID: Note]) {
        self.notes = notes
    }

    /// Calls `read` with the notes, waiting while they are taken back; nil once the loan is
    /// over (the text is built, or nobody wants it any more).
    func read<Result>(_ read: ([UUID: Note]) -> Result) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isOver { return nil }
            if let notes { return read(notes) }
            condition.wait()
        }
    }

    /// Takes the notes back: waits for a slice being read, then holds no reference to them.
    func takeBack() {
        condition.lock()
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
