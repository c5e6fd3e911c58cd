import Foundation
import NotesModel
import NotesTerminal

/// The whole state of the interface, as a value: which screen, which dialog over it
/// (`Modal`: one at a time), selections, scroll offsets, the filter, the status message,
/// and whether the app is quitting (`Quitting`). Widgets keep no state of their own;
/// it all lives here.
public struct AppState: Equatable, Sendable {
    public enum Screen: Equatable, Sendable {
        case notes
        /// The full-height read view of one note.
        case reading(UUID)
        case categories
    }

    /// What a text prompt on the status line is asking for.
    public enum PromptPurpose: Equatable, Sendable {
        /// The title of a new note (in the category the list is filtered by, if any).
        case newNoteTitle
        /// The title of a new note whose body comes from the template of that name (`n`'s chooser).
        case newNoteFromTemplate(String)
        case newCategoryName
        /// `from`: the value when the prompt opened, what the edit changes it from.
        case renameCategory(UUID, from: String)
        case renameNote(UUID, from: String)
        /// The tags of a note, separated by commas (`TagListInput`).
        case editTags(UUID, from: Set<String>)
    }

    public struct Prompt: Equatable, Sendable {
        public var purpose: PromptPurpose
        public var field: TextField
        /// What is wrong with the text entered (shown above the field, which stays open).
        public var problem: String?

        public init(purpose: PromptPurpose, field: TextField, problem: String? = nil) {
            self.purpose = purpose
            self.field = field
            self.problem = problem
        }
    }

    /// What a chooser picks for.
    public enum ChooserPurpose: Equatable, Sendable {
        /// The category of this note (nil: none).
        case moveNote(UUID, from: UUID?)
        /// `n` with templates: the template of each row's id, "(no template)" for nil.
        case newNoteTemplate([UUID: String])
        /// The note an ambiguous link in this note leads to, scrolled to the heading if any.
        case followLink(from: UUID, heading: String?)
    }

    /// A chooser (`m`), open for one purpose.
    public struct ChooserSession: Equatable, Sendable {
        public var purpose: ChooserPurpose
        public var chooser: Chooser

        public init(purpose: ChooserPurpose, chooser: Chooser) {
            self.purpose = purpose
            self.chooser = chooser
        }
    }

    /// What a y/n question on the status line would do on `y`.
    public enum Confirmation: Equatable, Sendable {
        case deleteCategory(UUID)
        /// A link to a missing note was followed: create a note with this title (in this category).
        case createNote(title: String, categoryID: UUID?)
    }

    /// The color picker, open for one category.
    public struct PickerSession: Equatable, Sendable {
        public var categoryID: UUID
        public var picker: ColorPicker

        public init(categoryID: UUID, picker: ColorPicker) {
            self.categoryID = categoryID
            self.picker = picker
        }
    }

    public struct Message: Equatable, Sendable {
        public var text: String
        public var isError: Bool

        public init(text: String, isError: Bool) {
            self.text = text
            self.isError = isError
        }
    }

