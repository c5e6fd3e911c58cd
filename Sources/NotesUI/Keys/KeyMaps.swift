import NotesModel
import NotesTerminal

/// The key map of each screen (PRODUCT §5). Footer priorities: what a new user needs
/// first (open, new, find, categories) before what narrower footers can do without.
extension KeyMap {
    /// `j/k ↑/↓`, pages and the ends of a list or a note.
    static func moves(_ what: String) -> [KeyBinding] {
        [
            KeyBinding(presses: [(.down, .down), (.character("j"), .down), (.up, .up), (.character("k"), .up)],
                       "j/k ↑/↓", what),
            KeyBinding(presses: [(.pageDown, .pageDown), (.control("f"), .pageDown), (.pageUp, .pageUp),
                                 (.control("b"), .pageUp), (.home, .first), (.character("g"), .first),
                                 (.end, .last), (.character("G"), .last)],
                       "PgDn/PgUp g/G", "page, first, last"),
        ]
    }

    static let help = KeyBinding([.character("?")], "?", .help, "this help", footer: "? help", priority: 90, pinned: true)
    static let quit = KeyBinding([.character("q"), .control("c")], "q Ctrl-C", .quit, "quit", footer: "q quit",
                                 priority: 91, pinned: true)
    static let quitOnly = KeyBinding([.control("c")], "Ctrl-C", .quit, "quit")
    static let undo = KeyBinding(presses: [(.character("u"), .undo), (.control("r"), .redo)], "u Ctrl-R", "undo, redo",
                                 footer: "u undo", priority: 30)

    /// The note list (and the category pane beside it).
    public static let notes = KeyMap(title: "Notes", bindings: moves("move") + [
        KeyBinding([.enter], "Enter", .open, "open (read)", footer: "Enter open", priority: 1, when: .selection),
        KeyBinding([.character("n")], "n", .newNote, "new note", footer: "n new", priority: 2),
        // Quick open shares the filter's line of the help, which then still fits 80×24.
        KeyBinding(presses: [(.character("/"), .filter), (.escape, .clearFilter), (.control("p"), .quickOpen),
                             (.character("o"), .quickOpen)],
                   "/ Esc Ctrl-P o", "filter; quick open", footer: "/ find", priority: 3),
        KeyBinding([.character("c")], "c", .categories, "categories", footer: "c categories", priority: 4),
        KeyBinding([.tab, .character("h")], "Tab h", .focusCategoryPane, "category pane", footer: "Tab pane",
                   priority: 35),
        KeyBinding([.character("e")], "e", .edit, "edit in $EDITOR", footer: "e edit", priority: 5, when: .selection),
        KeyBinding([.character("d"), .delete], "d Delete", .trashNote, "move to the trash", footer: "d trash",
                   priority: 6, when: .selection),
        KeyBinding([.character("r")], "r", .rename, "rename", footer: "r rename", priority: 7, when: .selection),
        KeyBinding([.character("m")], "m", .moveToCategory, "move to a category", footer: "m move", priority: 8,
                   when: .selection),
        KeyBinding([.character("t")], "t", .editTags, "edit tags", footer: "t tags", priority: 9, when: .selection),
        KeyBinding([.character("p")], "p", .togglePin, "pin/unpin, on top", footer: "p pin", priority: 32,
                   when: .selection),
        undo,
        // Paired on one help line, so that the help fits whole at 80×24.
        KeyBinding(presses: [(.character("T"), .openTrash), (.character("J"), .todayNote), (.character("#"), .tags)],
                   "T J #", "trash; today; tags", footer: "T trash", priority: 31),
        KeyBinding([.character("v")], "v", .togglePreview, "toggle the preview", footer: "v preview", priority: 40),
        KeyBinding([.character("S")], "S", .sync, "sync (git)", footer: "S sync", priority: 41),
        help, quit,
    ])

    /// The category pane beside the note list, focused with `Tab` or `h`: moving in it
    /// shows that category's notes at once.
    public static let categoryPane = KeyMap(title: "Category pane", bindings: [
        KeyBinding(presses: [(.down, .down), (.character("j"), .down), (.up, .up), (.character("k"), .up),
                             (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last)],
                   "j/k ↑/↓ g/G", "show the next, previous, first, last", footer: "j/k category", priority: 1),
        KeyBinding([.tab, .character("l"), .enter, .escape, .right], "Tab l Enter Esc", .focusList,
                   "back to the note list", footer: "Tab list", priority: 2),
        KeyBinding([.character("c")], "c", .categories, "the categories screen", footer: "c categories", priority: 3),
        help, quit,
    ])

