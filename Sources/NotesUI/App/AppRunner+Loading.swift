import Foundation
import NotesModel
import NotesTerminal

/// An early start (`StoreLoading`): while the whole store is read on another thread, the
/// keys that need only the first notes work at once (moving in the list, opening a note,
/// reading it, opening the rename, tags and move dialogs and typing in them, the editor,
/// help, quitting, and `d` and `p`, whose commits wait: `AppRunner+EarlyCommits`), and so
/// do those that show what the first notes hold, marked as still counting, completed once
/// the whole store is in (the filter, quick open, the tags, categories and trash screens,
/// the category pane, `G`, the mouse); `u` with nothing to undo says so, `S` says its sync
/// starts once the store is in. A key that would commit, or that needs notes beyond the
/// first ones (a link followed), waits, in the order typed, with the status line saying
/// so, and is handled once the whole store is in. The swap keeps the selected note and the scroll.
extension AppRunner {
    /// How often, with no key, the runner looks whether the whole store is in.
    static let loadingPollMilliseconds = 20

    /// The actions of the note list that need only the notes shown, or that show what the
    /// first notes hold marked as still counting and complete it once the whole store is
    /// in (the filter, quick open, the tags, categories and trash screens, the category
    /// pane, `G`); those that commit wait at their effect (see `earlyUpdate`).
    static let earlyListActions: Set<KeyAction> = [
        .down, .up, .pageDown, .pageUp, .first, .last, .open, .togglePreview, .help, .quit, .redraw, .suspend,
        .showMessage, .rename, .editTags, .moveToCategory, .edit, .newNote, .trashNote, .togglePin,
        .filter, .clearFilter, .quickOpen, .tags, .categories, .openTrash, .focusCategoryPane, .focusList,
        .undo, .redo, .sync,
    ]
    /// The actions of the read view that need only the note read.
    static let earlyReadingActions: Set<KeyAction> = [
        .down, .up, .pageDown, .pageUp, .first, .last, .toggleRaw, .back, .help, .quit, .redraw, .suspend, .showMessage,
        .rename, .editTags, .moveToCategory, .edit, .trashNote, .togglePin, .undo, .redo, .sync, .openTrash,
    ]
    /// During an early start: takes the whole store in if it is there, then updates the
    /// state with `event` if it needs only the first notes, and returns its effects; nil
    /// when the event waits for the whole store (kept, the state untouched: a key whose
    /// update would commit waits too, so `Enter` in the rename dialog waits with the text
    /// typed) or the app is quitting because the store could not be read.
    func earlyUpdate(_ event: InputEvent) -> [Effect]? {
        takeLoadedStore(waiting: false)
        if state.quitting == .quitting { return nil }
        guard loading != nil else { return AppUpdate.update(&state, event: event, snapshot: snapshot, now: now()) }
        var tried = state
        let effects = needsWholeStore(event) ? nil : AppUpdate.update(&tried, event: event, snapshot: snapshot, now: now())
        guard let effects, effects.allSatisfy(answersEarly) || commitsEarly(event, effects) else {
            waitingEvents.append(event)
            if case .key = event { state.loadingStore?.waitingKeys += 1 }
            return nil
        }
        state = tried
        return deferringSync(queueingEarlyCommits(effects))
    }

    /// Whether `effect` may run before the whole store is in: one that does not need it;
    /// `u` or `Ctrl-R` with nothing to undo or redo (always so before the whole store is
    /// in, unless a `d` or `p` waits to be saved), which says so at once; a sync, which
    /// says at once that it starts once the store is in (`deferringSync`).
    private func answersEarly(_ effect: Effect) -> Bool {
        switch effect {
        case .undo: pending.isEmpty && history.undoSteps.isEmpty
        case .redo: pending.isEmpty && history.redoSteps.isEmpty
        case .sync: true
        default: !Self.needsWholeStore(effect)
        }
    }

