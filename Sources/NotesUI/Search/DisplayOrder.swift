import Foundation
import NotesModel

/// Sorting the note list (`NoteListOrder`: pinned notes first, then by the config's
/// `list.sort`).
///
/// Building the index sorts compact `(key, slot)` entries rather than notes
/// (`ListKeySort`, the sort of `notes list` too): the key (`NoteListOrder.key`) is a
/// `UInt64`, so most comparisons never touch a note; only entries with equal keys are
/// compared by `NoteListOrder.tieBreak`.
enum DisplayOrder {
    /// One note to sort: its date key and where its note is.
    typealias Entry = ListKeySort.Entry

    /// Sorts `entries` into display order: by key, and runs of equal keys by
    /// `precedes` (title, then id).
    static func sort(_ entries: inout [Entry], precedes: (UInt32, UInt32) -> Bool) {
        ListKeySort.sort(&entries, precedes: precedes)
    }
}
