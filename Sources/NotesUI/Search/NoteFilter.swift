import Foundation
import NotesModel

/// Which notes the list shows: a `SearchQuery` (words, phrases, `#tag`, `@category`,
/// `-term`, folded; see `SearchQuery`) and an optional category. Each pattern of the
/// query is searched among the notes that matched the ones before it, then the notes
/// holding an excluded pattern are taken out. When the query only narrowed (every
/// earlier pattern is part of a new one, every earlier exclusion is still there), only
/// the new patterns and exclusions are searched, among the previous matches; when it
/// shrank back (Backspace), the earlier result is reused.
///
/// The search may go in slices (`FilterWork`): the list is searched in display order,
/// so the matches found so far are always the first rows of the complete result, and
/// `isCounting` says that more may follow. A key searches until the rows the list shows
/// are known; the pauses between keys (`advance`) complete the count.
public struct NoteFilter: Equatable, Sendable {
    /// Which notes the filter starts from: all, those in no category, or one category's.
    public enum Scope: Equatable, Sendable {
        case all
        case uncategorized
        case category(UUID)
    }

    public private(set) var query: String = ""
    public private(set) var scope = Scope.all
    /// The category the list is narrowed to, if it is one category.
    public var categoryID: UUID? {
        if case .category(let id) = scope { return id }
        return nil
    }
    /// The parsed query, for highlights.
    public private(set) var search = SearchQuery("")
    /// Positions in the index's display order, ascending, of the matches found so far
    /// (all of them unless `isCounting`); nil when nothing filters (all notes).
    public private(set) var matches: [Int32]?
    /// Where `hitsPattern` first occurs in each match, when known.
    private var firstHits: [Int32]?
    /// The pattern whose hits `firstHits` holds; nil before the first slice.
    private var hitsPattern: [UInt8]?
    /// The parts of the list not searched yet, in list order; empty once the count is in.
    private var pending: [PendingPart] = []
    private var patterns: [[UInt8]] = []
    private var excluded: [[UInt8]] = []
    private var indexID: UUID?
    /// The results of the shorter queries typed on the way to this one.
    private var history: [Step] = []

    private struct Step: Equatable, Sendable {
        var patterns: [[UInt8]]
        var excluded: [[UInt8]]
        var matches: [Int32]?
        var firstHits: [Int32]?
        var hitsPattern: [UInt8]?
        var pending: [PendingPart]
    }

    public init() {}

    /// Whether a query or a category narrows the list.
    public var isActive: Bool { !patterns.isEmpty || !excluded.isEmpty || scope != .all }

    /// Whether part of the list is not searched yet: the rows found are right and in
    /// order, but more may follow them and the count is not complete (see `advance`).
    public var isCounting: Bool { !pending.isEmpty }

    /// How many notes the list shows (found so far, while `isCounting`).
    public func count(in index: NoteIndex) -> Int { matches?.count ?? index.count }

    /// The index position of the note on list row `row`.
    public func position(ofRow row: Int) -> Int {
        if let matches { return Int(matches[row]) }
        return row
    }

    /// The row showing the note with `id`, if the list shows it (among the rows found so far).
    public func row(of id: UUID, in index: NoteIndex) -> Int? {
        guard let position = index.position(of: id) else { return nil }
        guard let matches else { return position }
        return matches.firstIndex(of: Int32(position))
    }

    /// Changes the query and narrows to one category (nil: all notes); searches everything.
    public mutating func set(query newQuery: String, categoryID newCategory: UUID?, in index: NoteIndex) {
        set(query: newQuery, scope: newCategory.map(Scope.category) ?? .all, in: index)
    }

    /// Changes the query and scope, searching incrementally where it can; searches everything.
    public mutating func set(query newQuery: String, scope newScope: Scope, in index: NoteIndex) {
        set(query: newQuery, scope: newScope, in: index, work: .unlimited)
    }