    /// `effects` without a sync, which starts once the whole store is in (`syncAfterLoading`);
    /// the status line says so meanwhile. Without a sync to run, `S` says so at once.
    private func deferringSync(_ effects: [Effect]) -> [Effect] {
        guard sync != nil, effects.contains(.sync) else { return effects }
        syncAfterLoading = true
        answer(.syncWaitsForTheStore)
        return effects.filter { $0 != .sync }
    }

    /// Whether `effect` must not run before the whole store is in: a commit (made against
    /// the whole store, so that a rename rewrites every link to the note), undo, a sync,
    /// today's note (found among all notes). The editor opens at once: its save waits (`wholeSnapshot`).
    static func needsWholeStore(_ effect: Effect) -> Bool {
        switch effect {
        case .commit, .undo, .redo, .sync, .readTemplates(then: .today): true
        case .editNote, .writeNewNote, .readTemplates(then: .newNote), .suspend, .openAttachment, .openAddress, .quit: false
        }
    }

    /// The snapshot to commit an editor's save against: during an early start, waits for
    /// the whole store first (the editor was opened on the first notes).
    func wholeSnapshot() -> NotesSnapshot {
        if loading != nil { finishLoading() }
        return snapshot
    }

    /// Waits for the whole store and takes it in, with the keys that waited for it (and,
    /// if one of them waits for the link index, for that too: `AppRunner+LinkIndexWait`).
    /// For tests, for the end of input, and for whatever must not go on before it.
    public func finishLoading() {
        loading?.start(order: snapshot.index.listOrder)
        takeLoadedStore(waiting: true)
        guard !waitingEvents.isEmpty else { return }
        snapshot.index.waitUntilSearchable()
        takeIndexedEvents()
    }

    /// Whether `event` must wait for the whole store: everything after an event that
    /// waits (the order typed is kept), a mouse event, and a key whose action is not one
    /// of the early ones on its screen.
    private func needsWholeStore(_ event: InputEvent) -> Bool {
        if !waitingEvents.isEmpty { return true }
        switch event {
        case .idle, .resize: return false
        case .mouse:
            // A click in the read view may follow a link: the note it names may be beyond the first notes.
            if case .reading = state.screen { return true }
            return false
        case .key(let key):
            if key == .control("z") || Layout.isTooSmall(state.size) || state.showsHelp || state.wholeMessage != nil { return false }
            // Typing in a dialog opened early: its commit waits (`earlyUpdate`); Tab's tag completion needs every tag.
            if case .editTags = state.prompt?.purpose { return key == .tab }
            // A dialog, a field, quick open, the tags or trash screen: what they commit waits at its effect.
            if state.modal != nil { return false }
            guard let action = KeyHelp.keyMap(for: state)?.action(for: key) else { return false }
            switch state.screen {
            case .notes: return !KeyHelp.showsCategoryPaneFocus(state) && !Self.earlyListActions.contains(action)
            case .reading: return !Self.earlyReadingActions.contains(action)
            case .categories: return false
            }
        }
    }

    /// Takes the whole store in once it is read: the snapshot of the first notes is
    /// replaced, the selected note stays selected (same row, same scroll: the first notes
    /// are the whole list's first), and the events that waited are handled in order. A
    /// store that could not be read ends the app (`loadFailure`).
    func takeLoadedStore(waiting: Bool) {
        guard let loading, let outcome = loading.take(waiting: waiting) else { return }
        self.loading = nil
        state.loadingStore = nil
        switch outcome {
        case .failure(let error):
            loadFailure = error
            state.quitting = .quitting
        case .success(let loaded):
            let selected = state.selectedNote(in: snapshot)?.id
            repository = loaded.repository
            let early = snapshot
            snapshot = loaded.snapshot
            // The filter keeps the rows found among the first notes while the whole store's search text is built.
            state.filter.carry(from: early.index, to: snapshot.index, sharedFirstNotes: snapshot.sharedFirstNotes(with: early))
            answer(.refreshed(keeping: selected))
            storeLoaded?(repository)
            saveEarlyCommits()
            if syncAfterLoading {
                syncAfterLoading = false
                startSync()
            }
            let waited = waitingEvents
            waitingEvents = []
            for event in waited where state.quitting != .quitting { handle(event) }
        }
    }
}
