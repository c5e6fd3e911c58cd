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
    private let searchText: PendingSearchText

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
            searchText = PendingSearchText(SearchText(storage: storage, order: order, categoryNames: names))
        case .inBackground:
            searchText = PendingSearchText(buildingInBackground: {
                SearchText(storage: storage, order: order, categoryNames: names)
            })
        }
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

    /// The notes whose text contains `needle`, in display order: among `candidates`
    /// when given, else among all notes. `hints`, parallel to `candidates`, say where a
    /// prefix of `needle` first occurs in each; the search starts there.
    public func search(_ needle: [UInt8], among candidates: [Int32]?, hints: [Int32]? = nil) -> Matches {
        guard !needle.isEmpty else {
            let all = candidates ?? Array(0..<Int32(count))
            return Matches(positions: all, firstHits: Array(repeating: 0, count: all.count))
        }
        let searchable = searchText.text
        let starts = searchable.starts
        let rare = searchable.rarestOffset(in: needle)
        return searchable.bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                var result = Matches(positions: [], firstHits: [])
                guard let base = haystack.baseAddress else { return result }
                if let candidates {
                    result.positions.reserveCapacity(candidates.count)
                    result.firstHits.reserveCapacity(candidates.count)
                    let usable = hints.flatMap { $0.count == candidates.count ? $0 : nil }
                    starts.withUnsafeBufferPointer { starts in
                        for (offset, position) in candidates.enumerated() {
                            let start = starts[Int(position)], end = starts[Int(position) + 1] - 1
                            let from = start + Int(usable?[offset] ?? 0)
                            if let hit = Self.find(pattern, rare: rare, in: base, from: from, to: end) {
                                result.positions.append(position)
                                result.firstHits.append(Int32(hit - start))
                            }
                        }
                    }
                    return result
                }
                // One sweep over all the text: after a hit, skip to the next note.
                var from = 0, note = 0
                while let hit = Self.find(pattern, rare: rare, in: base, from: from, to: haystack.count) {
                    while starts[note + 1] <= hit { note += 1 }
                    result.positions.append(Int32(note))
                    result.firstHits.append(Int32(hit - starts[note]))
                    note += 1
                    from = starts[note]
                }
                return result
            }
        }
    }

    /// The first position in `start..<end` where `pattern` begins (`start` for an empty
    /// pattern). `memchr` looks for the pattern's byte at offset `rare`, its least
    /// frequent, so that fewer places need comparing.
    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, rare: Int, in base: UnsafePointer<UInt8>,
                             from start: Int, to end: Int) -> Int? {
        guard !pattern.isEmpty else { return start }
        let lastStart = end - pattern.count
        guard start <= lastStart else { return nil }
        // A longer query often still matches where the shorter one did: look there first.
        if matches(pattern, at: base + start) { return start }
        let rareByte = Int32(pattern[rare])
        var position = start + 1 + rare
        let lastRare = lastStart + rare
        while position <= lastRare {
            guard let hit = memchr(base + position, rareByte, lastRare - position + 1) else { return nil }
            let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - rare
            if matches(pattern, at: base + found) { return found }
            position = found + rare + 1
        }
        return nil
    }

    @inline(__always)
    private static func matches(_ pattern: UnsafeBufferPointer<UInt8>, at place: UnsafePointer<UInt8>) -> Bool {
        for index in 0..<pattern.count where place[index] != pattern[index] { return false }
        return true
    }
}
