import Foundation
import NotesModel
import NotesTerminal

/// `d` and `p` during an early start: their commit changes one field of the selected note,
/// made from that note alone, so the list shows it at once (`PendingCommits`, as for a
/// commit waiting for another process's lock) and the commit is made against the whole
/// store as soon as it is in, before any key that waited for it, and recorded for undo.
/// Other commits (a rename rewrites links from every note; undo; moving to a category
/// whose notes are counted) wait for the whole store with their key.
extension AppRunner {
    /// The actions whose commit may be queued before the whole store is in.
    static let earlyCommitActions: Set<KeyAction> = [.trashNote, .togglePin]
    /// What the status line says the queued commits wait for.
    public static let loadingHolder = "the whole store to load"

    /// Whether `event` is `d` or `p` (on the screen it was typed on) and every effect of it
    /// that needs the whole store is a commit.
    func commitsEarly(_ event: InputEvent, _ effects: [Effect]) -> Bool {
        guard case .key(let key) = event, state.modal == nil, state.prompt == nil, !state.isEditingFilter,
              let action = KeyHelp.keyMap(for: state)?.action(for: key), Self.earlyCommitActions.contains(action) else {
            return false
        }
        return effects.allSatisfy { effect in
            if case .commit = effect { return true }
            return !Self.needsWholeStore(effect)
        }
    }

    /// `effects` without their commits, which are queued until the whole store is in
    /// (all of `effects` once it is).
    func queueingEarlyCommits(_ effects: [Effect]) -> [Effect] {
        guard loading != nil else { return effects }
        let time = now()
        return effects.filter { effect in
            guard case .commit(let edits) = effect else { return true }
            queue(edits, now: time, holder: Self.loadingHolder, selecting: nil)
            return false
        }
    }

    /// Once the whole store is in: makes the commits queued during the early start, in
    /// order, each as if its key had just been pressed (`commit`: the status line says what
    /// it did, and `u` undoes it). One that now finds another process's lock waits for it.
    func saveEarlyCommits() {
        // Before the whole store is in, `commit` takes it in first: what waits now was queued early.
        guard !pending.isEmpty else { return }
        let early = pending.takeAll()
        for waiting in early { _ = try? commit(waiting.edits) }
        answer(.triedWaiting(saved: 0, met: EditResolution(), failure: nil, waiting: pending.waiting, keeping: nil))
    }
}
