import Foundation
import NotesModel
import NotesTerminal

/// The app's update function: applies one event to the state and says which effects
/// the runner must carry out. Pure: it reads the database snapshot, never a store.
///
/// The preview follows the selection once the keys stop: a move in the note list
/// holds the preview on the note it showed (`AppState.previewHeldNoteID`), so a held
/// ↓ redraws only the list rows; `.idle` (no key for a moment) or any other event lets
/// it catch up. The runner asks the terminal for `.idle` while the preview is held.
public enum AppUpdate {
    public static func update(_ state: inout AppState, event: InputEvent, snapshot: NotesSnapshot,
                              now: Date) -> [Effect] {
        let previewed = state.previewNote(in: snapshot)?.id
        let held = state.previewHeldNoteID
        state.previewHeldNoteID = nil
        switch event {
        case .resize(let size):
            state.size = size
            state.clampSelections(in: snapshot)
            return []
        case .idle:
            // A pause while the filter is still counting: search the next slice; the
            // preview catches up once the count is in.
            if state.filter.isCounting {
                state.filter.advance(in: snapshot.index, work: .idle)
                if state.filter.isCounting { state.previewHeldNoteID = held }
            }
            // Quick open typed into before the search text was built: rank every note now it is.
            if var quickOpen = state.quickOpen, quickOpen.rankWhenReady(in: snapshot.index) { state.quickOpen = quickOpen }
            return []
        case .mouse(let event):
            return mouse(event, &state, snapshot, now: now)
        case .key(let key):
            let shown = state.message, quitting = state.quitting
            state.message = nil
            state.listEndOnceLoaded = false  // a key after an early `G` (see `endOnceLoaded`)
            var effects = handle(key, &state, snapshot, now, previewed: previewed, shown: shown)
            // A key that did not ask to quit again, while waiting for saves to quit: stays.
            if quitting == .waitingForSaves && state.quitting == .waitingForSaves { stayInsteadOfQuitting(&state) }
            if !effects.contains(.quit) { effects += finishing(&state) }
            return effects
        }
    }

    /// The order matters: while the terminal is too small nothing is shown, so no key
    /// reaches a dialog or a field; then an open dialog or field takes every key (`Ctrl-C`
    /// and `Esc` cancel it); a paste reaches only text fields; `Ctrl-C` quits only here at
    /// the top level of a screen.
    /// - Parameters:
    ///   - previewed: the note the preview showed before this key.
    ///   - shown: the message the status line showed before this key (`M` shows it whole).
    private static func handle(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date,
                               previewed: UUID?, shown: AppState.Message?) -> [Effect] {
        if key == .control("z") { return [.suspend] }
        if Layout.isTooSmall(state.size) { return tooSmallKey(key, &state) }
        if state.wholeMessage != nil {
            if case .paste = key { return [] }
            MessageOverlay.handle(key, &state)
            return []
        }
        if state.showsHelp {
            if case .paste = key { return [] }
            HelpOverlay.handle(key, &state)
            return []
        }
        if state.picker != nil { return pickerKey(key, &state, snapshot, shown: shown) }
        if state.chooser != nil { return chooserKey(key, &state, snapshot, now) }
        if state.quickOpen != nil { return quickOpenKey(key, &state, snapshot) }
        if state.prompt != nil { return promptKey(key, &state, snapshot, now) }
        if let confirmation = state.confirmation { return confirmKey(key, confirmation, &state, snapshot, now) }
        if state.trash != nil { return trashKey(key, &state, snapshot, shown: shown) }  // Ctrl-C there cancels, never quits
        if state.tagBrowser != nil { return tagsKey(key, &state, snapshot, shown: shown) }
        if state.isEditingFilter { return filterKey(key, &state, snapshot, previewed: previewed) }
        if state.readSearch?.field != nil, case .reading(let id) = state.screen {
            readSearchKey(key, id, &state, snapshot)  // a field: Esc and Ctrl-C cancel it
            return []
        }
        if case .paste = key { return [] }  // a paste is text, never commands
        // The screen's key map says what the key asks for; a key not in it does nothing.
        guard let action = KeyHelp.keyMap(for: state)?.action(for: key) else { return [] }
        switch action {
        case .undo, .redo:
            // The list keeps the cursor on the note it is on, wherever the change moves it (a pin).
            if case .notes = state.screen, let selected = state.selectedNote(in: snapshot) { state.pendingSelection = selected.id }
            return [action == .undo ? .undo : .redo]
        case .quit: return quit(&state)
        case .suspend: return [.suspend]
        case .redraw: return []  // the terminal layer repaints every cell
        case .showMessage:
            showWhole(shown, &state)
            return []
        case .help:
            state.showsHelp = true
            return []
        case .openTrash:
            state.trash = TrashBrowser()
            return []
        case .tags:
            state.tagBrowser = TagBrowser(counts: snapshot.index.tagCounts())
            return []
        default:
            break
        }
        switch state.screen {
        case .notes where KeyHelp.showsCategoryPaneFocus(state): return categoryPaneAction(action, &state, snapshot)
        case .notes: return notesAction(action, &state, snapshot, now, previewed: previewed)
        case .reading(let id): return readingAction(action, key: key, id, &state, snapshot, now)
        case .categories: return categoriesAction(action, &state, snapshot)
        }
    }

