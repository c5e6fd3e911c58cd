import Foundation
import NotesCore

/// Which notes the list shows: a `SearchQuery` (words, phrases, `#tag`, `@category`,
/// `-term`, folded; see `SearchQuery`) and an optional category. Each pattern of the
/// query is searched among the notes that matched the ones before it, then the notes
/// holding an excluded pattern are taken out. When the query only narrowed (every
/// earlier pattern is part of a new one, every earlier exclusion is still there), only
/// the new patterns and exclusions are searched, among the previous matches; when it
/// shrank back (Backspace), the earlier result is reused.
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
    /// Positions in the index's display order, ascending; nil when nothing filters (all notes).
    public private(set) var matches: [Int32]?
    /// Where `hitsPattern` first occurs in each match, when known.
    private var firstHits: [Int32]?
    private var hitsPattern: [UInt8] = []
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
        var hitsPattern: [UInt8]
    }

    public init() {}

    /// Whether a query or a category narrows the list.
    public var isActive: Bool { !patterns.isEmpty || !excluded.isEmpty || scope != .all }

    /// How many notes the list shows.
    public func count(in index: NoteIndex) -> Int { matches?.count ?? index.count }

    /// The index position of the note on list row `row`.
    public func position(ofRow row: Int) -> Int {
        if let matches { return Int(matches[row]) }
        return row
    }

    /// The row showing the note with `id`, if the list shows it.
    public func row(of id: UUID, in index: NoteIndex) -> Int? {
        guard let position = index.position(of: id) else { return nil }
        guard let matches else { return position }
        return matches.firstIndex(of: Int32(position))
    }

    /// Changes the query and narrows to one category (nil: all notes).
    public mutating func set(query newQuery: String, categoryID newCategory: UUID?, in index: NoteIndex) {
        set(query: newQuery, scope: newCategory.map(Scope.category) ?? .all, in: index)
    }

    /// Changes the query and scope, searching incrementally where it can.
    public mutating func set(query newQuery: String, scope newScope: Scope, in index: NoteIndex) {
        let newSearch = SearchQuery(newQuery)
        let (newPatterns, newExcluded) = (newSearch.patterns, newSearch.excludedPatterns)
        query = newQuery
        search = newSearch
        let sameList = index.id == indexID && newScope == scope
        if sameList, newPatterns == patterns, newExcluded == excluded { return }
        if sameList, let earlier = history.lastIndex(where: { $0.patterns == newPatterns && $0.excluded == newExcluded }) {
            let step = history[earlier]
            (patterns, excluded, matches) = (newPatterns, newExcluded, step.matches)
            (firstHits, hitsPattern) = (step.firstHits, step.hitsPattern)
            history.removeSubrange(earlier...)
            return
        }
        if sameList, let previous = matches, !newPatterns.isEmpty || !newExcluded.isEmpty,
           Self.narrows(patterns, to: newPatterns), excluded.allSatisfy(newExcluded.contains) {
            history.append(Step(patterns: patterns, excluded: excluded, matches: matches, firstHits: firstHits,
                                hitsPattern: hitsPattern))
            var candidates = previous
            for pattern in newPatterns where !patterns.contains(pattern) {
                let hints = !hitsPattern.isEmpty && pattern.starts(with: hitsPattern) ? firstHits : nil
                let found = index.search(pattern, among: candidates, hints: hints)
                (candidates, firstHits, hitsPattern) = (found.positions, found.firstHits, pattern)
            }
            for pattern in newExcluded where !excluded.contains(pattern) {
                leaveOut(pattern, from: &candidates, in: index)
            }
            (patterns, excluded, matches) = (newPatterns, newExcluded, candidates)
            return
        }
        history = []
        patterns = newPatterns
        excluded = newExcluded
        scope = newScope
        indexID = index.id
        compute(in: index)
    }

    /// Recomputes the matches for a new index (after the database changed).
    public mutating func refresh(in index: NoteIndex) {
        history = []
        indexID = index.id
        compute(in: index)
    }

    private mutating func compute(in index: NoteIndex) {
        var candidates: [Int32]?
        switch scope {
        case .all: candidates = nil
        case .uncategorized: candidates = index.uncategorizedPositions()
        case .category(let id): candidates = index.positions(inCategory: id)
        }
        (firstHits, hitsPattern) = (nil, [])
        for pattern in patterns {
            let found = index.search(pattern, among: candidates)
            (candidates, firstHits, hitsPattern) = (found.positions, found.firstHits, pattern)
        }
        if !excluded.isEmpty {
            var kept = candidates ?? Array(0..<Int32(index.count))
            for pattern in excluded { leaveOut(pattern, from: &kept, in: index) }
            candidates = kept
        }
        matches = candidates
    }

    /// Takes the notes holding `pattern` out of `candidates` (and their first hits, kept
    /// parallel to them).
    private mutating func leaveOut(_ pattern: [UInt8], from candidates: inout [Int32], in index: NoteIndex) {
        let found = index.search(pattern, among: candidates).positions
        guard !found.isEmpty else { return }
        var kept: [Int32] = [], keptHits: [Int32] = []
        kept.reserveCapacity(candidates.count - found.count)
        let hits = firstHits.flatMap { $0.count == candidates.count ? $0 : nil }
        var next = 0
        for (offset, position) in candidates.enumerated() {
            while next < found.count, found[next] < position { next += 1 }
            if next < found.count, found[next] == position { continue }
            kept.append(position)
            if let hits { keptHits.append(hits[offset]) }
        }
        candidates = kept
        firstHits = hits == nil ? nil : keptHits
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
