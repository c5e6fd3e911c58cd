/// The keys of each screen: the short list on the status line and the full `?` help.
public enum KeyHelp {
    public struct Section: Sendable {
        public var title: String
        public var keys: [(key: String, action: String)]
    }

    public static let sections: [Section] = [
        Section(title: "Notes", keys: [
            ("j/k ↑/↓", "move"), ("PgUp/PgDn g/G", "page, first, last"), ("Enter", "open"),
            ("n", "new note"), ("e", "edit in $EDITOR"),
            ("r m t", "rename, move, tags"), ("d", "move to the trash"),
            ("u / Ctrl-R", "undo / redo"), ("T", "the trash"),
            ("/", "filter as you type"), ("Esc", "clear the filter"), ("v", "show/hide the preview"),
            ("c", "categories"), ("S", "sync (git)"),
            ("?", "this help"), ("q Ctrl-C", "quit"), ("Ctrl-Z", "suspend"),
        ]),
        Section(title: "Text fields", keys: [
            ("←→ ^A ^E", "move, start, end"), ("^W ^U ^K", "delete word/start/end"),
            ("Esc Ctrl-C", "cancel the field"),
        ]),
        Section(title: "Search (case and accents ignored)", keys: [
            ("word \"a b\"", "all words; a phrase"), ("#tag @cat", "tag / category starts"),
            ("@\"two words\"", "category with spaces"), ("read view /", "find; n/N next/prev"),
        ]),
        Section(title: "Categories", keys: [
            ("j/k", "move"), ("a", "add"), ("Enter/p", "pick its color"), ("r", "rename"),
            ("d", "delete (asks)"), ("f/Space", "show its notes"), ("Esc/q", "back"),
        ]),
        Section(title: "Color picker", keys: [
            ("↑/↓ j/k Tab", "choose R, G or B"), ("←/→ h/l", "-1 / +1"), ("H/L PgDn/PgUp", "-16 / +16"),
            ("Home/End", "0 / 255"), ("#", "type a hex value"), ("1-9", "a recent color"),
            ("Enter", "accept"), ("Esc Ctrl-C", "cancel"),
        ]),
    ]

    /// The filter being typed (`/` on the notes screen).
    public static let filter = Section(title: "Filter (after /)", keys: [
        ("type", "narrow as you type"), ("Enter", "keep the filter"),
        ("Esc", "clear the filter"), ("Backspace", "delete a character"), ("↑/↓ PgUp/PgDn", "move in the list"),
    ])

    /// A note opened with Enter.
    public static let reading = Section(title: "Reading a note", keys: [
        ("j/k ↑/↓", "scroll"), ("Space PgDn/PgUp", "page down, up"), ("g/G Home/End", "top, end"),
        ("e", "edit in $EDITOR"), ("r m t", "rename, move, tags"), ("d", "move to the trash"), ("Esc/q/h ←", "back to the list"), ("?", "this help"),
    ])

    /// The `?` help of the screen `state` is on: its own keys first.
    public static func sections(for state: AppState) -> [Section] {
        let named = Dictionary(sections.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        if state.picker != nil { return [named["Color picker"]].compactMap { $0 } }
        if state.trash != nil { return [trash] }
        switch state.screen {
        case .notes:
            return [named["Notes"]].compactMap { $0 } + [filter]
                + [named["Search (case and accents ignored)"], named["Text fields"]].compactMap { $0 }
        case .reading: return [reading]
        case .categories: return [named["Categories"], named["Color picker"]].compactMap { $0 }
        }
    }
    /// The trash screen's status line.
    public static let trashKeys = "j/k move  Enter restore  D delete for good  / filter  u undo  Esc back"

    /// The trash screen (`T`).
    public static let trash = Section(title: "Trash", keys: [
        ("j/k ↑/↓", "move"), ("Enter", "restore"), ("D", "delete for good (asks)"), ("/", "filter"),
        ("u / Ctrl-R", "undo / redo"), ("Esc/q", "back"),
    ])

    /// The status line's list of keys for the current screen.
    public static func statusKeys(for state: AppState) -> String {
        if state.picker != nil { return "←→ ±1  H/L ±16  j/k slider  # hex  Enter accept  Esc cancel" }
        if state.chooser != nil { return "type to narrow  ↑↓ move  Enter pick  - none  Esc cancel" }
        switch state.screen {
        case .notes:
            return "n new  e edit  r rename  m move  t tags  d trash  u undo  / find  ? help"
        case .reading:
            return "e edit  r rename  m move  t tags  d trash  / find  n/N  Esc back  ? help"
        case .categories:
            return "j/k move  a add  Enter/p color  r rename  d delete  f show notes  Esc back  ? help"
        }
    }
}
