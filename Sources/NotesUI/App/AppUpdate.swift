import Foundation
import NotesCore

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
        state.previewHeldNoteID = nil
        switch event {
        case .resize(let size):
            state.size = size
            state.clampSelections(in: snapshot)
            return []
        case .idle:
            return []
        case .key(let key):
            state.message = nil
            return handle(key, &state, snapshot, now, previewed: previewed)
        }
    }

    /// - Parameter previewed: the note the preview showed before this key.
    private static func handle(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date,
                               previewed: UUID?) -> [Effect] {
        if key == .control("c"), state.readSearch?.field != nil {  // Ctrl-C in a field cancels it
            state.readSearch = nil
            return []
        }
        if key == .control("c") { return [.quit] }
        if key == .control("z") { return [.suspend] }
        if state.showsHelp {
            state.showsHelp = false
            return []
        }
        if state.picker != nil { return pickerKey(key, &state, snapshot) }
        if state.prompt != nil { return promptKey(key, &state, snapshot, now) }
        if let confirmation = state.confirmation { return confirmKey(key, confirmation, &state, snapshot) }
        if Layout.isTooSmall(state.size) { return key == .character("q") ? [.quit] : [] }
        if state.isEditingFilter { return filterKey(key, &state, snapshot, previewed: previewed) }
        switch state.screen {
        case .notes: return notesKey(key, &state, snapshot, previewed: previewed)
        case .reading(let id): return readingKey(key, id, &state, snapshot)
        case .categories: return categoriesKey(key, &state, snapshot)
        }
    }

    /// Moves a selection by `delta` rows, or to the ends (`Int.min`/`Int.max`).
    static func moved(_ row: Int, by delta: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        if delta == Int.min { return 0 }
        if delta == Int.max { return count - 1 }
        return max(0, min(count - 1, row + delta))
    }

    /// The row change a movement key asks for in a list showing `page` rows, if it is one.
    static func movement(_ key: Key, page: Int) -> Int? {
        switch key {
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown, .control("f"): max(1, page - 1)
        case .pageUp, .control("b"): -max(1, page - 1)
        case .home, .character("g"): Int.min
        case .end, .character("G"): Int.max
        default: nil
        }
    }

    // MARK: Prompts and questions

    private static func promptKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        guard let outcome = prompt.field.handle(key) else {
            state.prompt = prompt
            return []
        }
        state.prompt = nil
        guard case .submitted(let raw) = outcome else { return [] }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            state.message = .init(text: "Nothing entered; nothing changed", isError: false)
            return []
        }
        switch prompt.purpose {
        case .newNoteTitle:
            let note = Note(title: text, created: now, categoryID: state.filter.categoryID)
            state.filter.set(query: "", categoryID: state.filter.categoryID, in: snapshot.index)
            state.pendingSelection = note.id
            state.message = .init(text: "Created \"\(text)\"", isError: false)
            return [.commit([.putNote(note)])]
        case .newCategoryName:
            let category = Category(name: text)
            state.pendingSelection = category.id
            state.message = .init(text: "Added category \(text)", isError: false)
            return [.commit([.putCategory(category)])]
        case .renameCategory(let id):
            guard var category = snapshot.database.categories[id] else { return [] }
            category.name = text
            return [.commit([.putCategory(category)])]
        }
    }

    private static func confirmKey(_ key: Key, _ confirmation: AppState.Confirmation, _ state: inout AppState,
                                   _ snapshot: NotesSnapshot) -> [Effect] {
        state.confirmation = nil
        guard key == .character("y") || key == .character("Y") else {
            state.message = .init(text: "Not deleted", isError: false)
            return []
        }
        switch confirmation {
        case .deleteNote(let id):
            state.message = .init(text: "Deleted \"\(snapshot.database.notes[id]?.title ?? "")\"", isError: false)
            return [.commit([.deleteNote(id)])]
        case .deleteCategory(let id):
            state.message = .init(text: "Deleted category \(snapshot.database.categories[id]?.name ?? "")", isError: false)
            return [.commit([.deleteCategory(id)])]
        }
    }

    private static func pickerKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        guard var session = state.picker else { return [] }
        let outcome = session.picker.handle(key)
        state.picker = outcome == nil ? session : nil
        guard case .picked(let color) = outcome,
              var category = snapshot.database.categories[session.categoryID] else { return [] }
        category.color = SerializableColor(color)
        state.message = .init(text: "\(category.name) is now \(color.hex)", isError: false)
        let recent = color.prepended(to: snapshot.database.recentColors)
        return [.commit([.putCategory(category), .setRecentColors(recent)])]
    }
}
