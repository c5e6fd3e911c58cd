import Foundation
import NotesCore

/// Commits that find the store's lock held by another process: the key returns at
/// once, the list shows the change, and the runner saves it when the lock is free.
extension AppRunner {
    /// Queues edits that must wait for the lock (made at `now`); the list shows them as if committed.
    func queue(_ edits: [StoreEdit], now: Date, holder: String?) {
        pending.append(edits, now: now, holder: holder)
        show(repository.contents)
        state.message = .init(text: pending.waitingMessage, isError: false)
    }

    /// Tries the queued commits again, oldest first, each resolved against the store as it
    /// is then, under the lock (the queue keeps edits, not records: a change made elsewhere
    /// while they waited stays), and recorded for undo as it goes through; stops at the
    /// first that still finds the lock busy. A commit that fails otherwise (another process
    /// deleted its note meanwhile) is reported and dropped. Returns whether nothing is left waiting.
    @discardableResult
    func savePending() -> Bool {
        guard !pending.isEmpty else { return true }
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
            } catch StoreError.locked(_, let holder) {
                pending.stillBusy(holder: holder)
                break
            } catch {
                failure = "error: a change that waited for the lock could not be saved: \(error)"
                pending.removeFirst()
                continue
            }
            pending.removeFirst()
            if let step { history.record(step.completed(in: repository.contents)) }
            saved += 1
        }
        if saved > 0 || failure != nil { show(repository.contents) }
        if let failure {
            state.message = .init(text: failure, isError: true)
        } else if !pending.isEmpty {
            if saved > 0 { state.message = waitingStatus }
        } else if saved > 0 {
            state.message = .init(text: saved == 1 ? "Saved the change that waited for the lock"
                                  : "Saved the \(saved) changes that waited for the lock", isError: false)
            mention(met)
        }
        return pending.isEmpty
    }

    /// The status line while commits wait for the lock (and whether `q` was pressed).
    var waitingStatus: AppState.Message {
        quitWhenSaved
            ? .init(text: "q again quits WITHOUT \(pending.unsavedCount) (else quits once saved); \(pending.waitingMessage)",
                    isError: true)
            : .init(text: pending.waitingMessage, isError: false)
    }

    /// Shows `database` with the queued commits on top, keeping the cursor on its note.
    func show(_ database: NotesDatabase) {
        let selected = state.selectedNote(in: snapshot)?.id
        snapshot = NotesSnapshot(pending.overlaid(on: database), searchText: .inBackground)
        if state.pendingSelection == nil { state.pendingSelection = selected }
        state.reconcile(with: snapshot)
    }

    /// At the end of input, queued commits are still saved: tries again (every 100 ms)
    /// for up to `endOfInputWaitSeconds`, then says on stderr what was not saved.
    func saveBeforeEnd() {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.endOfInputWaitSeconds * 1e9)
        while !savePending() && DispatchTime.now().uptimeNanoseconds < deadline { usleep(100_000) }
        guard !pending.isEmpty else { return }
        FileHandle.standardError.write(Data("notes: \(pending.waitingMessage); they were not saved\n".utf8))
    }

    /// How long the end of input waits for the lock to save queued commits.
    static let endOfInputWaitSeconds = 30.0
}
