import Foundation
import NotesCore

/// The notes in display order (most recently updated first), with a lowercased
/// search text for each, built once per database change. Filtering searches these
/// bytes with `memchr`/`memcmp` and never lowercases or sorts notes per keystroke.
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

    /// Identifies this build, so a filter knows whether its matches belong to it.
    public let id = UUID()
    /// The database's notes, shared (not copied); `order` points into it.
    private let storage: [UUID: Note]
    private let order: [Dictionary<UUID, Note>.Index]
    /// Positions in display order of each category's notes.
    public let positionsByCategory: [UUID: [Int32]]
    let searchText: PendingSearchText

    /// Where a search found notes: their positions, and where in each note's text the
    /// query first occurs (a longer query typed after it can start looking there).
    public struct Matches: Equatable, Sendable {
        public var positions: [Int32]
        public var firstHits: [Int32]
    }

    public init(database: NotesDatabase, searchText build: SearchTextBuild = .now) {
        let storage = database.notes
        // Sort dictionary positions by (updated, …) keys: comparing whole notes would copy them.
        var keyed: [(updated: Double, index: Dictionary<UUID, Note>.Index)] = []
        keyed.reserveCapacity(storage.count)
        var cursor = storage.startIndex
        while cursor != storage.endIndex {
            keyed.append((storage[cursor].value.updated.timeIntervalSinceReferenceDate, cursor))
            cursor = storage.index(after: cursor)
        }
        keyed.sort { left, right in
            if left.updated != right.updated { return left.updated > right.updated }
            let a = storage[left.index].value, b = storage[right.index].value
            if a.title != b.title { return a.title < b.title }
            return a.id.uuidString < b.id.uuidString
        }
        let order = keyed.map(\.index)
        var positions: [UUID: [Int32]] = [:]
        for (position, index) in order.enumerated() {
            if let category = storage[index].value.categoryID { positions[category, default: []].append(Int32(position)) }
        }
        self.storage = storage
        self.order = order
        self.positionsByCategory = positions
        let names = database.categories.mapValues(\.name)
        switch build {
        case .now:
            searchText = PendingSearchText(Self.makeSearchText(storage, order, names))
        case .inBackground:
            searchText = PendingSearchText(buildingInBackground: { Self.makeSearchText(storage, order, names) })
        }
    }

    /// Builds the search text, and for a large one wakes the threads a search will split
    /// across, so that the first key typed does not pay for starting them.
    private static func makeSearchText(_ storage: [UUID: Note], _ order: [Dictionary<UUID, Note>.Index],
                                       _ names: [UUID: String]) -> SearchText {
        let text = SearchText(storage: storage, order: order, categoryNames: names)
        if order.count >= parallelThreshold { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
        return text
    }

    /// Whether the search text is built (always, unless built `.inBackground`).
    public var isSearchable: Bool { searchText.isReady }

    /// Waits until the search text is built.
    public func waitUntilSearchable() { _ = searchText.text }

    public var count: Int { order.count }

    /// The note at `position` in display order.
    public func note(at position: Int) -> Note { storage[order[position]].value }

    /// All notes in display order. Copies them: for tests and exports, not for drawing.
    public func notesInOrder() -> [Note] { order.map { storage[$0].value } }

    /// The display position of the note with `id`.
    public func position(of id: UUID) -> Int? {
        guard let index = storage.index(forKey: id) else { return nil }
        return order.firstIndex(of: index)
    }

    /// The search form of a query: lowercased UTF-8.
    public static func needle(for query: String) -> [UInt8] {
        Array(query.lowercased().utf8)
    }
}
