import Foundation
import NotesModel

/// The results of effects (`EffectResult`) and `q`: every status text the runner's work
/// leads to is written here, so a test reaches each by calling `update`.
extension AppUpdate {
    /// Applies the result of an effect. `snapshot` is the runner's snapshot after the
    /// effect (a commit or a refresh changed it). Returns further effects (none today
    /// but the end of a wait to quit: `[.quit]`).
    /// The editor is done: its outcome on the status line. What of a new note's template
    /// could not be used (said when the editor opened) stays said.
    static func editFinished(_ outcome: EditorOutcome, _ id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        state.reconcile(with: snapshot)
        let templateProblem = state.message.flatMap { $0.isError && $0.text.hasPrefix("template ") ? $0.text : nil }
        state.message = editMessage(outcome, id, state, snapshot)
        if case .created = outcome, let templateProblem, let done = state.message {
            state.message = .init(text: done.text + "; " + templateProblem, isError: true)
        }
    }

    public static func update(_ state: inout AppState, result: EffectResult, snapshot: NotesSnapshot) -> [Effect] {
        switch result {
        case .committed(let resolution, let selecting):
            if let selecting { state.pendingSelection = selecting }
            state.reconcile(with: snapshot)
            mention(resolution, &state)
        case .commitFailed(let error):
            state.pendingSelection = nil
            state.reconcile(with: snapshot)
            // A new category the store refused: no picker for a category that is not there.
            if let picker = state.picker, snapshot.database.categories[picker.categoryID] == nil { state.picker = nil }
            state.message = .init(text: "error: \(error)", isError: true)
        case .queued(let waiting, let keeping):
            state.waitingSaves = waiting
            show(snapshot, keeping: keeping, &state)
            state.message = .init(text: waiting.message, isError: false)
        case .triedWaiting(let saved, let met, let failure, let waiting, let keeping):
            triedWaiting(saved: saved, met: met, failure: failure, waiting: waiting, keeping: keeping, &state, snapshot)
        case .editFinished(let outcome, let id):
            editFinished(outcome, id, &state, snapshot)
        case .newNoteAbandoned(let outcome, let title):
            giveBack(title, abandonedBy: outcome, &state, snapshot)
        case .undo(let direction, let result):
            if case .failed = result { state.pendingSelection = nil }
            state.reconcile(with: snapshot)
            state.message = undoMessage(direction, result, state)
        case .syncStarted:
            state.isSyncing = true
            state.message = .init(text: "sync: starting", isError: false)
        case .syncAlreadyRunning:
            state.message = .init(text: "a sync is already running", isError: false)
        case .syncUnavailable:
            state.message = .init(text: "sync is not available here", isError: true)
        case .syncWaitsForTheStore:
            state.message = .init(text: "sync: starts once the whole store is loaded", isError: false)
        case .syncProgress(let line):
            state.message = .init(text: state.quitting == .waitingForSync ? "\(line); \(waitingForSync)" : line,
                                  isError: false)
        case .syncFinished(let message, let isError):
            state.isSyncing = false
            state.message = .init(text: message, isError: isError)
        case .refreshed(let keeping):
            if let keeping, state.pendingSelection == nil { state.pendingSelection = keeping }
            state.reconcile(with: snapshot)
        case .refreshFailed(let error):
            state.reconcile(with: snapshot)
            state.message = .init(text: "error: \(error)", isError: true)
        case .inputEndedDuringSync:
            state.message = .init(text: "waiting for the sync to finish", isError: false)
        case .notice(let text, let isError):
            state.message = .init(text: text, isError: isError)
        case .attachmentSizes(let sizes):
            state.attachmentSizes = sizes
        case .templatesRead(let templates, let use):
            return templatesRead(templates, then: use, &state, snapshot) + finishing(&state)
        }
        return finishing(&state)
    }

    /// After the runner tried the changes that waited for the lock: what was saved, what
    /// failed, and what still waits.
    private static func triedWaiting(saved: Int, met: EditResolution, failure: String?, waiting: AppState.WaitingSaves?,
                                     keeping: UUID?, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        state.waitingSaves = waiting
        if saved > 0 || failure != nil { show(snapshot, keeping: keeping, &state) }
        if let failure {
            state.message = .init(text: "error: a change that waited for the lock could not be saved: \(failure)",
                                  isError: true)
        } else if waiting != nil {
            if saved > 0 { state.message = waitingStatus(state) }
        } else if saved > 0 {
            state.message = .init(text: saved == 1 ? "Saved the change that waited for the lock"
                                  : "Saved the \(saved) changes that waited for the lock", isError: false)
            mention(met, &state)
        }
    }

    /// What the status line says after `q` while a sync runs.
    static let waitingForSync = "quitting when the sync ends (q again quits now; the next sync completes it)"

    /// `q` (or `Ctrl-C`) at the top of a screen: quits, unless a sync runs or changes
    /// wait for the lock; then it waits for them (saying so), and a second `q` goes on.
    static func quit(_ state: inout AppState) -> [Effect] {
        if state.isSyncing && state.quitting == .running {
            state.quitting = .waitingForSync
            state.message = .init(text: waitingForSync, isError: false)
            return []
        }
        if state.waitingSaves != nil && state.quitting != .waitingForSaves {
            state.quitting = .waitingForSaves  // asked once: a second q quits without them
            state.message = waitingStatus(state)
            return []
        }
        state.quitting = .quitting
        return [.quit]
    }