    public var screen: Screen = .notes
    /// What is open over the screen and takes the keys, if anything: one enum, so that
    /// two dialogs can never be open at once. `prompt`, `picker`, `trash`, `showsHelp`
    /// and the like read and write it.
    public var modal: Modal?
    /// Whether the app runs or is on its way out (waiting for a sync, for saves).
    public var quitting = Quitting.running
    /// The sync `S` started is running (`EffectResult.syncStarted` until `.syncFinished`).
    public var isSyncing = false
    /// Commits waiting for another process to free the store's lock (`EffectResult.queued`).
    public var waitingSaves: WaitingSaves?
    public var size: TerminalSize
    public var noteRow = 0
    public var noteScroll = 0
    public var filter = NoteFilter()
    /// On the notes screen: whether the keys go to the category pane (`Tab`, `h`) rather than the list.
    public var focusesCategoryPane = false
    public var categoryRow = 0
    public var categoryScroll = 0
    /// The first line the read view shows (a block of the body and a line in it, see `ReadPosition`).
    public var readTop = ReadPosition.top
    /// How the read note's body was held when `readTop` was last set (see `ReadHolding`).
    var readHolding: ReadHolding?
    /// `/` in the read view: the text searched for inside the note, or being typed.
    public var readSearch: ReadSearch?
    /// Whether the read view shows the body's raw text rather than its rendered Markdown (`R`).
    public var readsRaw = false
    /// In the rendered read view, the item `Tab`/`Shift-Tab` moved to: an index into its
    /// `ReadItems` (tasks, links and backlinks in reading order, then the attachments).
    /// `x`/`Space` ticks a task, `Enter` follows a link or opens an attachment.
    public var readItem: Int?
    /// The notes followed to in the read view, for `H` and `L` (`ReadHistory`).
    var readHistory = ReadHistory()
    /// Whether renaming a note rewrites the links to it in other notes (a setting: the
    /// config file's `update_links`; on by default).
    public var updatesLinksOnRename = true
    /// The sizes of the read note's attachment files, looked up by the runner (`AttachmentAccess`).
    public var attachmentSizes: AttachmentSizes?
    /// Markers in ASCII (`+2` for attachments) on a terminal that draws no emoji (`EmojiSupport`).
    public var asciiMarkers = false
    /// Whether the notes screen shows the preview pane (when wide enough); `v` toggles it.
    public var showsPreview = true
    /// What the config file set: the key maps, colors, `J` and `n`'s templates (`AppRunner` sets it).
    public var settings = AppSettings()
    /// While set, the preview pane keeps showing this note instead of the selected one:
    /// a move in the list holds the preview, and it catches up with the selection once
    /// the keys stop (`InputEvent.idle`) or any other event comes. See `AppUpdate`.
    public var previewHeldNoteID: UUID?
    public var message: Message?
    /// The last left-button press that was not the second of a double click: a press on
    /// the same cell soon after is one (`AppUpdate.doubleClickSeconds`).
    public var lastClick: MouseEvent?
    /// A note or category to select once the next database version arrives (after a commit).
    public var pendingSelection: UUID?
    /// While the whole store is read behind the first screen (`StoreLoading`).
    public var loadingStore: LoadingStore?
    /// `G` came while only the first notes were in: the list goes to its end once the
    /// whole store is (`reconcile`), unless another key came meanwhile.
    public var listEndOnceLoaded = false

    public init(size: TerminalSize, updatesLinksOnRename: Bool = true) {
        self.size = size
        self.updatesLinksOnRename = updatesLinksOnRename
    }

    /// Whether a dialog or a text field is open (prompt, question, picker, chooser, help,
    /// a message shown whole, the filter being typed): then keys go to it, and `q` or
    /// `Ctrl-C` never quit.
    public var hasOpenDialog: Bool {
        switch modal {
        case nil: readSearch?.field != nil
        case .trash(let browser): browser.isAsking || readSearch?.field != nil
        case .tags(let browser): browser.isAsking
        default: true
        }
    }

    /// The id of the selected note in the list, if any.
    public func selectedNote(in snapshot: NotesSnapshot) -> Note? {
        let count = filter.count(in: snapshot.index)
        guard noteRow >= 0, noteRow < count else { return nil }
        return snapshot.index.note(at: filter.position(ofRow: noteRow))
    }

    /// The note the preview pane shows: the held one while it is held (and still
    /// exists), else the selected one.
    public func previewNote(in snapshot: NotesSnapshot) -> Note? {
        if let id = previewHeldNoteID, let held = snapshot.database.notes[id] { return held }
        return selectedNote(in: snapshot)
    }

    /// The rows of the categories screen above the categories: "All notes", "Uncategorized".
    public static let categoryListHeads = 2

    /// The selected category on the categories screen; nil on "All notes" and "Uncategorized".
    public func selectedCategory(in snapshot: NotesSnapshot) -> Category? {
        let index = categoryRow - Self.categoryListHeads
        guard index >= 0, index < snapshot.categories.count else { return nil }
        return snapshot.categories[index]
    }

