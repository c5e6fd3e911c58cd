
/// The `?` help and the status line's keys of each screen, both drawn from the screen's
/// `KeyMap` (the same map `AppUpdate` matches keys with), plus the sections that explain
/// text fields, the filter and the search syntax.
public enum KeyHelp {
    public struct Section: Sendable {
        public var title: String
        public var keys: [(key: String, action: String)]

        public init(title: String, keys: [(key: String, action: String)]) {
            self.title = title
            self.keys = keys
        }
    }

    public static let textFields = Section(title: "Text fields", keys: [
        ("←→ ^A ^E", "move, start, end"), ("^W ^U ^K", "delete word/start/end"),
        ("Esc Ctrl-C", "cancel the field"),
    ])

    public static let search = Section(title: "Search (case and accents ignored)", keys: [
        ("word \"a b\"", "all words; a phrase"), ("#tag @cat", "tag / category starts"),
        ("-word -#tag", "leave those out"),
    ])

    /// The filter being typed (`/` on the notes screen).
    public static let filter = Section(title: "Filter (after /)", keys: [
        ("type", "narrow as you type"), ("Enter", "keep the filter"),
        ("Esc", "clear the filter"), ("Backspace", "delete a character"), ("↑/↓ PgUp/PgDn", "move in the list"),
    ])

    /// The key map of the screen or dialog `state` is on (nil in a text field or a
    /// dialog without a map: a prompt, a question, the chooser).
    public static func keyMap(for state: AppState) -> KeyMap? {
        if state.picker != nil { return .picker }
        let maps = state.settings.keyMaps
        if state.trash != nil { return maps.trash }
        if state.tagBrowser != nil { return maps.tags }
        switch state.screen {
        case .notes: return showsCategoryPaneFocus(state) ? maps.categoryPane : maps.notes
        case .reading: return maps.reading
        case .categories: return maps.categories
        }
    }

    /// Whether the keys go to the category pane: it has the focus and is on screen.
    static func showsCategoryPaneFocus(_ state: AppState) -> Bool {
        state.focusesCategoryPane && Layout.main(state.size, preview: state.showsPreview).categories != nil
    }

    /// The `?` help of the screen `state` is on: its own keys first.
    public static func sections(for state: AppState) -> [Section] {
        let own = keyMap(for: state)?.sections ?? []
        if state.picker != nil || state.trash != nil || state.tagBrowser != nil { return own }
        switch state.screen {
        case .notes where showsCategoryPaneFocus(state): return own
        case .notes: return own + [filter, search, textFields]
        case .reading: return own + [textFields]
        case .categories: return own + KeyMap.picker.sections.prefix(1)
        }
    }

    /// The status line's keys for the current screen at `width` columns; the bindings
    /// that need a selection are left out when nothing is selected (an empty store).
    public static func statusKeys(for state: AppState, _ snapshot: NotesSnapshot, width: Int) -> String {
        if state.chooser != nil { return "type to narrow  ↑↓ move  Enter pick  - none  Esc cancel" }
        if state.quickOpen != nil { return "type a rough title  ↑↓ move  Enter open  Esc back" }
        guard let map = keyMap(for: state) else { return "" }
        return map.footer(width: width, hasSelection: hasSelection(state, snapshot))
    }

    /// Whether the screen has something selected for the keys that act on it.
    static func hasSelection(_ state: AppState, _ snapshot: NotesSnapshot) -> Bool {
        if let trash = state.trash { return trash.selected(in: snapshot.database) != nil }
        if let tags = state.tagBrowser { return tags.selected != nil }
        switch state.screen {
        case .notes: return showsCategoryPaneFocus(state) || state.selectedNote(in: snapshot) != nil
        case .reading(let id): return snapshot.database.notes[id] != nil
        case .categories: return state.selectedCategory(in: snapshot) != nil
        }
    }
}
