import Glibc
import Foundation
import NotesModel

/// How a commit reaches the disk (`NotesStore.commit(writing:derivedFrom:)`).
public enum CommitWriting: Sendable {
    /// One journal line appended and synced: every commit's way, whose cost does not grow
    /// with the store.
    case journalLine
    /// A fresh snapshot (and its index) holding the store with the commit in it, put in
    /// place by one atomic rename, then the journal emptied: for a bulk import, whose
    /// journal line would be as large as a snapshot and folded into one right after.
    case snapshot
}

extension NotesStore {
    /// Applies `changes` to the contents, checking each as it goes (the model's rules, once),
    /// and writes them as a fresh snapshot numbered as the journal line they would have been
    /// (`sequence + 1`): the commit is the rename of that snapshot into place, so a crash
    /// before it leaves the store as it was and after it leaves the commit whole (journal
    /// lines up to the snapshot's number are skipped when read). Under the lock, after
    /// `catchUp`. A change that breaks a rule, an error `applyProgress` throws (Ctrl-C), or a
    /// failure before the rename, reads the store again from its files and throws; emptying
    /// the journal afterwards is only tidying (a failure there is a warning).
    func writeSnapshotCommit(_ changes: [StoreChange]) throws {
        try refuseIfPartial()
        try setAsideJournalTail()
        do { try applyChanges(changes) } catch {
            try loadAll()
            throw error
        }
        forgetReplacedColors(changes)
        sequence += 1
        touches.record(changes, sequence: sequence)  // for the snapshot's ledger (`CompactionLedger`)
        do { try writeSnapshot() } catch {
            try loadAll()  // the files say whether the snapshot was put in place
            throw error
        }
        guard journalFD >= 0 else { return }
        guard ftruncate(journalFD, 0) == 0, fdatasync(journalFD) == 0 else {
            warn("\(journalPath): could not be emptied after the import was written (\(DurableFile.errnoText())); its lines are older than the snapshot and are skipped")
            return
        }
        journalOffset = 0
        journalLines = 0
        CompactionFailure.clear(for: url)
    }

    /// Applies `changes` to the contents one at a time, room made first, telling
    /// `applyProgress` at the first change, every `SnapshotOutput.progressStep` and at the end.
    private func applyChanges(_ changes: [StoreChange]) throws {
        contents.reserveRoom(for: changes)
        let total = changes.count
        for (index, change) in changes.enumerated() {
            if index % SnapshotOutput.progressStep == 0 { try applyProgress?(index, total) }
            try contents.apply(change)
        }
        try applyProgress?(total, total)
    }
}

/// How far a snapshot commit's apply has come: changes applied so far, of all of them; an
/// error thrown stops the commit with nothing written.
public typealias ApplyProgress = (_ applied: Int, _ total: Int) throws -> Void
