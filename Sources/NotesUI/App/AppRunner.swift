import Foundation
import NotesCore

/// The app's loop: draw, wait for an event, update, carry out the effects against the
/// repository, pick up other processes' changes. A failed commit or edit becomes a
/// message on the status line, never a crash.
public final class AppRunner {
    public private(set) var state: AppState
    public private(set) var snapshot: NotesSnapshot
    /// What `u` and `Ctrl-R` undo and redo: every change committed through `commit(_:)`.
    public private(set) var history = UndoHistory()
    private let terminal: any Terminal
    private let repository: any NotesRepository
    private let timeZone: TimeZone
    private let now: () -> Date
    private let editBody: (String) throws -> String

    /// - Parameters:
    ///   - editBody: edits a note's body in the user's editor, with the terminal suspended.
    ///   - now: the clock for created/updated dates (tests pass a fixed one).
    public init(terminal: any Terminal, repository: any NotesRepository, timeZone: TimeZone = .current,
                now: @escaping () -> Date = Date.init, editBody: @escaping (String) throws -> String) {
        self.terminal = terminal
        self.repository = repository
        self.timeZone = timeZone
        self.now = now
        self.editBody = editBody
        snapshot = NotesSnapshot(repository.contents, searchText: .inBackground)
        state = AppState(size: terminal.size)
        state.reconcile(with: snapshot)
    }

    /// How long the keys must pause before a held preview catches up with the
    /// selection: longer than the gap between repeats of a held key (about 30–40 ms),
    /// short enough that a single press's preview seems to follow at once.
    public static let previewDelayMilliseconds = 100

    /// Runs until `q` or the end of input. While the preview is held (a move in the
    /// list), waits for keys at most `previewDelayMilliseconds`, then lets it catch up.
    public func run() {
        draw()
        while let event = terminal.nextEvent(idleAfter: state.previewHeldNoteID == nil ? nil : Self.previewDelayMilliseconds) {
            guard handle(event) else { return }
            draw()
        }
    }

    /// Applies one event and its effects. False when the app should quit.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        let effects = AppUpdate.update(&state, event: event, snapshot: snapshot, now: now())
        for effect in effects {
            switch effect {
            case .quit:
                return false
            case .commit(let changes):
                commit(changes)
            case .editBody(let id):
                edit(id)
            case .undo:
                apply(.undo)
            case .redo:
                apply(.redo)
            case .suspend:
                terminal.suspendToShell()
            }
        }
        refreshFromRepository()
        return true
    }

    /// Puts a message on the status line (until the next key), e.g. the store's warnings at start.
    public func show(message: String, isError: Bool) {
        state.message = .init(text: message, isError: isError)
    }

    /// Draws the current state.
    public func draw() {
        terminal.draw(AppRender.render(state, snapshot: snapshot, size: terminal.size, colorMode: terminal.colorMode,
                                       timeZone: timeZone))
    }

    /// Every change of the UI goes through here: it is committed, and recorded (the
    /// values it touched, before and after) so that `u` can take it back.
    private func commit(_ changes: [StoreChange]) {
        let step = UndoStep.before(changes, in: snapshot.database)
        guard commitUnrecorded(changes) else { return }
        history.record(step.completed(in: repository.contents))
    }

    /// Commits without recording; false (and an error on the status line) if it failed.
    private func commitUnrecorded(_ changes: [StoreChange]) -> Bool {
        do {
            try snapshot.commit(changes, through: repository)
        } catch {
            state.pendingSelection = nil
            state.reconcile(with: snapshot)
            state.message = .init(text: "error: \(error)", isError: true)
            return false
        }
        state.reconcile(with: snapshot)
        return true
    }

    /// Undoes or redoes the last step, as one more commit, unless another process changed
    /// what it touched meanwhile: then the step is dropped and the status line says why.
    private func apply(_ direction: UndoStep.Direction) {
        let verb = direction == .undo ? "undo" : "redo"
        guard let step = history.take(direction) else {
            state.message = .init(text: "Nothing to \(verb)", isError: false)
            return
        }
        refreshFromRepository()
        if let changed = step.conflict(in: snapshot.database, direction: direction) {
            state.message = .init(text: "Not \(verb)ne: \(changed) changed elsewhere meanwhile; kept as it is", isError: true)
            return
        }
        guard commitUnrecorded(step.changes(direction)) else {
            state.message = .init(text: "Not \(verb)ne: \(state.message?.text ?? "")", isError: true)
            return
        }
        history.applied(step, direction)
        state.message = direction == .undo
            ? .init(text: "Undone: \(step.summary) (Ctrl-R redoes)", isError: false)
            : .init(text: "Redone: \(step.summary) (u undoes)", isError: false)
    }

    private func edit(_ id: UUID) {
        guard let note = snapshot.database.notes[id] else { return }
        terminal.suspend()
        let edited: String
        do {
            edited = try editBody(note.body)
        } catch {
            terminal.resume()
            state.message = .init(text: "error: \(error)", isError: true)
            return
        }
        terminal.resume()
        guard edited != note.body else {
            state.message = .init(text: "No changes", isError: false)
            return
        }
        var changed = note
        changed.body = edited
        changed.updated = now()
        state.pendingSelection = id
        state.message = .init(text: "Saved \"\(note.title)\"", isError: false)
        commit([.putNote(changed)])
    }

    private func refreshFromRepository() {
        do {
            if try snapshot.refresh(from: repository) { state.reconcile(with: snapshot) }
        } catch {
            state.reconcile(with: snapshot)
            state.message = .init(text: "error: \(error)", isError: true)
        }
    }
}
