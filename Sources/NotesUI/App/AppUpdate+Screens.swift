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
                state.readSearch = nil
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
        case .character("/"): state.readSearch = ReadSearch()
        case .character("n"): stepReadSearch(by: 1, &state)
        case .character("N"): stepReadSearch(by: -1, &state)
        case .escape where state.readSearch != nil: state.readSearch = nil
        case .escape, .character("q"), .left, .character("h"):
            state.screen = .notes
            state.readSearch = nil
        default: break
        }
        if let note = snapshot.database.notes[id] {
            let lines = NoteReadScreen.bodyLines(note, size: state.size).count
            state.readScroll = min(state.readScroll, NoteReadScreen.maximumScroll(lines: lines, size: state.size))
        }
        return []
    }

    /// A key while the read view's search text is typed: Enter searches and shows the
    /// first match from the top of the view on; Esc gives up.
    static func readSearchKey(_ key: Key, _ id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        guard var search = state.readSearch, var field = search.field else { return }
        switch field.handle(key) {
        case nil:
            search.field = field
            state.readSearch = search
        case .cancelled:
            state.readSearch = nil
        case .submitted(let text):
            guard !ReadSearch.patterns(for: text).isEmpty, let note = snapshot.database.notes[id] else {
                state.readSearch = nil
                return
            }
            let found = ReadSearch(text: text, lines: NoteReadScreen.bodyLines(note, size: state.size), from: state.readScroll)
            state.readSearch = found
            if found.matches.isEmpty {
                state.message = .init(text: "Not found: \(text)", isError: true)
            } else {
                showCurrentMatch(&state, lines: NoteReadScreen.bodyLines(note, size: state.size).count)
            }
        }
    }

    /// `n` / `N`: the next or previous match, scrolled into view.
    private static func stepReadSearch(by delta: Int, _ state: inout AppState) {
        guard var search = state.readSearch else { return }
        guard !search.matches.isEmpty else {
            state.message = .init(text: "Not found: \(search.text)", isError: true)
            return
        }
        if search.step(by: delta) {
            state.message = .init(text: delta > 0 ? "Search went round to the top" : "Search went round to the bottom",
                                  isError: false)
        }
        state.readSearch = search
        showCurrentMatch(&state, lines: nil)
    }

    /// Scrolls the read view so that the current match is in view (a third down when it moves).
    private static func showCurrentMatch(_ state: inout AppState, lines: Int?) {
        guard let line = state.readSearch?.currentMatch?.line else { return }
        let rows = NoteReadScreen.bodyRows(state.size)
        if line < state.readScroll || line >= state.readScroll + rows {
            state.readScroll = max(0, line - rows / 3)
        }
        if let lines { state.readScroll = min(state.readScroll, NoteReadScreen.maximumScroll(lines: lines, size: state.size)) }
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
