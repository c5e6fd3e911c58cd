import Foundation
import NotesModel
import NotesTerminal

/// The mouse (SGR reports, `MouseEvent`): a click selects a note, a category or a row
/// of the categories screen; a second click on the same cell soon after opens it, as
/// `Enter`; the wheel moves as `j`/`k` three times; a click on a task box in the read
/// view ticks it, as `x`. Each goes through the action its key asks for. While a dialog
/// or a field is open, the mouse does nothing.
extension AppUpdate {
    /// The longest pause between two presses on one cell that makes a double click.
    static let doubleClickSeconds = 0.4
    /// How many lines a wheel step moves.
    static let wheelLines = 3

    static func mouse(_ event: MouseEvent, _ state: inout AppState, _ snapshot: NotesSnapshot, now: Date) -> [Effect] {
        guard !Layout.isTooSmall(state.size), state.modal == nil, state.readSearch?.field == nil else { return [] }
        switch event.action {
        case .wheelUp, .wheelDown:
            let action: KeyAction = event.action == .wheelDown ? .down : .up
            var effects: [Effect] = []
            for _ in 0..<wheelLines { effects += screenAction(action, &state, snapshot, now) }
            return effects
        case .press(.left):
            let isDouble = state.lastClick.map {
                $0.x == event.x && $0.y == event.y && event.time >= $0.time && event.time - $0.time <= doubleClickSeconds
            } ?? false
            state.lastClick = isDouble ? nil : event
            state.message = nil
            return click(at: event.x, event.y, isDouble: isDouble, &state, snapshot, now)
        default:
            return []
        }
    }

    /// What the key of `action` does on the screen shown (the category pane aside).
    private static func screenAction(_ action: KeyAction, _ state: inout AppState, _ snapshot: NotesSnapshot,
                                     _ now: Date) -> [Effect] {
        switch state.screen {
        case .notes: notesAction(action, &state, snapshot, now, previewed: nil)
        case .reading(let id): readingAction(action, key: .down, id, &state, snapshot, now)
        case .categories: categoriesAction(action, &state, snapshot)
        }
    }

    private static func click(at x: Int, _ y: Int, isDouble: Bool, _ state: inout AppState, _ snapshot: NotesSnapshot,
                              _ now: Date) -> [Effect] {
        switch state.screen {
        case .notes:
            let layout = Layout.main(state.size, preview: state.showsPreview)
            if let pane = layout.categories, pane.contains(x: x, y: y) {
                if let scope = CategoriesPane.scope(atY: y, state, snapshot, in: pane) { show(scope, &state, snapshot) }
                return []
            }
            let row = state.noteScroll + y - layout.list.y
            guard layout.list.contains(x: x, y: y), row < state.filter.count(in: snapshot.index) else { return [] }
            state.focusesCategoryPane = false
            state.noteRow = row
            state.clampSelections(in: snapshot)
            return isDouble ? notesAction(.open, &state, snapshot, now, previewed: nil) : []
        case .categories:
            let list = Layout.categoriesScreen(state.size).list
            let row = state.categoryScroll + y - list.y
            guard list.contains(x: x, y: y), row < snapshot.categories.count + AppState.categoryListHeads else { return [] }
            state.categoryRow = row
            state.clampSelections(in: snapshot)
            return isDouble ? categoriesAction(.showNotes, &state, snapshot) : []
        case .reading(let id):
            return readClick(at: x, y, id, &state, snapshot, now)
        }
    }

    /// A click on the read view's body: the item under it (`ReadClickTarget`) takes the
    /// focus and acts as its key does: a task box is ticked (`x`), a link followed and an
    /// attachment opened (`Enter`).
    private static func readClick(at x: Int, _ y: Int, _ id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot,
                                  _ now: Date) -> [Effect] {
        guard let stored = snapshot.database.notes[id], let shown = shownRendering(stored, state, snapshot) else { return [] }
        let rendering = shown.rendering, note = shown.note
        let bodyTop = NoteReadScreen.bodyTop(note, snapshot, state)
        let rows = NoteReadScreen.bodyRows(note, snapshot, state)
        guard y >= bodyTop, y < bodyTop + rows else { return [] }
        let top = min(state.readTop.line, max(0, rendering.lines.count + ReadAttachments.lineCount(note) - rows))
        let line = top + y - bodyTop
        let items = ReadItems.items(in: rendering, attachments: note.attachments.count)
        guard let index = ReadClickTarget.at(line: line, column: x - NoteReadScreen.bodyLeft, in: rendering, items: items)
        else { return [] }
        state.readItem = index
        if isTask(items[index]) { return readingAction(.toggleTask, key: .character("x"), id, &state, snapshot, now) }
        return readingAction(.openItem, key: .enter, id, &state, snapshot, now)
    }
}