    /// A note opened with Enter.
    public static let reading = KeyMap(title: "Reading a note", bindings: [
        KeyBinding(presses: [(.down, .down), (.character("j"), .down), (.up, .up), (.character("k"), .up),
                             (.character("]"), .nextHeading), (.character("["), .previousHeading)],
                   "j/k ↑/↓ ] [", "scroll; heading"),
        KeyBinding(presses: [(.pageDown, .pageDown), (.character(" "), .pageDown), (.pageUp, .pageUp),
                             (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last)],
                   "Space PgUp/PgDn g/G", "page, top, end"),
        KeyBinding([.character("/")], "/", .findInNote, "find in the note", footer: "/ find", priority: 1, when: .selection),
        KeyBinding(presses: [(.character("n"), .nextMatch), (.character("N"), .previousMatch)], "n/N",
                   "next, prev match", footer: "n/N match", priority: 2, when: .selection),
        KeyBinding([.character("R")], "R", .toggleRaw, "raw / rendered", footer: "R raw", priority: 3, when: .selection),
        KeyBinding(presses: [(.tab, .nextTask), (.backTab, .previousTask), (.character("x"), .toggleTask)],
                   "Tab S-Tab x", "item; x ticks", footer: "Tab item", priority: 8, when: .selection),
        KeyBinding([.enter], "Enter", .openItem, "follow, open item", footer: "Enter open", priority: 9, when: .selection),
        KeyBinding(presses: [(.character("H"), .historyBack), (.backspace, .historyBack), (.control("o"), .historyBack),
                             (.character("L"), .historyForward)],
                   "H Bksp Ctrl-O/L", "back, forward", footer: "H back", priority: 10),
        KeyBinding([.character("A")], "A", .showAttachments, "the attachments", footer: "A attachments", priority: 11,
                   when: .selection),
        KeyBinding([.character("e")], "e", .edit, "edit in $EDITOR", footer: "e edit", priority: 3, when: .selection),
        KeyBinding([.character("d")], "d", .trashNote, "move to the trash", footer: "d trash", priority: 4, when: .selection),
        KeyBinding([.character("r")], "r", .rename, "rename", footer: "r rename", priority: 5, when: .selection),
        KeyBinding([.character("m")], "m", .moveToCategory, "move to a category", footer: "m move", priority: 6,
                   when: .selection),
        KeyBinding([.character("t")], "t", .editTags, "edit tags", footer: "t tags", priority: 7, when: .selection),
        KeyBinding([.character("p")], "p", .togglePin, "pin/unpin", footer: "p pin", priority: 31, when: .selection),
        undo,
        help,
        KeyBinding([.escape, .character("q"), .character("h"), .left], "Esc/q/h ←", .back,
                   "back to the list", footer: "q back", priority: 91, pinned: true),
        quitOnly,
    ])

    /// The categories screen (`c`).
    public static let categories = KeyMap(title: "Categories", bindings: moves("move") + [
        KeyBinding([.enter, .character("f"), .character(" ")], "Enter f Space", .showNotes, "show its notes",
                   footer: "Enter show notes", priority: 1),
        KeyBinding([.character("a")], "a", .addCategory, "add (a name, then its color)", footer: "a add", priority: 2),
        KeyBinding([.character("p")], "p", .pickColor, "pick its color", footer: "p color", priority: 3,
                   when: .selection),
        KeyBinding([.character("r")], "r", .renameCategory, "rename", footer: "r rename", priority: 4, when: .selection),
        KeyBinding([.character("d"), .delete], "d Delete", .deleteCategory, "delete (asks; its notes stay)",
                   footer: "d delete", priority: 5, when: .selection),
        undo,
        KeyBinding([.character("T")], "T", .openTrash, "the trash"),
        help,
        KeyBinding([.escape, .character("q")], "Esc/q", .back, "back to the notes", footer: "q back", priority: 91,
                   pinned: true),
        quitOnly,
    ])

    /// The trash screen (`T`).
    public static let trash = KeyMap(title: "Trash", bindings: moves("move") + [
        KeyBinding([.enter], "Enter", .restore, "restore", footer: "Enter restore", priority: 1, when: .selection),
        KeyBinding([.character("D")], "D", .purge, "delete for good (asks)", footer: "D delete for good", priority: 2,
                   when: .selection),
        KeyBinding([.character("/")], "/", .filter, "filter", footer: "/ filter", priority: 3),
        undo,
        help,
        KeyBinding([.escape, .character("q"), .character("T")], "Esc/q/T", .back,
                   "back (Esc first clears the filter)", footer: "q back", priority: 91, pinned: true),
    ])

    /// The tags screen (`#`). Letters are keys here: `/` takes the narrowing text.
    public static let tags = KeyMap(title: "Tags", bindings: moves("move") + [
        KeyBinding([.enter], "Enter", .showNotes, "its notes (the #tag filter)", footer: "Enter notes", priority: 1,
                   when: .selection),
        KeyBinding([.character("r")], "r", .rename, "rename, or merge into an existing tag", footer: "r rename",
                   priority: 2, when: .selection),
        KeyBinding([.character("/")], "/", .filter, "narrow as you type", footer: "/ narrow", priority: 3),
        undo,
        help,
        KeyBinding([.escape, .character("q")], "Esc/q", .back, "back (Esc first clears the narrowing)", footer: "q back",
                   priority: 91, pinned: true),
    ])

    /// The color picker, over the categories screen. `ColorPicker` handles its keys; the
    /// map names them for the help and the footer, and `?` opens the help.
    public static let picker = KeyMap(title: "Color picker", bindings: [
        KeyBinding([.up, .down, .character("j"), .character("k"), .tab, .backTab], "↑/↓ j/k Tab ⇧Tab", .colorControl, "choose R, G or B",
                   footer: "j/k slider", priority: 3),
        KeyBinding([.left, .right, .character("h"), .character("l")], "←/→ h/l", .colorControl, "-1 / +1",
                   footer: "←→ ±1", priority: 1),
        KeyBinding([.character("H"), .character("L"), .pageDown, .pageUp], "H/L PgDn/PgUp", .colorControl, "-16 / +16",
                   footer: "H/L ±16", priority: 2),
        KeyBinding([.home, .end], "Home/End", .colorControl, "0 / 255"),
        KeyBinding([.character("#")], "#", .colorControl, "type a hex value", footer: "# hex", priority: 4),
        KeyBinding((1...9).compactMap { Character(String($0)) }.map { Key.character($0) }, "1-9", .down,
                   "a recent color"),
        KeyBinding([.enter], "Enter", .accept, "accept", footer: "Enter accept", priority: 0, pinned: true),
        help,
        KeyBinding([.escape, .control("c")], "Esc Ctrl-C", .cancel, "cancel", footer: "Esc cancel", priority: 92,
                   pinned: true),
    ])
}
