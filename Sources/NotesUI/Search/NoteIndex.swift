import Foundation
import NotesLinks
import NotesModel

/// The notes in display order (most recently updated first, see `DisplayOrder`), with
/// a folded search text for each (`SearchText`). Filtering searches these bytes with
/// `memchr`/`memcmp` and never lowercases or sorts notes per keystroke.
///
/// Each note has a *slot*: its id, date key and category code are kept in flat
/// per-slot arrays, and `order` lists the slots in display order. A fresh index gives
/// slot `i` to the note at position `i`. `applying` a put or delete of a note retires
/// its slot and gives the new version a new slot at the end, so that a change moves
/// small integers and appends one note's search text instead of rebuilding it all.
///
/// The display order is ready when `init` returns, so the list can be drawn at once;
/// the search text can be built on another core meanwhile (`.inBackground`), and the
/// first search waits for it if it comes sooner.
public struct NoteIndex: Sendable {
    /// When to build the search text.
    public enum SearchTextBuild: Sendable {
        case now
        case inBackground
    }

    /// The order of the list below the pinned notes (the config's `list.sort`).
    public let listOrder: NoteListOrder
    /// Identifies this version of the index, so a filter knows whether its matches belong to it.
    public internal(set) var id = UUID()
    /// The database's notes, shared (not copied).
    var notes: [UUID: Note]
    /// The categories' codes, and their names as searched (see `CategoryCodes`).
    var categories: CategoryCodes
    /// Per slot: the note's id, date key and category code.
    var slotIDs: [UUID]
    var slotKeys: [UInt64]
    var slotCategories: [Int32]
    /// The slots in display order.
    var order: [Int32]
    /// The display position of each slot; -1 for a retired slot.
    var positionOfSlot: [Int32]
    /// Whether slot `i` is at position `i` (true until the first change): a search
    /// can then take the slots it found for positions.
    var slotsAreInOrder = true
    /// How many notes are in each category, by code.
    var categoryCounts: [Int]
    var searchText: PendingSearchText
    /// The notes whose wiki links are read `[[label|target]]` (imported from Dendron), known
    /// without waiting for the search text.
    var labelFirstNotes: Set<UUID> = []
    /// The notes lent to the search text's builder while it runs in the background.
    private(set) var notesLoan: NotesLoan?

    /// Where a search found notes: their positions, and where in each note's text the
    /// query first occurs (a longer query typed after it can start looking there).
    public struct Matches: Equatable, Sendable {
        public var positions: [Int32]
        public var firstHits: [Int32]
    }

    public init(database: NotesDatabase, searchText build: SearchTextBuild = .now, order listOrder: NoteListOrder = .updated) {
        self.listOrder = listOrder
        let notes = database.notes
        let categories = CategoryCodes(database.categories)
        // One pass over the notes for what sorting and counting need; no note is kept.
        let gathered = DisplayOrder.gather(notes, order: listOrder, categories: categories)
        var entries = gathered.entries
        let ids = gathered.ids, codes = gathered.codes, counts = gathered.counts
        DisplayOrder.sort(&entries) { left, right in
            guard let a = notes[ids[Int(left)]], let b = notes[ids[Int(right)]] else { return left < right }
            return listOrder.tieBreak(a, b)
        }
        self.notes = notes
        self.categories = categories
        var slotIDs: [UUID] = [], slotKeys: [UInt64] = [], slotCategories: [Int32] = []
        // Room for changes (capacity never written is not resident memory): the first
        // change would otherwise grow, and copy, each per-slot array (tens of ms at 1M).
        let capacity = Self.slotCapacity(for: entries.count)
        slotIDs.reserveCapacity(capacity)
        slotKeys.reserveCapacity(capacity)
        slotCategories.reserveCapacity(capacity)
        for entry in entries {
            slotIDs.append(ids[Int(entry.slot)])
            slotKeys.append(entry.key)
            slotCategories.append(codes[Int(entry.slot)])
        }
        self.slotIDs = slotIDs
        self.slotKeys = slotKeys
        self.slotCategories = slotCategories
        order = Self.identity(count: entries.count, capacity: capacity)
        positionOfSlot = Self.identity(count: entries.count, capacity: capacity)  // not shared with `order`: a change would copy it
        categoryCounts = counts
        let sources = database.importSources, dendron = WikiLinkOrder.labelFirstNotes(of: sources)  // folder paths; `[[label|target]]`
        labelFirstNotes = dendron
        (searchText, notesLoan) = Self.searchText(build, of: notes, ids: slotIDs, labelFirst: dendron, importSources: sources)
    }

    /// The search text of `notes` in the order `ids`: built now, or on another thread over
    /// a loan of the notes, returned so that the index can end it.
    private static func searchText(_ build: SearchTextBuild, of notes: [UUID: Note], ids: [UUID], labelFirst: Set<UUID>,
                                   importSources: [ImportSource.Key: ImportSource]) -> (PendingSearchText, NotesLoan?) {
        switch build {
        case .now:
            let text = makeSearchText(SearchText(notes: notes, ids: ids, labelFirst: labelFirst), importSources: importSources)
            return (PendingSearchText(text), nil)
        case .inBackground:
            // The builder's own copy of the ids: sharing the index's would make its first change copy them.
            let idsInOrder = ids.withUnsafeBufferPointer { Array($0) }
            let loan = NotesLoan(notes)
            let text = PendingSearchText(buildingInBackground: {
                buildSearchText(loan: loan, ids: idsInOrder, labelFirst: labelFirst, importSources: importSources)
            }, whenDropped: { loan.end() })
            return (text, loan)
        }
    }

