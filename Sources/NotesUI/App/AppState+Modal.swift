
extension AppState {
    /// What is open over the screen: at most one dialog, so that no two can be open at
    /// once. The help and a message shown whole open over what was open (`?` in the
    /// picker or the trash) and give it back when they close.
    public indirect enum Modal: Equatable, Sendable {
        case prompt(Prompt)
        case confirmation(Confirmation)
        case picker(PickerSession)
        case chooser(ChooserSession)
        /// Quick open (`Ctrl-P`, `o`): a rough title and the notes it finds.
        case quickOpen(QuickOpen)
        /// The filter's text field while `/` is taking the filter text.
        case filter(TextField)
        /// The trash screen (`T`), over the screen it was opened from.
        case trash(TrashBrowser)
        /// The tags screen (`#`), over the notes screen.
        case tags(TagBrowser)
        /// The `?` help; `scroll`: its first line shown when it is taller than the screen.
        case help(scroll: Int, over: Modal?)
        /// A status message shown whole, wrapped (`MessageOverlay`); `scroll`: its first line shown.
        case message(Message, scroll: Int, over: Modal?)

        /// What is open under the help or a message shown whole.
        var base: Modal? {
            switch self {
            case .help(_, let over), .message(_, _, let over): over?.base
            default: self
            }
        }
    }

    /// How far the app is from quitting. `q` while a sync runs waits for it, `q` while
    /// changes wait for the lock waits for them; a second `q` goes on (see `AppUpdate.quit`).
    public enum Quitting: Equatable, Sendable {
        case running
        /// `q` came while changes waited for the lock: quits once they are saved.
        case waitingForSaves
        /// `q` came while a sync ran: quits once it ends.
        case waitingForSync
        /// The runner ends the loop.
        case quitting
    }

    /// Commits that wait for another process to free the store's lock (`PendingCommits`).
    public struct WaitingSaves: Equatable, Sendable {
        /// Who held the lock at the last try (`pid 1234 /usr/bin/notes`, or "another program").
        public var holder: String
        public var count: Int

        public init(holder: String, count: Int) {
            self.holder = holder
            self.count = count
        }

        /// The status line while they wait: who holds the lock and how many wait.
        public var message: String { "waiting for \(holder): \(unsavedCount) not saved yet" }

        /// "1 change", "3 changes".
        public var unsavedCount: String { count == 1 ? "1 change" : "\(count) changes" }
    }

    /// Replaces what is open under the help (or the message overlay) with `modal`, or
    /// closes it (nil) if it is of the kind `isKind` says.
    private mutating func setBase(_ new: Modal?, ifClosing isKind: (Modal) -> Bool) {
        func replaced(_ modal: Modal?) -> Modal? {
            switch modal {
            case .help(let scroll, let over): return .help(scroll: scroll, over: replaced(over))
            case .message(let message, let scroll, let over): return .message(message, scroll: scroll, over: replaced(over))
            case let current?: return new ?? (isKind(current) ? nil : current)
            case nil: return new
            }
        }
        modal = replaced(modal)
    }

    /// The prompt on the status line, if one is open.
    public var prompt: Prompt? {
        get { if case .prompt(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.prompt)) { if case .prompt = $0 { true } else { false } } }
    }

    /// The y/n question on the status line, if one is open.
    public var confirmation: Confirmation? {
        get { if case .confirmation(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.confirmation)) { if case .confirmation = $0 { true } else { false } } }
    }

    /// The color picker, if open.
    public var picker: PickerSession? {
        get { if case .picker(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.picker)) { if case .picker = $0 { true } else { false } } }
    }

    /// The chooser (`m`), if open.
    public var chooser: ChooserSession? {
        get { if case .chooser(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.chooser)) { if case .chooser = $0 { true } else { false } } }
    }

    /// Quick open, if open (`Ctrl-P`, `o`).
    public var quickOpen: QuickOpen? {
        get { if case .quickOpen(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.quickOpen)) { if case .quickOpen = $0 { true } else { false } } }
    }

    /// The trash screen, while it is open (`T`).
    public var trash: TrashBrowser? {
        get { if case .trash(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.trash)) { if case .trash = $0 { true } else { false } } }
    }

    /// The tags screen, while it is open (`#`).
    public var tagBrowser: TagBrowser? {
        get { if case .tags(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.tags)) { if case .tags = $0 { true } else { false } } }
    }

    /// The filter's text field while `/` is taking the filter text.
    public var filterField: TextField? {
        get { if case .filter(let value) = modal?.base { value } else { nil } }
        set { setBase(newValue.map(Modal.filter)) { if case .filter = $0 { true } else { false } } }
    }

    /// True while `/` is taking the filter text; setting it opens (with the current
    /// query) or closes the filter's field.
    public var isEditingFilter: Bool {
        get { filterField != nil }
        set { filterField = newValue ? (filterField ?? TextField(text: filter.query)) : nil }
    }

    /// Whether the `?` help is open; opening it puts it over what is open, closing gives that back.
    public var showsHelp: Bool {
        get { if case .help = modal { true } else { false } }
        set {
            if newValue, !showsHelp { modal = .help(scroll: 0, over: modal) }
            if !newValue, case .help(_, let over) = modal { modal = over }
        }
    }

    /// The first line of the help shown, when it is taller than the screen (`HelpOverlay`).
    public var helpScroll: Int {
        get { if case .help(let scroll, _) = modal { scroll } else { 0 } }
        set { if case .help(_, let over) = modal { modal = .help(scroll: newValue, over: over) } }
    }

    /// The message shown whole (`M`), if it is open.
    public var wholeMessage: (message: Message, scroll: Int)? {
        if case .message(let message, let scroll, _) = modal { (message, scroll) } else { nil }
    }
}
