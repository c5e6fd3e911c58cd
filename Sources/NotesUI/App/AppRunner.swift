import Foundation
import NotesModel
import NotesTerminal

/// The app's loop: draw, wait for an event, update, carry out the effects against the
/// repository, pick up other processes' changes. The runner writes no state itself:
/// what each effect came to goes back through `AppUpdate.update(_:result:snapshot:)` as
/// an `EffectResult` (`answer`), and `update` alone says what the screen shows. A failed
/// commit or edit becomes a message on the status line, never a crash.
public final class AppRunner {
    public internal(set) var state: AppState
    public internal(set) var snapshot: NotesSnapshot
    /// What `u` and `Ctrl-R` undo and redo: every change committed through `commit(_:)`.
    public internal(set) var history = UndoHistory()
    /// Commits that found the store's lock held by another process, tried again at each
    /// key and idle wake-up (see `PendingCommits`).
    var pending = PendingCommits()
    /// Messages `show(message:isError:)` got, not yet handed to `update`.
    private var notices: [EffectResult] = []
    private let terminal: any Terminal
    /// The store. During an early start (`loading`), the store the first notes came from,
    /// used for nothing until the whole store replaces it.
    var repository: any NotesRepository
    /// The whole store being read behind the first screen; nil once it is in (`AppRunner+Loading`).
    var loading: StoreLoading?
    /// Events that came while the store was read and need it, oldest first: handled after the swap.
    var waitingEvents: [InputEvent] = []
    /// `S` came while the store was read: the sync starts once it is in.
    var syncAfterLoading = false
    /// Why the whole store could not be read during an early start (the app then quits).
    public internal(set) var loadFailure: (any Error)?
    /// Called once the whole store has replaced the first notes (on the runner's thread).
    public var storeLoaded: ((_ whole: any NotesRepository) -> Void)?
    private let timeZone: TimeZone
    let now: () -> Date
    private let editor: any NoteEditor
    let sync: SyncAction?
    /// Attachment files: their sizes for the read view, and `Enter`'s opener.
    let attachments: AttachmentAccess
    /// Reads the templates folder (`n`, `J`); nil: the settings' templates are all there is.
    let templates: (@Sendable () -> [NoteTemplate])?
    /// The sync `S` started, running on its own thread, and its mailbox.
    let backgroundSync = BackgroundSync()
    var openersRunning = false  // an opener started from the read view may run (`showOpenerFailures`)

    /// Syncs the store (`S`): reports its steps and the files it writes (`SyncProgress`),
    /// returns the summary to show. It runs on a thread of its own while the UI keeps
    /// working, so it must share nothing with the runner (it opens a store of its own); the store's lock is held only to apply the merge.
    public typealias SyncAction = @Sendable (_ progress: SyncProgress) throws -> String

    /// - Parameters:
    ///   - editor: hands a note to the user's editor (`UserEditor`); the runner suspends
    ///     the terminal around it.
    ///   - now: the clock for created/updated dates (tests pass a fixed one).
    ///   - sync: what `S` does; nil when the caller offers no sync.
    ///   - settings: what the config file set (the defaults without one).
    ///   - templates: reads the templates folder as it is now, at each `n` and `J`.
    ///   - updatesLinksOnRename: whether a rename rewrites the links to the note (the config's `update_links`).
    ///   - listOrder: the note list's order below the pinned notes (the config's `list.sort`).
    ///   - loading: an early start: the first screen is drawn from its first notes, and the
    ///     whole store it reads once `run()` has drawn it replaces `repository`.
    public init(terminal: any Terminal, repository: any NotesRepository, timeZone: TimeZone = .current,
                now: @escaping () -> Date = Date.init, editor: any NoteEditor, sync: SyncAction? = nil,
                settings: AppSettings = AppSettings(), templates: (@Sendable () -> [NoteTemplate])? = nil, attachments: AttachmentAccess = .unavailable,
                asciiMarkers: Bool = false, updatesLinksOnRename: Bool = true, listOrder: NoteListOrder = .updated,
                loading: StoreLoading? = nil) {
        self.sync = sync
        self.templates = templates
        self.attachments = attachments
        self.terminal = terminal
        self.repository = repository
        self.timeZone = timeZone
        self.now = now
        self.editor = editor
        snapshot = loading?.firstSnapshot(order: listOrder)
            ?? NotesSnapshot(repository.contents, searchText: .inBackground, order: listOrder)
        self.loading = loading
        state = AppState(size: terminal.size, updatesLinksOnRename: updatesLinksOnRename)
        state.loadingStore = loading.map { LoadingStore(notes: $0.counts.live) }
        state.settings = settings
        state.showsPreview = settings.showsPreview
        state.asciiMarkers = asciiMarkers
        answer(.refreshed(keeping: nil))
    }