    /// How many slots the per-slot arrays have room for before they grow.
    static func slotCapacity(for count: Int) -> Int { count + count / 16 + 1_024 }

    /// `0..<count` with room for `capacity`.
    private static func identity(count: Int, capacity: Int) -> [Int32] {
        var values: [Int32] = []
        values.reserveCapacity(capacity)
        values.append(contentsOf: 0..<Int32(count))
        return values
    }

    /// Builds the search text of `ids` from `loan` on the background thread; first the store
    /// file's copy keeps only the bodies (`keepOnlySnapshotBodies`), so that the rest of it
    /// is gone before the text takes its memory.
    private static func buildSearchText(loan: NotesLoan, ids: [UUID], labelFirst: Set<UUID>,
                                        importSources: [ImportSource.Key: ImportSource]) -> SearchText {
        loan.keepOnlySnapshotBodies(of: ids)
        return makeSearchText(SearchText(loan: loan, ids: ids, labelFirst: labelFirst), importSources: importSources)
    }

    /// Builds the search text, and for a large one wakes the threads a search will split
    /// across, so that the first key typed does not pay for starting them.
    private static func makeSearchText(_ text: SearchText, importSources: [ImportSource.Key: ImportSource]) -> SearchText {
        var text = text
        if !importSources.isEmpty { text.setImportPaths(LinkGraph.importPaths(of: importSources)) }
        if text.slotCount >= parallelThreshold { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
        return text
    }

    /// Whether the search text is built (always, unless built `.inBackground`).
    public var isSearchable: Bool { searchText.isReady }

    /// Whether these are only the first notes of the list (an early start's snapshot,
    /// `NotesSnapshot.wholeCounts`): what is searched among them is not the whole answer.
    public internal(set) var holdsFirstNotesOnly = false

    /// Whether a search over this index answers for every note: its search text is built
    /// and it holds the whole list (quick open says "still counting" until then).
    public var searchesEveryNote: Bool { isSearchable && !holdsFirstNotesOnly }

    /// Waits until the search text is built.
    public func waitUntilSearchable() { _ = searchText.text }

    public var count: Int { order.count }

    /// The memory the search text holds (its bytes, slot starts, byte-pair blocks and quick
    /// open's titles; waits until it is built).
    public var searchTextBytes: Int {
        let text = searchText.text
        return text.bytes.count + text.starts.count * MemoryLayout<Int>.stride + text.pairBlocks.byteCount + text.titles.byteCount
    }

    /// The note at `position` in display order.
    public func note(at position: Int) -> Note {
        guard let note = notes[slotIDs[Int(order[position])]] else {
            preconditionFailure("the note index is out of step with its notes")
        }
        return note
    }

    /// All notes in display order. Copies them: for tests and exports, not for drawing.
    public func notesInOrder() -> [Note] { (0..<count).map { note(at: $0) } }

    /// The display position of the note with `id`: found among the positions holding its
    /// list key (a binary search), since every listed note's slot holds the key of the note
    /// as `notes` has it; nil for a note the index does not hold.
    public func position(of id: UUID) -> Int? {
        guard let note = notes[id] else { return nil }
        return liveSlot(of: id, key: listOrder.key(note)).map { Int(positionOfSlot[$0]) }
    }

    /// The slot showing the note with `id`, if any: one pass over every slot.
    func liveSlot(of id: UUID) -> Int? {
        slotIDs.indices.first { slotIDs[$0] == id && positionOfSlot[$0] >= 0 }
    }

    /// The slot showing the note with `id` whose list key was `key` when the index took it
    /// in: a binary search of the list for the positions holding that key, then a look at
    /// each (a pass over every slot costs milliseconds at 1,000,000 notes, on every edit).
    /// A key that is not the slot's falls back to `liveSlot(of:)`.
    func liveSlot(of id: UUID, key: UInt64) -> Int? {
        slot(of: id, amongKey: key) ?? liveSlot(of: id)
    }

    /// The slot showing the note with `id` among the positions holding `key`, if any.
    func slot(of id: UUID, amongKey key: UInt64) -> Int? {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if slotKeys[Int(order[middle])] < key { low = middle + 1 } else { high = middle }
        }
        while low < order.count, slotKeys[Int(order[low])] == key {
            if slotIDs[Int(order[low])] == id { return Int(order[low]) }
            low += 1
        }
        return nil
    }

    /// How many notes are in `category`.
    public func count(inCategory category: UUID) -> Int {
        let code = categories.code(of: category)
        return code >= 0 ? categoryCounts[Int(code)] : 0
    }

    /// How many notes are in no category (or in one that does not exist).
    public var uncategorizedCount: Int { count - categoryCounts.reduce(0, +) }

    /// The display positions of the notes in `category`, ascending.
    public func positions(inCategory category: UUID) -> [Int32] {
        let code = categories.code(of: category)
        guard code >= 0 else { return [] }
        var positions: [Int32] = []
        positions.reserveCapacity(categoryCounts[Int(code)])
        for position in order.indices where slotCategories[Int(order[position])] == code {
            positions.append(Int32(position))
        }
        return positions
    }

    /// The display positions of the notes in no category (or in one that does not exist), ascending.
    public func uncategorizedPositions() -> [Int32] {
        var positions: [Int32] = []
        positions.reserveCapacity(uncategorizedCount)
        for position in order.indices where slotCategories[Int(order[position])] < 0 {
            positions.append(Int32(position))
        }
        return positions
    }

    /// The search form of a single word or phrase: folded UTF-8 (`SearchFolding`).
    public static func needle(for text: String) -> [UInt8] {
        SearchFolding.fold(text)
    }
}
