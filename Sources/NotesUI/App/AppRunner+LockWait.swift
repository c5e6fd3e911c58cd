import Foundation
import NotesModel

/// Commits that find the store's lock held by another process: the key returns at
/// once, the list shows the change, and the runner saves it when the lock is free.
extension AppRunner {
    /// The commits waiting for the lock, oldest first: 0 when everything is saved.
    public var pendingCommitCount: Int { pending.count }

    /// Queues edits that must wait for the lock (made at `now`); the list shows them as
    /// if committed, the cursor on `selecting` (else where it is).
    func queue(_ edits: [StoreEdit], now: Date, holder: String?, selecting: UUID?) {
        pending.append(edits, now: now, holder: holder)
        let selected = showingPending(repository.contents)
        guard let waiting = pending.waiting else { return }
        answer(.queued(waiting, keeping: selecting ?? selected))
    }

    /// Tries the queued commits again, oldest first, each resolved against the store as it
    /// is then, under the lock (the queue keeps edits, not records: a change made elsewhere
    /// while they waited stays), and recorded for undo as it goes through; stops at the
    /// first that still finds the lock busy. A commit that fails otherwise (another process
    /// deleted its note meanwhile) is reported and dropped. Returns whether nothing is left waiting.
    @discardableResult
    func savePending() -> Bool {
        guard !pending.isEmpty else { return true }
        let keeping = state.selectedNote(in: snapshot)?.id
        var saved = 0
        var failure: String?
        var met = EditResolution()
        while let waiting = pending.first {
            var step: UndoStep?
            do {
                try repository.commit(derivedFrom: { caughtUp in
                    let resolution = try StoreEdit.resolve(waiting.edits, in: caughtUp, now: waiting.now)
                    step = UndoStep.before(resolution.changes, in: caughtUp)
                    met.outcomes += resolution.outcomes
                    return resolution.changes
                })
            } catch let locked as any LockContention where locked.lockHolder != nil {
                let holder = locked.lockHolder ?? ""
                pending.stillBusy(holder: holder)
                break
            } catch {
                failure = "\(error)"
                pending.removeFirst()
                continue
            }
            pending.removeFirst()
            if let step { record(step) }
            saved += 1
        }
        if saved > 0 || failure != nil { _ = showingPending(repository.contents) }
        answer(.triedWaiting(saved: saved, met: met, failure: failure, waiting: pending.waiting, keeping: keeping))
        return pending.isEmpty
    }

    /// Makes the snapshot `database` with the queued commits on top; returns the note the
    /// cursor was on, for `update` to keep it there.
    private func showingPending(_ database: NotesDatabase) -> UUID? {
        let selected = state.selectedNote(in: snapshot)?.id
        let early = snapshot.wholeCounts  // during an early start: still the first notes only
        snapshot = NotesSnapshot(pending.overlaid(on: database), searchText: .inBackground,
                                 order: snapshot.index.listOrder)
        snapshot.wholeCounts = early
        return selected
    }

    /// At the end of input, queued commits are still saved: tries again (every 100 ms)
    /// for up to `endOfInputWaitSeconds`, then says on stderr what was not saved.
    func saveBeforeEnd() {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.endOfInputWaitSeconds * 1e9)
        while !savePending() && DispatchTime.now().uptimeNanoseconds < deadline { usleep(100_000) }
        guard let waiting = pending.waiting else { return }
        FileHandle.standardError.write(Data("notes: \(waiting.message); they were not saved\n".utf8))
    }

    /// How long the end of input waits for the lock to save queued commits.
    static let endOfInputWaitSeconds = 30.0
}