    /// A key other than `q` while waiting for changes to be saved before quitting: stays.
    static func stayInsteadOfQuitting(_ state: inout AppState) {
        guard state.quitting == .waitingForSaves, let waiting = state.waitingSaves else { return }
        state.quitting = .running
        state.message = .init(text: "\(waiting.message); staying", isError: false)
    }

    /// After each event: a status line with nothing else to say keeps saying that changes
    /// wait, and a wait to quit ends once what it waited for is done.
    static func finishing(_ state: inout AppState) -> [Effect] {
        if state.waitingSaves != nil && state.message == nil { state.message = waitingStatus(state) }
        switch state.quitting {
        case .waitingForSync where !state.isSyncing:
            state.quitting = state.waitingSaves == nil ? .quitting : .waitingForSaves
        case .waitingForSaves where state.waitingSaves == nil:
            state.quitting = .quitting
        default:
            break
        }
        return state.quitting == .quitting ? [.quit] : []
    }

    /// The status line while commits wait for the lock (and whether `q` was pressed).
    static func waitingStatus(_ state: AppState) -> AppState.Message {
        guard let waiting = state.waitingSaves else { return .init(text: "", isError: false) }
        return state.quitting == .waitingForSaves
            ? .init(text: "q again quits WITHOUT \(waiting.unsavedCount) (else quits once saved); \(waiting.message)",
                    isError: true)
            : .init(text: waiting.message, isError: false)
    }

    /// A new database version with commits waiting on top: the cursor stays on `keeping`.
    private static func show(_ snapshot: NotesSnapshot, keeping: UUID?, _ state: inout AppState) {
        if state.pendingSelection == nil { state.pendingSelection = keeping }
        state.reconcile(with: snapshot)
    }

    /// Adds to the status line what the edits met elsewhere: `; replaced "X" set elsewhere`.
    private static func mention(_ resolution: EditResolution, _ state: inout AppState) {
        let note = elsewhereNote(resolution)
        guard !note.isEmpty else { return }
        state.message = .init(text: (state.message.map { $0.text + "; " } ?? "") + note,
                              isError: state.message?.isError ?? false)
    }

    /// What edits met elsewhere, in words: values they replaced, versions kept as conflict copies.
    static func elsewhereNote(_ resolution: EditResolution) -> String {
        var parts: [String] = []
        if !resolution.replaced.isEmpty { parts.append(ReplacedValue.note(resolution.replaced)) }
        for copy in resolution.outcomes.compactMap(\.conflictCopy) {
            parts.append("the version changed elsewhere is kept as \"\(copy.title)\"")
        }
        return parts.joined(separator: "; ")
    }

    /// How the editor ended, on the status line. While changes wait for the lock, that
    /// is what it says. A new note the filter hides is said to be hidden.
    /// `n` whose editor failed before writing: the title typed is not lost, it is back in
    /// the prompt, which says what happened above it.
    private static func giveBack(_ title: String, abandonedBy outcome: EditorOutcome, _ state: inout AppState,
                                 _ snapshot: NotesSnapshot) {
        state.reconcile(with: snapshot)
        // What to do first, so that a narrow status line shows it; the editor's error after it.
        var problem = "No note made; your title is kept here: Enter tries again, Esc drops it"
        if case .abandoned(let reason?) = outcome { problem += " (\(reason))" }
        state.prompt = .init(purpose: .newNoteTitle, field: TextField(text: title), problem: problem)
    }

    private static func editMessage(_ outcome: EditorOutcome, _ id: UUID, _ state: AppState,
                                    _ snapshot: NotesSnapshot) -> AppState.Message {
        if let waiting = state.waitingSaves { return .init(text: waiting.message, isError: false) }
        var text = outcome.message
        if case .created = outcome, snapshot.database.notes[id] != nil, state.filter.row(of: id, in: snapshot.index) == nil {
            text += "; the filter /\(state.filter.query) hides it (Esc shows all notes)"
        }
        return .init(text: text, isError: outcome.isError)
    }

    /// How an undo or redo went, on the status line.
    private static func undoMessage(_ direction: UndoStep.Direction, _ result: EffectResult.UndoResult,
                                    _ state: AppState) -> AppState.Message {
        let verb = direction == .undo ? "undo" : "redo"
        switch result {
        case .done(let summary, let elsewhere):
            let done = direction == .undo ? "Undone: \(summary)" : "Redone: \(summary)"
            return .init(text: done + (elsewhere.isEmpty ? "" : "; \(elsewhere)")
                         + (direction == .undo ? " (Ctrl-R redoes)" : " (u undoes)"), isError: false)
        case .nothingToUndo:
            return .init(text: "Nothing to \(verb)", isError: false)
        case .blockedBySaves:
            return .init(text: "Not \(verb)ne: first \(state.waitingSaves?.message ?? "changes wait for the lock")",
                         isError: true)
        case .changedElsewhere(let what):
            return .init(text: "Not \(verb)ne: \(what) changed elsewhere meanwhile; kept as it is", isError: true)
        case .locked(let holder):
            return .init(text: "Not \(verb)ne: waiting for \(holder); try again", isError: true)
        case .failed(let error):
            return .init(text: "Not \(verb)ne: error: \(error)", isError: true)
        }
    }
}