    /// Changes the query and scope, searching incrementally where it can, and at most
    /// `work`; `advance` searches the rest.
    public mutating func set(query newQuery: String, scope newScope: Scope, in index: NoteIndex, work: FilterWork) {
        let newSearch = SearchQuery(newQuery)
        let (newPatterns, newExcluded) = (newSearch.patterns, newSearch.excludedPatterns)
        query = newQuery
        search = newSearch
        let sameList = index.id == indexID && newScope == scope
        if sameList, newPatterns == patterns, newExcluded == excluded { return advance(in: index, work: work) }
        if sameList, let earlier = history.lastIndex(where: { $0.patterns == newPatterns && $0.excluded == newExcluded }) {
            let step = history[earlier]
            (patterns, excluded, matches) = (newPatterns, newExcluded, step.matches)
            (firstHits, hitsPattern, pending) = (step.firstHits, step.hitsPattern, step.pending)
            history.removeSubrange(earlier...)
            return advance(in: index, work: work)
        }
        if sameList, let previous = matches, !newPatterns.isEmpty || !newExcluded.isEmpty,
           Self.narrows(patterns, to: newPatterns), excluded.allSatisfy(newExcluded.contains) {
            history.append(Step(patterns: patterns, excluded: excluded, matches: matches, firstHits: firstHits,
                                hitsPattern: hitsPattern, pending: pending))
            let addedPatterns = newPatterns.filter { !patterns.contains($0) }
            let addedExclusions = newExcluded.filter { !excluded.contains($0) }
            // What was found is searched for the new terms only; what was not searched
            // yet, for all the new terms (each old pattern is part of a new one, each old
            // exclusion is still there: they find nothing more). Both in list order.
            let hints = firstHits.flatMap { $0.count == previous.count ? $0 : nil }
            var parts = [PendingPart(source: .listed(previous, hints: hints, hitsPattern: hitsPattern ?? []),
                                     patterns: addedPatterns, excluded: addedExclusions)]
            for var part in pending {
                (part.patterns, part.excluded) = (newPatterns, newExcluded)
                parts.append(part)
            }
            (patterns, excluded) = (newPatterns, newExcluded)
            begin(parts)
            return advance(in: index, work: work)
        }
        history = []
        patterns = newPatterns
        excluded = newExcluded
        scope = newScope
        indexID = index.id
        start(in: index)
        advance(in: index, work: work)
    }

    /// Recomputes the matches for a new index (after the database changed), all of them,
    /// or none yet when a large index's search text is still being built (`waitsForText`).
    /// An index the filter already searches (taken over by `carry`) keeps what it found.
    public mutating func refresh(in index: NoteIndex) {
        guard index.id != indexID else { return }
        history = []
        indexID = index.id
        start(in: index)
        advance(in: index, work: Self.waitsForText(index) ? .idle : .unlimited)
    }

    /// Takes the filter from `early`, an early start's first notes, to `index`, the whole
    /// store's, whose first `shared` notes in list order are the same notes, unchanged:
    /// what was found among them stays, and only the notes after them are searched: at once
    /// as `refresh` does, or by the pauses once a large store's search text is built
    /// (`waitsForText`), so that the list keeps the rows it showed instead of going blank
    /// meanwhile (seconds at 1,000,000 notes).
    public mutating func carry(from early: NoteIndex, to index: NoteIndex, sharedFirstNotes shared: Int) {
        guard early.id == indexID, !patterns.isEmpty || !excluded.isEmpty else { return }
        let cut = Int32(min(shared, settledPositions(in: early)))
        let found = matches ?? []
        let kept = found.prefix { $0 < cut }
        if let hits = firstHits, hits.count == found.count { firstHits = Array(hits.prefix(kept.count)) } else { firstHits = nil }
        matches = Array(kept)
        let rest: PendingPart.Source
        switch scope {
        case .all: rest = .positions(Int(cut)..<max(Int(cut), index.count))
        case .uncategorized: rest = .listed(Array(index.uncategorizedPositions().drop { $0 < cut }), hints: nil, hitsPattern: [])
        case .category(let id): rest = .listed(Array(index.positions(inCategory: id).drop { $0 < cut }), hints: nil, hitsPattern: [])
        }
        pending = [PendingPart(source: rest, patterns: patterns, excluded: excluded)].filter { $0.count > 0 }
        history = []
        indexID = index.id
        advance(in: index, work: Self.waitsForText(index) ? .idle : .unlimited)
    }