    /// How long the keys must pause before a held preview catches up with the
    /// selection: longer than the gap between repeats of a held key (about 30–40 ms),
    /// short enough that a single press's preview seems to follow at once.
    public static let previewDelayMilliseconds = 100

    /// How often, with no key, the runner picks up other processes' commits (shown within a second).
    public static let refreshMilliseconds = 500

    /// How often, with no key, the runner looks whether the search text is built (`QuickOpen.isCounting`, `AppRunner+LinkIndexWait`).
    public static let searchTextPollMilliseconds = 50

    /// True while a sync started by `S` runs (or its last words are not shown yet).
    public var isSyncing: Bool { backgroundSync.hasWork }

    /// Runs until `q` or the end of input. While the filter is still counting, takes the keys waiting, if any, else
    /// lets it search its next slice (`.idle` at once), drawing after each. While the preview is held (a move in the
    /// list), waits for keys at most `previewDelayMilliseconds`, then lets it catch up;
    /// otherwise at most `refreshMilliseconds`, then looks for other processes' commits
    /// (and draws only if something changed).
    public func run() {
        draw()
        loading?.start(order: snapshot.index.listOrder)
        var quickIdles = 0
        while true {
            // While the filter counts, a pause is any moment without a key waiting.
            let limit = state.filter.isCounting ? (NoteFilter.waitsForText(snapshot.index) ? Self.searchTextPollMilliseconds : 0)
                : loading != nil ? Self.loadingPollMilliseconds
                : !waitingEvents.isEmpty ? Self.searchTextPollMilliseconds  // keys wait for the link index
                : state.previewHeldNoteID != nil ? Self.previewDelayMilliseconds
                : state.quickOpen?.isCounting == true ? Self.searchTextPollMilliseconds
                : quickIdles >= Self.quickIdlesBeforeUnlimitedWait ? nil
                : isSyncing || openersRunning ? Self.syncPollMilliseconds : Self.refreshMilliseconds
            let started = DispatchTime.now().uptimeNanoseconds
            guard let event = terminal.nextEvent(idleAfter: limit) else {
                finishSyncBeforeQuitting()
                handleWaitingKeysAtEnd()
                return saveBeforeEnd()
            }
            let waited = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            quickIdles = event == .idle && waited < UInt64(limit ?? 0) / 2 ? quickIdles + 1 : 0
            let before = (state, snapshot.index.id)
            guard handle(event) else { return }
            if event != .idle || before != (state, snapshot.index.id) { draw() }
        }
    }

    /// A wait with a time limit that keeps ending at once means input has ended (a read at
    /// the end of input fails at once): after this many, one wait without a limit says so.
    static let quickIdlesBeforeUnlimitedWait = 20

