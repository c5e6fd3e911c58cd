import Foundation
import NotesModel

/// `u` and `Ctrl-R`: undo and redo as one more commit, resolved under the store's lock.
extension AppRunner {
    /// Why an undo or redo was refused: something it puts back whole changed elsewhere.
    private struct ChangedElsewhere: Error {
        let what: String
    }

    /// Undoes or redoes the last step, as one more commit of field edits resolved under
    /// the lock (`UndoStep.edits`). A part put back whole that another process changed
    /// meanwhile refuses the step (dropped; the status line says why); a field changed
    /// elsewhere is replaced and the status line names the value.
    func apply(_ direction: UndoStep.Direction) {
        guard pending.isEmpty else { return answer(.undo(direction, .blockedBySaves)) }
        guard let step = history.take(direction) else { return answer(.undo(direction, .nothingToUndo)) }
        refreshFromRepository()
        let resolution: EditResolution
        do {
            resolution = try snapshot.commit(derivingEdits: { caughtUp in
                if let changed = step.conflict(in: caughtUp, direction: direction) { throw ChangedElsewhere(what: changed) }
                return step.edits(direction, in: caughtUp)
            }, through: repository, now: now())
        } catch let refused as ChangedElsewhere {
            releaseUnreachableAttachments()  // the step is dropped
            return answer(.undo(direction, .changedElsewhere(refused.what)))
        } catch let locked as any LockContention where locked.lockHolder != nil {
            let holder = locked.lockHolder ?? ""
            history.putBack(step, direction)  // nothing happened: u tries again later
            return answer(.undo(direction, .locked(holder: holder)))
        } catch {
            releaseUnreachableAttachments()  // the step is dropped
            return answer(.undo(direction, .failed("\(error)")))
        }
        history.applied(step, direction)
        answer(.undo(direction, .done(summary: step.summary, elsewhere: AppUpdate.elsewhereNote(resolution))))
    }
}