    /// While the terminal is too small: `q` and `Ctrl-C` quit when no dialog or field is
    /// open (hidden as it is); every other key does nothing.
    private static func tooSmallKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard !state.hasOpenDialog, key == .character("q") || key == .control("c") else { return [] }
        return quit(&state)
    }

    /// `M`: the message the status line showed, whole, over the screen (PRODUCT §5: a
    /// message longer than the line can be read whole).
    static func showWhole(_ shown: AppState.Message?, _ state: inout AppState) {
        guard let shown else { return }
        state.modal = .message(shown, scroll: 0, over: state.modal)
    }

    /// Moves a selection by `delta` rows, or to the ends (`Int.min`/`Int.max`).
    static func moved(_ row: Int, by delta: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        if delta == Int.min { return 0 }
        if delta == Int.max { return count - 1 }
        return max(0, min(count - 1, row + delta))
    }

    /// The row change a movement action asks for in a list showing `page` rows, if it is one.
    static func movement(_ action: KeyAction, page: Int) -> Int? {
        switch action {
        case .down: 1
        case .up: -1
        case .pageDown: max(1, page - 1)
        case .pageUp: -max(1, page - 1)
        case .first: Int.min
        case .last: Int.max
        default: nil
        }
    }

    // MARK: Prompts and questions

    private static func promptKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        if key == .tab, case .editTags = prompt.purpose {
            completeTag(prompt, &state, snapshot)
            return []
        }
        let outcome = prompt.field.handle(key)
        prompt.problem = prompt.field.notice
        guard case .submitted(let raw) = outcome else {
            state.prompt = outcome == nil ? prompt : nil
            return []
        }
        if case .editTags(let id, let from) = prompt.purpose {
            return submitTags(raw, of: id, from: from, prompt, &state, snapshot, now)
        }
        if let taken = takenCategoryName(raw, for: prompt.purpose, snapshot) {
            // The store refuses a second category of that name: the field stays, with the text typed.
            var kept = prompt
            kept.problem = "There is already a category named \(taken); type another name (Esc cancels)"
            state.prompt = kept
            return []
        }
        state.prompt = nil
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            state.message = .init(text: "Nothing entered; nothing changed", isError: false)
            return []
        }
        switch prompt.purpose {
        case .newNoteTitle:
            // Written in the editor first: created only if the editor saves it. The
            // filter stays; the status line says if it hides the new note.
            return [.writeNewNote(newNote(title: text, template: nil, state, snapshot, now).note)]
        case .newNoteFromTemplate(let name):
            let (note, cursor, problem) = newNote(title: text, template: name, state, snapshot, now)
            if let problem { state.message = .init(text: problem, isError: true) }
            return [.writeNewNote(note, cursor: cursor)]
        case .newCategoryName:
            let category = Category(name: text)
            state.pendingSelection = category.id
            state.message = .init(text: "Added category \(text); pick its color (Esc keeps it)", isError: false)
            // Then its color: the picker opens on the new category at once.
            let picker = ColorPicker(start: category.color, recent: snapshot.database.recentColors)
            state.picker = .init(categoryID: category.id, picker: picker)
            return [.commit([.change(.putCategory(category))])]
        case .renameCategory(let id, let from):
            guard snapshot.database.categories[id] != nil else { return [] }
            state.message = .init(text: "Renamed category \(from) to \(text)", isError: false)
            return [.commit([.category(CategoryEdit(categoryID: id, name: FieldChange(from: from, to: text)))])]
        case .renameNote(let id, let from):
            return renameNote(id, from: from, to: text, &state, snapshot)
        case .editTags:
            return []
        }
    }

    private static func confirmKey(_ key: Key, _ confirmation: AppState.Confirmation, _ state: inout AppState,
                                   _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        if case .paste = key { return [] }  // a paste never answers a question
        state.confirmation = nil
        guard key == .character("y") || key == .character("Y") else {
            if case .createNote = confirmation { return [] }
            state.message = .init(text: "Not deleted", isError: false)
            return []
        }
        switch confirmation {
        case .createNote(let title, let categoryID):
            // The normal new-note path: written in the editor first, created only if saved.
            return [.writeNewNote(Note(title: title, created: now, categoryID: categoryID))]
        case .deleteCategory(let id):
            state.message = .init(text: "Deleted category \(snapshot.database.categories[id]?.name ?? "") (u brings it back with its notes)",
                                  isError: false)
            return [.commit([.change(.trashCategory(id, at: now))])]
        }
    }

    private static func pickerKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot,
                                  shown: AppState.Message?) -> [Effect] {
        guard var session = state.picker else { return [] }
        if key == .character("?") && session.picker.hexEntry == nil {
            state.showsHelp = true  // the help of the picker's keys (`KeyMap.picker`), over it
            return []
        }
        if key == KeyMap.wholeMessage.keys.first && session.picker.hexEntry == nil {
            showWhole(shown, &state)
            return []
        }
        if key == .control("c") && session.picker.hexEntry == nil {
            state.picker = nil  // Ctrl-C cancels like Esc (inside the hex entry, it cancels that)
            return []
        }
        let outcome = session.picker.handle(key)
        state.picker = outcome == nil ? session : nil
        guard case .picked(let color) = outcome,
              let category = snapshot.database.categories[session.categoryID] else { return [] }
        // Accepted unchanged: nothing is written (a translucent or Display P3 color stays as it is).
        guard color != category.color else {
            state.message = .init(text: "\(category.name) keeps \(color.hex)", isError: false)
            return []
        }
        state.message = .init(text: "\(category.name) is now \(color.hex)", isError: false)
        // Changed from the color the picker opened with: a rename made elsewhere meanwhile stays.
        let edit = CategoryEdit(categoryID: category.id, color: FieldChange(from: session.picker.original, to: color))
        return [.commit([.category(edit), .pickedColor(color.rgb8)])]
    }
}