    /// How many positions from the top of `index`'s list are searched to the end: every
    /// match among them is found.
    private func settledPositions(in index: NoteIndex) -> Int {
        pending.reduce(index.count) { settled, part in
            guard part.done < part.count else { return settled }
            switch part.source {
            case .positions(let range): return min(settled, range.lowerBound + part.done)
            case .listed(let positions, _, _): return min(settled, Int(positions[part.done]))
            }
        }
    }

    /// Whether a search in `index` would wait for a search text still being built on
    /// another thread, and long: then a key or a pause searches nothing yet (the filter
    /// stays `isCounting`, the list says so) and the pauses search once it is built, so that
    /// no key waits for it (seconds at 1,000,000 notes, right after the whole store is in).
    /// A small index's text is built in milliseconds: its search waits for it.
    public static func waitsForText(_ index: NoteIndex) -> Bool {
        !index.isSearchable && index.count >= NoteIndex.parallelThreshold
    }

    /// Searches more of the list, at most `work`, after what was found so far; nothing yet,
    /// unless `work` is unlimited, while the search text is being built (`waitsForText`).
    public mutating func advance(in index: NoteIndex, work: FilterWork) {
        guard !pending.isEmpty, work == .unlimited || !Self.waitsForText(index) else { return }
        let bytesPerNote = index.searchBytesPerNote
        var budget = work.bytes
        // Looking for a screenful: slices grow from a few notes, so a common query
        // stops soon after its rows are known.
        var sliceNotes = work.rows == nil ? Int.max : Self.firstSliceNotes
        while budget > 0, var part = pending.first {
            if let rows = work.rows, (matches?.count ?? 0) >= rows { break }
            let notes = max(1, min(part.count - part.done, sliceNotes, budget / bytesPerNote))
            let slice = part.search(part.done..<(part.done + notes), in: index)
            append(slice)
            part.done += notes
            // What the slice looked through: blocks passed over cost almost nothing.
            budget -= max(1, slice.cost)
            sliceNotes = sliceNotes.multipliedReportingOverflow(by: 2).overflow ? Int.max : sliceNotes * 2
            if part.done == part.count { pending.removeFirst() } else { pending[0] = part }
        }
    }

    /// How many notes the first slice of a key searches.
    static let firstSliceNotes = 512

    /// Starts the search of the whole scope over.
    private mutating func start(in index: NoteIndex) {
        let source: PendingPart.Source
        switch scope {
        case .all: source = .positions(0..<index.count)
        case .uncategorized: source = .listed(index.uncategorizedPositions(), hints: nil, hitsPattern: [])
        case .category(let id): source = .listed(index.positions(inCategory: id), hints: nil, hitsPattern: [])
        }
        guard !patterns.isEmpty || !excluded.isEmpty else {
            (firstHits, hitsPattern, pending) = (nil, nil, [])
            if case .listed(let positions, _, _) = source { matches = positions } else { matches = nil }
            return
        }
        begin([PendingPart(source: source, patterns: patterns, excluded: excluded)])
    }

    /// Nothing found yet; `parts` to search.
    private mutating func begin(_ parts: [PendingPart]) {
        (matches, firstHits, hitsPattern) = ([], [], nil)
        pending = parts.filter { $0.count > 0 }
    }

    /// Adds what a slice found after the matches so far. The hits stay known while every
    /// slice reports them for the same pattern.
    private mutating func append(_ slice: PendingPart.Slice) {
        if matches == nil { matches = [] }
        matches?.append(contentsOf: slice.positions)
        if hitsPattern == nil { hitsPattern = slice.hitsPattern }
        if let hits = slice.hits, slice.hitsPattern == hitsPattern, firstHits != nil {
            firstHits?.append(contentsOf: hits)
        } else {
            firstHits = nil
        }
    }

    /// Whether each old pattern is part of some new pattern, so that every note the new
    /// patterns match is among those the old ones matched.
    private static func narrows(_ old: [[UInt8]], to new: [[UInt8]]) -> Bool {
        old.allSatisfy { part in new.contains { contains($0, part) } }
    }

    /// Whether `text` contains `part` as a run of bytes.
    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty else { return true }
        guard part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) where text[start..<start + part.count].elementsEqual(part) {
            return true
        }
        return false
    }
}
