import Foundation
import NotesModel

/// Which notes each commit applied to a store's `contents` touched, from the sequence the
/// contents were read at: so that sync can ask which notes changed after a commit it
/// exported (`NotesStore.notesChanged(after:)`) without comparing every note.
struct NoteTouches {
    /// The sequence `contents` was read at (a snapshot's, or 0 for a new store): commits
    /// up to it are folded in and cannot be told apart.
    private(set) var start = 0
    /// The commits applied since `start`, oldest first.
    private(set) var commits: [Commit] = []

    /// A commit's sequence and the notes it touched.
    typealias Commit = (sequence: Int, notes: [UUID])

    /// Starts again for contents read (or rewritten whole) at `sequence`.
    mutating func reset(at sequence: Int) {
        start = sequence
        commits = []
    }

    /// Records the notes `changes`, committed as `sequence`, touch.
    mutating func record(_ changes: [StoreChange], sequence: Int) {
        var notes: [UUID] = []
        for change in changes {
            switch change {
            case .putNote(let note): notes.append(note.id)
            case .deleteNote(let id), .trashNote(let id, _), .restoreNote(let id): notes.append(id)
            case .putCategory, .setRecentColors, .trashCategory, .deleteCategory, .putImportSource, .dropImportSource: break
            }
        }
        commits.append((sequence, notes))
    }

    /// The notes touched by commits after `sequence`, or nil when they cannot be told
    /// (`sequence` is before `start`, or after every commit known).
    func notes(after sequence: Int, current: Int) -> Set<UUID>? {
        guard sequence >= start, sequence <= current else { return nil }
        var notes = Set<UUID>()
        for commit in commits.reversed() {
            guard commit.sequence > sequence else { break }
            notes.formUnion(commit.notes)
        }
        return notes
    }
}

extension NotesStore {
    /// The number of the last commit `contents` holds: a position to ask
    /// `notesChanged(after:)` about later, in this process or another.
    public var committedSequence: Int { sequence }

    /// Names the snapshot file this store read its contents from (device, inode and size): a
    /// compaction or a store put in place by another program gives another name.
    public var snapshotFileName: String? { snapshotIdentity.map { "\($0.device):\($0.inode):\($0.size)" } }

    /// The ids of the notes that commits after `sequence` put, trashed, restored or deleted,
    /// or nil when this store cannot tell: its contents were read from a snapshot written
    /// after that commit (a compaction folded it in), or it has not seen that commit.
    /// Category changes are not in it: they change notes without naming them.
    public func notesChanged(after sequence: Int) -> Set<UUID>? {
        touches.notes(after: sequence, current: self.sequence)
    }
}
