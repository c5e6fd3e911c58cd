import Foundation
import NotesModel
import NotesTerminal

/// A rename's `Enter` finds the notes that link to the renamed one in the link index
/// (`NoteIndex.backlinks`), part of the search text built behind the list once the whole
/// store is in (seconds at 1,000,000 notes). Rather than waiting inside `update`, with the
/// screen as it was, the key waits in the runner, the status line saying what for
/// (`LoadingStore.Stage.linkIndex`), and so does every key typed after it, in order; the
/// runner looks every `searchTextPollMilliseconds` and handles them once the index is built.
extension AppRunner {
    /// Once the whole store is in: updates the state with `event`, unless it, or a key
    /// before it, waits for the link index (nil: kept, handled once the index is built).
    func updateOnceIndexed(_ event: InputEvent) -> [Effect]? {
        takeIndexedEvents()
        guard waitingEvents.isEmpty, !waitsForLinkIndex(event) else {
            if event != .idle {
                waitingEvents.append(event)
                let keys = (state.loadingStore?.waitingKeys ?? 0) + (event.isKey ? 1 : 0)
                state.loadingStore = LoadingStore(notes: snapshot.noteCount, waitingKeys: keys, stage: .linkIndex)
            }
            return nil
        }
        return AppUpdate.update(&state, event: event, snapshot: snapshot, now: now())
    }

    /// Handles the events that waited for the link index, in order, once it is built.
    func takeIndexedEvents() {
        guard loading == nil, !waitingEvents.isEmpty, snapshot.index.isSearchable else { return }
        state.loadingStore = nil
        let waited = waitingEvents
        waitingEvents = []
        for event in waited where state.quitting != .quitting { handle(event) }
    }

    /// At the end of input: the keys that wait for the whole store or its link index are
    /// handled once it is there, so that none typed is lost.
    func handleWaitingKeysAtEnd() {
        if !waitingEvents.isEmpty { finishLoading() }
    }

    /// Whether `event` is the `Enter` of a rename that rewrites the links to the note while
    /// the link index of a large store is still being built (`NoteFilter.waitsForText`: a
    /// small index's is built in milliseconds, and `update` waits for it, so that a rename
    /// lands with its key whatever the machine's load).
    private func waitsForLinkIndex(_ event: InputEvent) -> Bool {
        guard event == .key(.enter), state.updatesLinksOnRename, NoteFilter.waitsForText(snapshot.index),
              let prompt = state.prompt, case .renameNote(_, let from) = prompt.purpose else { return false }
        return prompt.field.text != from
    }
}

extension InputEvent {
    /// Whether this is a key (not the mouse, a resize or a pause).
    var isKey: Bool {
        if case .key = self { return true }
        return false
    }
}
