import Foundation
import NotesModel
import NotesTerminal

/// The keys of each screen: the note list (and its filter), the read view, the categories.
extension AppUpdate {
    /// An action of the note list (`KeyMap.notes`).
    /// - Parameter previewed: the note the preview showed before this key; a move
    ///   holds the preview on it (see `AppUpdate`).
    static func notesAction(_ action: KeyAction, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date,
                            previewed: UUID?) -> [Effect] {
        let count = state.filter.count(in: snapshot.index)
        if let delta = movement(action, page: Layout.main(state.size).list.height) {
            state.noteRow = moved(state.noteRow, by: delta, count: count)
            state.clampSelections(in: snapshot)
            if action == .last, snapshot.isEarly { endOnceLoaded(&state) }
            if state.showsPreview, let previewed, previewed != state.selectedNote(in: snapshot)?.id {
                state.previewHeldNoteID = previewed
            }
            return []
        }
        let selected = state.selectedNote(in: snapshot)
        if organizeAction(action, note: selected, &state, snapshot) { return [] }
        switch action {
        case .open:
            if let selected { read(selected, &state) }
        case .quickOpen:
            state.quickOpen = QuickOpen(in: snapshot.index)
        case .newNote:
            return [.readTemplates(then: .newNote)]
        case .edit:
            if let selected { return [.editNote(selected.id)] }
        case .togglePin:
            if let selected { return togglePin(selected, &state) }
        case .trashNote:
            if let selected { return trash(selected, &state, now) }
        case .filter:
            state.filterField = TextField(text: state.filter.query)
        case .clearFilter:
            // Nothing to clear: `Esc` keeps the selection where it is.
            guard !state.filter.query.isEmpty || state.filter.scope != .all else { break }
            state.filter.set(query: "", categoryID: nil, in: snapshot.index)
            state.noteRow = 0
            state.clampSelections(in: snapshot)
        case .togglePreview:
            state.showsPreview.toggle()
        case .focusCategoryPane:
            state.focusesCategoryPane = Layout.main(state.size, preview: state.showsPreview).categories != nil
        case .categories:
            // The cursor starts on the list's category, or (showing all notes) on the first category.
            state.screen = .categories
            let first = snapshot.categories.isEmpty ? 0 : AppState.categoryListHeads
            state.categoryRow = state.filter.scope == .all ? first : AppState.categoryRow(of: state.filter.scope, in: snapshot)
            state.clampSelections(in: snapshot)
        case .sync:
            return [.sync]
        case .todayNote:
            return [.readTemplates(then: .today(now: now))]
        default:
            break
        }
        return []
    }

    /// An action while the category pane has the focus (`KeyMap.categoryPane`): a move
    /// shows the notes of the row it lands on ("All notes" first, then "Uncategorized"
    /// while some notes are in no category).
    static func categoryPaneAction(_ action: KeyAction, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        if let delta = movement(action, page: 1) {
            let scopes = CategoriesPane.scopes(snapshot)
            let current = scopes.firstIndex(of: state.filter.scope) ?? 0
            show(scopes[moved(current, by: delta, count: scopes.count)], &state, snapshot)
            return []
        }
        switch action {
        case .focusList:
            state.focusesCategoryPane = false
        case .categories:
            state.focusesCategoryPane = false
            return notesAction(.categories, &state, snapshot, .distantPast, previewed: nil)
        default:
            break
        }
        return []
    }

    /// `G` while only the first notes are in: the cursor is on the last of them; the list
    /// goes to its end once the whole store is in (`AppState.reconcile`).
    static func endOnceLoaded(_ state: inout AppState) {
        state.listEndOnceLoaded = true
        state.message = .init(text: "the rest of the list is loading: G goes to its end once it is in", isError: false)
    }

    /// Shows the notes of `scope` in the list (the category pane's rows), keeping the query.
    static func show(_ scope: NoteFilter.Scope, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        guard scope != state.filter.scope else { return }
        state.filter.set(query: state.filter.query, scope: scope, in: snapshot.index, work: filterWork(state))
        state.noteRow = 0
        state.clampSelections(in: snapshot)
    }

