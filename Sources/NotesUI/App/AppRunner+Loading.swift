import Foundation
import NotesModel
import NotesTerminal

/// An early start (`StoreLoading`): while the whole store is read on another thread, the
/// keys that need only the first notes work at once (moving in the list, opening a note,
/// reading it, help, quitting); every other key waits, in the order typed, with the status
/// line saying so, and is handled once the whole store is in. The swap keeps the selected
/// note and the scroll.
extension AppRunner {
    /// How often, with no key, the runner looks whether the whole store is in.
    static let loadingPollMilliseconds = 20

    /// The actions of the note list that need only the notes shown.
    static let earlyListActions: Set<KeyAction> = [
        .down, .up, .pageDown, .pageUp, .first, .open, .togglePreview, .help, .quit, .redraw, .suspend, .showMessage,
    ]
    /// The actions of the read view that need only the note read.
    static let earlyReadingActions: Set<KeyAction> = [
        .down, .up, .pageDown, .pageUp, .first, .last, .toggleRaw, .back, .help, .quit, .redraw, .suspend, .showMessage,
    ]

    /// During an early start: takes the whole store in if it is there; then, if it is
    /// still being read and `event` needs it, keeps the event for later. True when the
    /// event is dealt with so (kept, or the app is quitting because the store could not be read).
    func waitForStore(_ event: InputEvent) -> Bool {
        takeLoadedStore(waiting: false)
        if state.quitting == .quitting { return true }
        guard loading != nil, needsWholeStore(event) else { return false }
        waitingEvents.append(event)
        if case .key = event { state.loadingStore?.waitingKeys += 1 }
        return true
    }

    /// Waits for the whole store and takes it in (with the keys that waited for it). For
    /// tests, and for whatever must not go on before it.
    public func finishLoading() {
        loading?.start(order: snapshot.index.listOrder)
        takeLoadedStore(waiting: true)
    }

    /// Whether `event` must wait for the whole store: everything after an event that
    /// waits (the order typed is kept), a mouse event, and a key whose action is not one
    /// of the early ones on its screen.
    private func needsWholeStore(_ event: InputEvent) -> Bool {
        if !waitingEvents.isEmpty { return true }
        switch event {
        case .idle, .resize: return false
        case .mouse: return true
        case .key(let key):
            if key == .control("z") || Layout.isTooSmall(state.size) || state.showsHelp || state.wholeMessage != nil { return false }
            guard state.modal == nil, !state.isEditingFilter else { return true }
            guard let action = KeyHelp.keyMap(for: state)?.action(for: key) else { return false }
            switch state.screen {
            case .notes: return KeyHelp.showsCategoryPaneFocus(state) || !Self.earlyListActions.contains(action)
            case .reading: return !Self.earlyReadingActions.contains(action)
            case .categories: return true
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
            snapshot = loaded.snapshot
            answer(.refreshed(keeping: selected))
            storeLoaded?(repository)
            let waited = waitingEvents
            waitingEvents = []
            for event in waited where state.quitting != .quitting { handle(event) }
        }
    }
}
