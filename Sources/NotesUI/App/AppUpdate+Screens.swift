import Foundation
import NotesCore

/// The keys of each screen: the note list (and its filter), the read view, the categories.
extension AppUpdate {
    /// - Parameter previewed: the note the preview showed before this key; a move
    ///   holds the preview on it (see `AppUpdate`).
    static func notesKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot,
                         previewed: UUID?) -> [Effect] {
        let count = state.filter.count(in: snapshot.index)
        if let delta = movement(key, page: Layout.main(state.size).list.height) {
            state.noteRow = moved(state.noteRow, by: delta, count: count)
            state.clampSelections(in: snapshot)
            if state.showsPreview, let previewed, previewed != state.selectedNote(in: snapshot)?.id {
                state.previewHeldNoteID = previewed
            }
            return []
        }
        let selected = state.selectedNote(in: snapshot)
        if organizeKey(key, note: selected, &state, snapshot) { return [] }
        switch key {
        case .enter:
            if let selected {
                state.screen = .reading(selected.id)
                state.readScroll = 0
            }
        case .character("n"):
            state.prompt = .init(purpose: .newNoteTitle, field: TextField())
        case .character("e"):
            if let selected { return [.editNote(selected.id)] }
        case .character("/"):
            state.filterField = TextField(text: state.filter.query)
        case .escape:
            state.filter.set(query: "", categoryID: nil, in: snapshot.index)
            state.noteRow = 0
            state.clampSelections(in: snapshot)
        case .character("v"):
            state.showsPreview.toggle()
        case .character("c"):
            state.screen = .categories
            state.clampSelections(in: snapshot)
        case .character("S"):
            return [.sync]
        case .character("?"):
            state.showsHelp = true
        case .character("q"):
            return [.quit]
        default:
            break
        }
        return []
    }

    /// A key while `/` takes the filter text: the field edits it (the list narrows at
    /// each change), ↑/↓/PgUp/PgDn move in the list, Enter keeps the filter and goes back
    /// to the list keys, Esc or Ctrl-C clears it, Backspace in an empty field closes it.
    static func filterKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot,
                          previewed: UUID?) -> [Effect] {
        switch key {
        case .up, .down, .pageUp, .pageDown:
            return notesKey(key, &state, snapshot, previewed: previewed)
        default:
            break
        }
        guard var field = state.filterField else { return [] }
        if key == .backspace && field.text.isEmpty {
            state.filterField = nil
            return []
        }
        switch field.handle(key) {
        case .submitted:
            state.filterField = nil
            return []
        case .cancelled:
            state.filterField = nil
            field.text = ""
        case nil:
            state.filterField = field
        }
        guard field.text != state.filter.query else { return [] }
        state.filter.set(query: field.text, categoryID: state.filter.categoryID, in: snapshot.index)
        state.noteRow = 0
        state.clampSelections(in: snapshot)
        return []
    }

    static func readingKey(_ key: Key, _ id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        let page = max(1, state.size.height - 4)
        if organizeKey(key, note: snapshot.database.notes[id], &state, snapshot) { return [] }
        switch key {
        case .down, .character("j"): state.readScroll += 1
        case .up, .character("k"): state.readScroll = max(0, state.readScroll - 1)
        case .pageDown, .character(" "): state.readScroll += page
        case .pageUp: state.readScroll = max(0, state.readScroll - page)
        case .home, .character("g"): state.readScroll = 0
        case .end, .character("G"): state.readScroll = Int.max / 2
        case .character("e"): return [.editNote(id)]
        case .character("?"): state.showsHelp = true
        case .escape, .character("q"), .left, .character("h"): state.screen = .notes
        default: break
        }
        if let note = snapshot.database.notes[id] {
            let lines = NoteReadScreen.bodyLines(note, size: state.size).count
            state.readScroll = min(state.readScroll, NoteReadScreen.maximumScroll(lines: lines, size: state.size))
        }
        return []
    }

    static func categoriesKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        if let delta = movement(key, page: Layout.categoriesScreen(state.size).list.height) {
            state.categoryRow = moved(state.categoryRow, by: delta, count: snapshot.categories.count)
            state.clampSelections(in: snapshot)
            return []
        }
        let selected = state.selectedCategory(in: snapshot)
        switch key {
        case .character("a"):
            state.prompt = .init(purpose: .newCategoryName, field: TextField())
        case .enter, .character("p"):
            if let selected {
                let picker = ColorPicker(start: selected.color, recent: snapshot.database.recentColors)
                state.picker = .init(categoryID: selected.id, picker: picker)
            }
        case .character("r"):
            if let selected {
                state.prompt = .init(purpose: .renameCategory(selected.id), field: TextField(text: selected.name))
            }
        case .character("d"), .delete:
            if let selected { state.confirmation = .deleteCategory(selected.id) }
        case .character("f"), .character(" "):
            if let selected {
                state.filter.set(query: state.filter.query, categoryID: selected.id, in: snapshot.index)
                state.screen = .notes
                state.noteRow = 0
                state.clampSelections(in: snapshot)
            }
        case .character("?"):
            state.showsHelp = true
        case .escape, .character("q"):
            state.screen = .notes
        default:
            break
        }
        return []
    }
}
