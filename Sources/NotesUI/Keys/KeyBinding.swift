import NotesTerminal

/// What a key does on a screen. `AppUpdate` switches over these; which key asks for
/// which action is data, in the screen's `KeyMap`.
public enum KeyAction: Hashable, Sendable {
    // Moving in a list or a note.
    case down, up, pageDown, pageUp, first, last
    // The note list and the read view.
    case open, newNote, edit, rename, moveToCategory, editTags, trashNote, filter, clearFilter, togglePreview
    case categories, sync, findInNote, nextMatch, previousMatch
    /// `J`: today's journal note, made if needed (`DailyNote`).
    case todayNote
    /// `p`: pin or unpin the note; `#`: the tags screen.
    case togglePin, tags
    /// `Ctrl-P`, `o`: quick open, a fuzzy switcher over the titles.
    case quickOpen
    /// The read view: rendered Markdown or raw text (`R`); tasks (`Tab`, `Shift-Tab`, `x`);
    /// the next and previous heading (`]`, `[`).
    case toggleRaw, nextTask, previousTask, toggleTask, nextHeading, previousHeading
    /// The read view's items: `Enter` acts on the one in focus (follows a link, opens an
    /// attachment, ticks a task); `A` goes to the attachments.
    case openItem, showAttachments
    /// The read view's history of notes followed: back (`H`, `Backspace`, `Ctrl-O`), forward (`L`).
    case historyBack, historyForward
    /// `Tab`, `h`, `l`: the focus between the category pane and the note list.
    case focusCategoryPane, focusList
    // The categories screen.
    case addCategory, pickColor, renameCategory, deleteCategory, showNotes
    // The trash screen.
    case restore, purge
    // The color picker: `ColorPicker` handles these keys itself.
    case colorControl, accept, cancel
    // Anywhere.
    case undo, redo, openTrash, help, back, quit, suspend
    /// `M`: the status line's message whole, wrapped, when it is longer than the line.
    case showMessage
    /// `Ctrl-L`: the terminal layer repaints every cell (docs/decisions/0039); `update` does nothing.
    case redraw
}

/// When a binding applies; one that does not is left out of the footer (its key still
/// does nothing harmful: the action checks again).
public enum KeyCondition: Hashable, Sendable {
    case always
    /// Something is selected: a note in the list, a note read, a category, a trashed note.
    case selection
    /// The status line's message is cut at the width (it then ends in this binding's footer text).
    case cutMessage
}

/// One entry of a key map: the keys, what they do, how the help and the footer name it.
public struct KeyBinding: Sendable {
    /// Every key of this entry and the action it asks for (most entries: one action).
    public var presses: [(key: Key, action: KeyAction)]
    /// How the help names the keys (`j/k ↑/↓`).
    public var label: String
    /// What the help says the keys do.
    public var help: String
    /// The footer's short text (`e edit`), or nil when the binding is only in the help.
    public var footer: String?
    /// Footer order: lower comes first and stays longer as the width shrinks.
    public var priority: Int
    /// Shown in the footer at every width (`? help`, and `q` quit or back).
    public var pinned: Bool
    public var when: KeyCondition

    public init(_ keys: [Key], _ label: String, _ action: KeyAction, _ help: String, footer: String? = nil,
                priority: Int = 100, pinned: Bool = false, when: KeyCondition = .always) {
        self.init(presses: keys.map { ($0, action) }, label, help, footer: footer, priority: priority, pinned: pinned,
                  when: when)
    }

    /// An entry whose keys ask for different actions (`j/k ↑/↓`: down and up).
    public init(presses: [(key: Key, action: KeyAction)], _ label: String, _ help: String, footer: String? = nil,
                priority: Int = 100, pinned: Bool = false, when: KeyCondition = .always) {
        self.presses = presses
        self.label = label
        self.help = help
        self.footer = footer
        self.priority = priority
        self.pinned = pinned
        self.when = when
    }

    /// Every key of this entry.
    public var keys: [Key] { presses.map(\.key) }
    /// Every action of this entry.
    public var actions: [KeyAction] { presses.map(\.action) }
}
