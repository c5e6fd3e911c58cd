import Foundation
import Testing
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// What the status line says once an effect is done: every result reaches `update` as
/// an `EffectResult`, so each text is checked here without a runner, a store or a thread.
@Suite struct EffectResultTests {
    private let snapshot = NotesSnapshot(UIFixtures.database)

    private func state() -> AppState {
        var state = AppState(size: TerminalSize(width: 80, height: 20))
        state.reconcile(with: snapshot)
        return state
    }

    private func apply(_ result: EffectResult, to state: inout AppState) -> [Effect] {
        AppUpdate.update(&state, result: result, snapshot: snapshot)
    }

    private func key(_ key: Key, _ state: inout AppState) -> [Effect] {
        AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: UIFixtures.now)
    }

    @Test func saved() {
        var state = state()
        let title = "Q3 report"
        _ = apply(.editFinished(.saved(EditOutcome(subject: .note(UIFixtures.report.id)), title: title),
                                noteID: UIFixtures.report.id), to: &state)
        #expect(state.message == .init(text: "Saved \"Q3 report\"", isError: false))
    }

    @Test func failedWithTheRescuedPath() {
        var state = state()
        let path = "/home/ana/.local/state/notes/unsaved/20261125-121500-Quarterly-report-1a2b.md"
        _ = apply(.editFinished(.kept(path: path, reason: "the editor 'vim' exited with status 1"),
                                noteID: UIFixtures.report.id), to: &state)
        #expect(state.message == .init(text: "error: not saved, your text is kept in \(path) (the editor 'vim' exited with status 1)",
                                       isError: true))
    }

    @Test func aCommitThatFailedSaysWhyAndShowsTheStoreAsItIs() {
        var state = state()
        state.pendingSelection = UIFixtures.idea.id
        _ = apply(.commitFailed("notes.json.journal: No space left on device"), to: &state)
        #expect(state.message == .init(text: "error: notes.json.journal: No space left on device", isError: true))
        #expect(state.pendingSelection == nil)
    }

    @Test func queuedBehindALockThenSaved() {
        var state = state()
        let waiting = AppState.WaitingSaves(holder: "pid 4242 /usr/bin/notes", count: 2)
        _ = apply(.queued(waiting, keeping: nil), to: &state)
        #expect(state.message == .init(text: "waiting for pid 4242 /usr/bin/notes: 2 changes not saved yet", isError: false))
        // A key that says nothing leaves the wait on the status line.
        _ = key(.down, &state)
        #expect(state.message?.text == "waiting for pid 4242 /usr/bin/notes: 2 changes not saved yet")
        // The lock came free: both went through.
        _ = apply(.triedWaiting(saved: 2, met: EditResolution(), failure: nil, waiting: nil, keeping: nil), to: &state)
        #expect(state.message == .init(text: "Saved the 2 changes that waited for the lock", isError: false))
        #expect(state.waitingSaves == nil)
    }

    @Test func aQueuedChangeThatFailsForGoodSaysSo() {
        var state = state()
        state.waitingSaves = .init(holder: "another program", count: 1)
        _ = apply(.triedWaiting(saved: 0, met: EditResolution(), failure: "no note with id 12", waiting: nil, keeping: nil),
                  to: &state)
        #expect(state.message == .init(text: "error: a change that waited for the lock could not be saved: no note with id 12",
                                       isError: true))
    }

    @Test func syncFinishedOrFailed() {
        var state = state()
        _ = apply(.syncStarted, to: &state)
        #expect(state.isSyncing)
        #expect(state.message?.text == "sync: starting")
        _ = apply(.syncProgress("sync: fetching origin"), to: &state)
        #expect(state.message?.text == "sync: fetching origin")
        _ = apply(.syncFinished(message: "synced: 3 notes in, 1 out", isError: false), to: &state)
        #expect(!state.isSyncing)
        #expect(state.message == .init(text: "synced: 3 notes in, 1 out", isError: false))
        _ = apply(.syncStarted, to: &state)
        _ = apply(.syncFinished(message: "error: git: could not read from remote repository", isError: true), to: &state)
        #expect(state.message == .init(text: "error: git: could not read from remote repository", isError: true))
        _ = apply(.syncUnavailable, to: &state)
        #expect(state.message == .init(text: "sync is not available here", isError: true))
    }

    @Test func aConflictCopy() {
        var state = state()
        var outcome = EditOutcome(subject: .note(UIFixtures.report.id))
        outcome.conflictCopy = .init(id: UIFixtures.uuid(99), title: "Quarterly report (conflict copy)")
        _ = apply(.editFinished(.saved(outcome, title: "Quarterly report"), noteID: UIFixtures.report.id), to: &state)
        #expect(state.message?.text == "Saved \"Quarterly report\"; it was changed meanwhile elsewhere: that version is kept as \"Quarterly report (conflict copy)\", tagged conflict")
        // A field edit (r, t, m) that met one: the key's own words, then the copy.
        state.message = .init(text: "Renamed \"Quarterly report\"", isError: false)
        var resolution = EditResolution()
        resolution.outcomes = [outcome]
        _ = apply(.committed(resolution, selecting: nil), to: &state)
        #expect(state.message?.text == "Renamed \"Quarterly report\"; the version changed elsewhere is kept as \"Quarterly report (conflict copy)\"")
    }

    @Test func undoAndItsRefusals() {
        var state = state()
        _ = apply(.undo(.undo, .done(summary: "rename \"A\" to \"B\"", elsewhere: "")), to: &state)
        #expect(state.message?.text == "Undone: rename \"A\" to \"B\" (Ctrl-R redoes)")
        _ = apply(.undo(.redo, .nothingToUndo), to: &state)
        #expect(state.message?.text == "Nothing to redo")
        _ = apply(.undo(.undo, .locked(holder: "pid 7 notes")), to: &state)
        #expect(state.message == .init(text: "Not undone: waiting for pid 7 notes; try again", isError: true))
    }

    @Test func quittingWaitsForTheSyncThenEnds() {
        var state = state()
        _ = apply(.syncStarted, to: &state)
        #expect(key(.character("q"), &state).isEmpty)
        #expect(state.quitting == .waitingForSync)
        #expect(state.message?.text.hasPrefix("quitting when the sync ends") == true)
        _ = apply(.syncProgress("sync: pushing"), to: &state)
        #expect(state.message?.text.hasPrefix("sync: pushing; quitting when the sync ends") == true)
        #expect(apply(.syncFinished(message: "synced", isError: false), to: &state) == [.quit])
        #expect(state.quitting == .quitting)
    }

    @Test func quittingWaitsForSavesAndAnotherKeyStays() {
        var state = state()
        _ = apply(.queued(.init(holder: "pid 9 notes", count: 1), keeping: nil), to: &state)
        #expect(key(.character("q"), &state).isEmpty)
        #expect(state.quitting == .waitingForSaves)
        #expect(state.message == .init(text: "q again quits WITHOUT 1 change (else quits once saved); waiting for pid 9 notes: 1 change not saved yet",
                                       isError: true))
        _ = key(.down, &state)
        #expect(state.quitting == .running)
        #expect(state.message?.text == "waiting for pid 9 notes: 1 change not saved yet; staying")
        // Asked again, then the lock comes free: the app ends.
        _ = key(.character("q"), &state)
        #expect(apply(.triedWaiting(saved: 1, met: EditResolution(), failure: nil, waiting: nil, keeping: nil),
                      to: &state) == [.quit])
        // A second q while waiting quits without them.
        var other = self.state()
        _ = apply(.queued(.init(holder: "pid 9 notes", count: 1), keeping: nil), to: &other)
        _ = key(.character("q"), &other)
        #expect(key(.character("q"), &other) == [.quit])
        #expect(other.quitting == .quitting)
    }

    @Test func theNewNoteWasAbandoned() {
        var state = state()
        _ = apply(.editFinished(.abandoned(reason: nil), noteID: UIFixtures.uuid(77)), to: &state)
        #expect(state.message == .init(text: "New note abandoned: the editor quit without saving", isError: false))
    }
}