    /// Applies one event and its effects. False when the app should quit.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        guard let effects = loading == nil ? updateOnceIndexed(event) : earlyUpdate(event) else {
            return state.quitting != .quitting
        }
        perform(effects)
        guard state.quitting != .quitting else { return false }
        showSyncEvents()
        openersRunning = showOpenerFailures()
        refreshFromRepository()
        answerNotices()
        return state.quitting != .quitting
    }

    /// Hands the result of an effect to `update`, and performs what it asks for next.
    func answer(_ result: EffectResult) {
        perform(AppUpdate.update(&state, result: result, snapshot: snapshot))
    }

    /// Carries out effects, in order; each one's result goes back through `answer`.
    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .quit:
                return  // `state.quitting` says so; the loop ends
            case .commit(let edits):
                _ = try? commit(edits)  // an error is on the status line
            case .editNote(let id):
                edit(id)
            case .writeNewNote(let note, let cursor):
                write(newNote: note, cursor: cursor)
            case .undo:
                apply(.undo)
            case .redo:
                apply(.redo)
            case .suspend:
                terminal.suspendToShell()
            case .sync:
                startSync()
            case .openAttachment(let path):
                open(path)
            case .openAddress(let address):
                open(address: address)
            case .readTemplates(let use):
                answer(.templatesRead(templates?(), then: use))
            }
        }
    }

    /// Puts a message on the status line (until the next key), e.g. the store's warnings at
    /// start. The store's handlers call this from inside the runner's own refresh, while the
    /// snapshot is being changed: the message waits in `notices` until that is done.
    public func show(message: String, isError: Bool) {
        notices.append(.notice(message, isError: isError))
    }

    /// Hands the waiting notices to `update`, oldest first.
    private func answerNotices() {
        while !notices.isEmpty { answer(notices.removeFirst()) }
    }

    /// Draws the current state.
    public func draw() {
        answerNotices()
        lookUpAttachmentSizes()
        terminal.draw(AppRender.render(state, snapshot: snapshot, size: terminal.size, colorMode: terminal.colorMode,
                                       timeZone: timeZone))
    }

    /// Every change of the UI goes through here: its edits are resolved against the store
    /// as it is under the lock and committed (`NotesSnapshot.commit`), and recorded (the
    /// values it touched, before and after, read under the lock) so that `u` can take it
    /// back. `update` hears how it went (`committed`, with what the edits met elsewhere;
    /// `commitFailed`; `queued`). Returns what the edits met (nil: queued); throws the
    /// error, already answered.
    ///
    /// While another process holds the store's lock the edits are queued instead
    /// (`PendingCommits`), and so is every commit after it, to keep their order; they are
    /// resolved and recorded for undo when they go through (`savePending`).
    @discardableResult
    func commit(_ edits: [StoreEdit], selecting: UUID? = nil) throws -> EditResolution? {
        let time = now()
        if loading != nil { finishLoading() }  // an editor's save after an early start: against the whole store
        guard pending.isEmpty else {
            queue(edits, now: time, holder: nil, selecting: selecting)
            return nil
        }
        var step: UndoStep?
        let resolution: EditResolution
        do {
            resolution = try snapshot.commit(edits, through: repository, now: time) { caughtUp, changes in
                step = UndoStep.before(changes, in: caughtUp)
            }
        } catch let locked as any LockContention where locked.lockHolder != nil {
            let holder = locked.lockHolder ?? ""
            queue(edits, now: time, holder: holder, selecting: selecting)
            return nil
        } catch {
            answer(.commitFailed("\(error)"))
            throw error
        }
        if let step { record(step) }
        answer(.committed(resolution, selecting: selecting))
        return resolution
    }

    /// Records a step just committed for undo, completed with the values as the commit left them.
    func record(_ step: UndoStep) {
        history.record(step.completed(in: repository.contents))
        releaseUnreachableAttachments()
    }

    /// The whole note in the editor, the terminal suspended while it runs; the save goes
    /// through `commit(_:)`; the outcome goes to `update`.
    private func edit(_ id: UUID) {
        // A note that is not there (its creation just failed) leaves that error on the status line.
        guard snapshot.database.notes[id] != nil else { return }
        let outcome = editor.edit(noteID: id, handover: handTerminal, refresh: refreshForEditor, commit: { edit in
            try commit(AppUpdate.withLinkUpdates(edit, state, wholeSnapshot()), selecting: id)?.outcomes.first ?? EditOutcome(subject: .note(id))
        })
        answer(.editFinished(outcome, noteID: id))
    }

    /// `n`: a new note written in the editor; it is created only if the editor saves it.
    private func write(newNote note: Note, cursor: EditorCursor?) {
        let categoryName = note.categoryID.flatMap { snapshot.database.categories[$0]?.name }
        let outcome = editor.write(newNote: note, categoryName: categoryName, cursor: cursor, handover: handTerminal,
                                   refresh: refreshForEditor, commit: { written in
            try commit([.change(.putNote(written))], selecting: written.id)?.outcomes.first
                ?? EditOutcome(subject: .note(written.id))
        })
        guard case .abandoned = outcome else { return answer(.editFinished(outcome, noteID: note.id)) }
        answer(.newNoteAbandoned(outcome, title: note.title))
    }

    /// Runs the editor with the terminal suspended, and takes the terminal back.
    private func handTerminal(_ runEditor: () throws -> Void) throws {
        terminal.suspend()
        defer { terminal.resume() }
        try runEditor()
    }

    /// The store as the editor session reads it: other processes' commits picked up
    /// (while commits wait for the lock, the list already shows them).
    private func refreshForEditor() throws -> NotesDatabase {
        // During an early start, the first notes (the note edited is one); the save waits for the whole store (`commit`).
        guard loading == nil, savePending() else { return snapshot.database }
        // Reconciling costs a pass over the filter: only when something came in.
        if try snapshot.refresh(from: repository) { answer(.refreshed(keeping: nil)) }
        return snapshot.database
    }

    /// Picks up other processes' commits. The list keeps the cursor on the note it was on.
    func refreshFromRepository() {
        guard loading == nil, savePending() else { return }
        let selected = state.selectedNote(in: snapshot)?.id
        do {
            if try snapshot.refresh(from: repository) { answer(.refreshed(keeping: selected)) }
        } catch {
            answer(.refreshFailed("\(error)"))
        }
    }
}