    /// The notes the selected row of the categories screen stands for.
    public func selectedScope(in snapshot: NotesSnapshot) -> NoteFilter.Scope {
        if let category = selectedCategory(in: snapshot) { return .category(category.id) }
        return categoryRow == 1 ? .uncategorized : .all
    }

    /// The row of the categories screen that stands for `scope`.
    public static func categoryRow(of scope: NoteFilter.Scope, in snapshot: NotesSnapshot) -> Int {
        switch scope {
        case .all: return 0
        case .uncategorized: return 1
        case .category(let id): return (snapshot.categories.firstIndex { $0.id == id } ?? -2) + categoryListHeads
        }
    }

    /// Takes in a new database version: recomputes the filter, applies a pending
    /// selection, and keeps selections and scroll offsets in range.
    public mutating func reconcile(with snapshot: NotesSnapshot) {
        if let category = filter.categoryID, snapshot.database.categories[category] == nil {
            filter.set(query: filter.query, categoryID: nil, in: snapshot.index)
        } else {
            filter.refresh(in: snapshot.index)
        }
        if let pending = pendingSelection {
            if let row = filter.row(of: pending, in: snapshot.index) { noteRow = row }
            if let row = snapshot.categories.firstIndex(where: { $0.id == pending }) { categoryRow = row + Self.categoryListHeads }
            pendingSelection = nil
        }
        if listEndOnceLoaded, !snapshot.isEarly {
            listEndOnceLoaded = false
            noteRow = max(0, filter.count(in: snapshot.index) - 1)
        }
        if case .reading(let id) = screen, snapshot.database.notes[id] == nil, readHolding != nil {
            // Gone meanwhile (another process deleted it): the view stays and says so, so that
            // the `q` a reader meant as "back" does not quit.
            (readSearch, readItem) = (nil, nil)
            message = .init(text: NoteReadScreen.goneText, isError: true)
        }
        refreshChooser(in: snapshot)
        if var tags = tagBrowser {
            tags.refresh(counts: snapshot.index.tagCounts())
            tagBrowser = tags
        }
        if var open = quickOpen {
            open.rank(in: snapshot.index, keeping: open.highlighted?.id)
            quickOpen = open
        }
        followReadHolding(in: snapshot)
        clampSelections(in: snapshot)
    }

    /// An open move chooser lists the categories as they are now: one deleted in another
    /// process leaves it, one added there joins it.
    mutating func refreshChooser(in snapshot: NotesSnapshot) {
        guard var session = chooser, case .moveNote(let id, _) = session.purpose else { return }
        guard let note = snapshot.database.notes[id] else {
            chooser = nil
            message = .init(text: "That note is gone; nothing moved", isError: true)
            return
        }
        session.chooser.replaceItems(with: AppUpdate.categoryChooser(for: note, snapshot).items)
        chooser = session
    }

    /// Keeps the selected rows inside their lists and visible in their panes.
    public mutating func clampSelections(in snapshot: NotesSnapshot) {
        let notes = filter.count(in: snapshot.index)
        noteRow = max(0, min(noteRow, notes - 1))
        noteScroll = Self.scroll(noteScroll, showing: noteRow, rows: Layout.main(size).list.height, count: notes)
        let categories = snapshot.categories.count + Self.categoryListHeads
        categoryRow = max(0, min(categoryRow, categories - 1))
        categoryScroll = Self.scroll(categoryScroll, showing: categoryRow,
                                     rows: Layout.categoriesScreen(size).list.height, count: categories)
    }

    /// A scroll offset that shows `row` in a pane of `rows` lines, moving as little as possible.
    static func scroll(_ offset: Int, showing row: Int, rows: Int, count: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        var offset = offset
        if row < offset { offset = row }
        if row >= offset + rows { offset = row - rows + 1 }
        return max(0, min(offset, count - rows))
    }
}