    /// What a key that changes the filter searches before its frame: until the rows the
    /// list shows from the top are known (the pauses between keys count the rest, see `update`).
    static func filterWork(_ state: AppState) -> FilterWork {
        .key(rows: Layout.main(state.size, preview: state.showsPreview).list.height)
    }

    /// A key while `/` takes the filter text: the field edits it (the list narrows at
    /// each change), ↑/↓/PgUp/PgDn move in the list, Enter keeps the filter and goes back
    /// to the list keys, Esc or Ctrl-C clears it, Backspace in an empty field closes it.
    static func filterKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot,
                          previewed: UUID?) -> [Effect] {
        switch key {
        case .up, .down, .pageUp, .pageDown:
            guard let action = state.settings.keyMaps.notes.action(for: key) else { return [] }
            return notesAction(action, &state, snapshot, .distantPast, previewed: previewed)
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
        state.filter.set(query: field.text, scope: state.filter.scope, in: snapshot.index, work: filterWork(state))
        state.noteRow = 0
        state.clampSelections(in: snapshot)
        return []
    }

    /// An action of the read view (`KeyMap.reading`). Each move wraps only the blocks of
    /// the body it passes or shows (see `ReadLayout`): `G` wraps the last screenful back from the end.
    static func readingAction(_ action: KeyAction, key: Key, _ id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot,
                              _ now: Date) -> [Effect] {
        let page = max(1, state.size.height - 4)
        let note = snapshot.database.notes[id]
        let rows = NoteReadScreen.bodyRows(note, snapshot, state)
        if note == nil, KeyHelp.keyMap(for: state)?.needsSelection(action) == true {
            // Gone meanwhile: a key that acts on the note says so again (its footer is left out).
            state.message = .init(text: NoteReadScreen.goneText, isError: true)
            return []
        }
        if organizeAction(action, note: note, &state, snapshot) { return [] }
        if action == .historyBack || action == .historyForward {
            stepHistory(forward: action == .historyForward, from: id, &state, snapshot)
            return []
        }
        if let effects = renderedReadingAction(action, key: key, note, &state, snapshot, rows: rows) { return effects }
        var move: ((inout ReadLayout, ReadPosition) -> ReadPosition)?
        switch action {
        case .down: move = { $0.forward($1, by: 1) }
        case .up: move = { $0.backward($1, by: 1) }
        case .pageDown: move = { $0.forward($1, by: page) }
        case .pageUp: move = { $0.backward($1, by: page) }
        case .first: move = { _, _ in .top }
        case .last: move = { layout, _ in layout.endTop(rows: rows) }
        case .edit: return note == nil ? [] : [.editNote(id)]
        case .togglePin: return note.map { togglePin($0, &state) } ?? []
        case .trashNote:
            guard let note else { return [] }
            state.screen = .notes
            return trash(note, &state, now)
        case .findInNote: state.readSearch = ReadSearch()
        case .nextMatch: stepReadSearch(forward: true, note, &state, rows: rows)
        case .previousMatch: stepReadSearch(forward: false, note, &state, rows: rows)
        case .back where key == .escape && state.readSearch != nil: state.readSearch = nil  // Esc first clears a search
        case .back:
            state.screen = .notes
            state.readSearch = nil
        default: break
        }
        if let move, let note {
            let top = state.readTop
            state.readTop = ReadLayout.with(note, width: NoteReadScreen.bodyWidth(state.size)) { layout in
                layout.clampedTop(move(&layout, layout.clamped(top)), rows: rows)
            }
        }
        return []
    }

    /// A key while the read view's search text is typed: Enter searches from the top of
    /// the view on (going round to the top) and shows the first match; Esc gives up.
    static func readSearchKey(_ key: Key, _ id: UUID, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        guard var search = state.readSearch, var field = search.field else { return }
        switch field.handle(key) {
        case nil:
            search.field = field
            state.readSearch = search
        case .cancelled:
            state.readSearch = nil
        case .submitted(let text):
            let patterns = ReadSearch.patterns(for: text)
            guard !patterns.isEmpty, let note = snapshot.database.notes[id] else {
                state.readSearch = nil
                return
            }
            if let shown = shownRendering(note, state, snapshot) {
                submitRenderedSearch(text, shown, &state, snapshot, rows: NoteReadScreen.bodyRows(note, snapshot, state))
                return settleWindow(&state, snapshot)
            }
            var found = ReadSearch(text: text)
            let top = state.readTop
            ReadLayout.with(note, width: NoteReadScreen.bodyWidth(state.size)) { layout in
                found.place(at: ReadSearch.first(from: layout.clamped(top), patterns: patterns, in: &layout)?.match,
                            in: &layout)
            }
            state.readSearch = found
            if found.currentMatch == nil {
                state.message = .init(text: "Not found: \(text)", isError: true)
            } else {
                showCurrentMatch(note, &state, rows: NoteReadScreen.bodyRows(note, snapshot, state))
            }
        }
    }

    /// `n` / `N`: the next or previous match, scrolled into view.
    private static func stepReadSearch(forward: Bool, _ note: Note?, _ state: inout AppState, rows: Int) {
        guard var search = state.readSearch, let note else { return }
        guard let current = search.currentMatch else {
            state.message = .init(text: "Not found: \(search.text)", isError: true)
            return
        }
        let patterns = search.patterns
        let step = ReadLayout.with(note, width: NoteReadScreen.bodyWidth(state.size)) { layout in
            let step = ReadSearch.step(from: current, forward: forward, patterns: patterns, in: &layout)
            if let step { search.place(at: step.match, in: &layout) }
            return step
        }
        guard let step else { return }
        if step.wentRound {
            state.message = .init(text: forward ? "Search went round to the top" : "Search went round to the bottom",
                                  isError: false)
        }
        state.readSearch = search
        showCurrentMatch(note, &state, rows: rows)
    }

    /// Scrolls the read view so that the current match is in view (a third down when it moves).
    private static func showCurrentMatch(_ note: Note, _ state: inout AppState, rows: Int) {
        guard let match = state.readSearch?.currentMatch?.position else { return }
        let top = state.readTop
        state.readTop = ReadLayout.with(note, width: NoteReadScreen.bodyWidth(state.size)) { layout in
            let shown = layout.lines(from: layout.clamped(top), count: rows).map(\.position)
            if shown.contains(match) { return top }
            return layout.clampedTop(layout.backward(match, by: rows / 3), rows: rows)
        }
    }

    /// An action of the categories screen (`KeyMap.categories`).
    static func categoriesAction(_ action: KeyAction, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        if let delta = movement(action, page: Layout.categoriesScreen(state.size).list.height) {
            state.categoryRow = moved(state.categoryRow, by: delta,
                                      count: snapshot.categories.count + AppState.categoryListHeads)
            state.clampSelections(in: snapshot)
            return []
        }
        let selected = state.selectedCategory(in: snapshot)
        switch action {
        case .addCategory:
            state.prompt = .init(purpose: .newCategoryName, field: TextField())
        case .pickColor:
            if let selected {
                let picker = ColorPicker(start: selected.color, recent: snapshot.database.recentColors)
                state.picker = .init(categoryID: selected.id, picker: picker)
            }
        case .renameCategory:
            if let selected {
                state.prompt = .init(purpose: .renameCategory(selected.id, from: selected.name), field: TextField(text: selected.name))
            }
        case .deleteCategory:
            if let selected { state.confirmation = .deleteCategory(selected.id) }
        case .showNotes:
            state.filter.set(query: state.filter.query, scope: state.selectedScope(in: snapshot), in: snapshot.index,
                             work: filterWork(state))
            state.screen = .notes
            state.noteRow = 0
            state.clampSelections(in: snapshot)
        case .back:
            state.screen = .notes
        default:
            break
        }
        return []
    }
}
