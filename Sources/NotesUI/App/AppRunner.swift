import Foundation
import NotesCore

/// The app's loop: draw, wait for an event, update, carry out the effects against the
/// repository, pick up other processes' changes. A failed commit or edit becomes a
/// message on the status line, never a crash.
public final class AppRunner {
    public private(set) var state: AppState
    public private(set) var snapshot: NotesSnapshot
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

    /// How often, with no key, the runner picks up what other processes committed: the
    /// list shows their changes within a second without a key.
    public static let refreshMilliseconds = 500

    /// Runs until `q` or the end of input. While the preview is held (a move in the
    /// list), waits for keys at most `previewDelayMilliseconds`, then lets it catch up;
    /// otherwise at most `refreshMilliseconds`, then looks for other processes' commits
    /// (and draws only if something changed).
    public func run() {
        draw()
        var quickIdles = 0
        while true {
            let limit = state.previewHeldNoteID != nil ? Self.previewDelayMilliseconds
                : quickIdles < Self.quickIdlesBeforeUnlimitedWait ? Self.refreshMilliseconds : nil
            let started = DispatchTime.now().uptimeNanoseconds
            guard let event = terminal.nextEvent(idleAfter: limit) else { return }
            let waited = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            quickIdles = event == .idle && waited < UInt64(limit ?? 0) / 2 ? quickIdles + 1 : 0
            let before = (state, snapshot.index.id)
            guard handle(event) else { return }
            if event != .idle || before != (state, snapshot.index.id) { draw() }
        }
    }

    /// A wait with a time limit that keeps ending at once means input has ended (a read
    /// at the end of input fails at once): after this many, one wait without a limit
    /// says so for sure.
    static let quickIdlesBeforeUnlimitedWait = 20

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

    private func commit(_ changes: [StoreChange]) {
        do {
            try snapshot.commit(changes, through: repository)
        } catch {
            state.pendingSelection = nil
            state.reconcile(with: snapshot)
            state.message = .init(text: "error: \(error)", isError: true)
            return
        }
        state.reconcile(with: snapshot)
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

    /// Picks up other processes' commits. The list keeps the cursor on the note it was on.
    private func refreshFromRepository() {
        let selected = state.selectedNote(in: snapshot)?.id
        do {
            if try snapshot.refresh(from: repository) {
                if state.pendingSelection == nil { state.pendingSelection = selected }
                state.reconcile(with: snapshot)
            }
        } catch {
            state.reconcile(with: snapshot)
            state.message = .init(text: "error: \(error)", isError: true)
        }
    }
}
