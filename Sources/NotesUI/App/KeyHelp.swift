/// The keys of each screen: the short list on the status line and the full `?` help.
public enum KeyHelp {
    public struct Section: Sendable {
        public var title: String
        public var keys: [(key: String, action: String)]
    }

    public static let sections: [Section] = [
        Section(title: "Notes", keys: [
            ("j/k ↑/↓", "move"), ("PgUp/PgDn g/G", "page, first, last"), ("Enter", "open"),
            ("n", "new note"), ("e", "edit body in $EDITOR"), ("d", "delete (asks)"),
            ("/", "filter as you type"), ("Esc", "clear the filter"), ("v", "show/hide the preview"),
            ("c", "categories"),
            ("?", "this help"), ("q", "quit"), ("Ctrl-Z", "suspend"),
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
            ("Enter", "accept"), ("Esc", "cancel"),
        ]),
    ]

    /// The status line's list of keys for the current screen.
    public static func statusKeys(for state: AppState) -> String {
        if state.picker != nil { return "←→ ±1  H/L ±16  j/k slider  # hex  Enter accept  Esc cancel" }
        switch state.screen {
        case .notes:
            return "j/k move  Enter open  n new  e edit  d delete  / filter  c categories  ? help  q quit"
        case .reading:
            return "j/k scroll  e edit  d delete  / find  n/N next/prev  Esc back  ? help"
        case .categories:
            return "j/k move  a add  Enter/p color  r rename  d delete  f show notes  Esc back  ? help"
        }
    }
}
