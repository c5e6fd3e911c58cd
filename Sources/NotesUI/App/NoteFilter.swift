import Foundation
import NotesCore

/// Which notes the list shows: a text query (over titles, bodies, tags and category
/// names, case-insensitive) and an optional category. When the query only grew, the
/// new matches are searched among the previous ones, from where the shorter query was
/// found; when it shrank back (Backspace), the earlier result is reused.
public struct NoteFilter: Equatable, Sendable {
    public private(set) var query: String = ""
    public private(set) var categoryID: UUID?
    /// Positions in the index's display order, ascending; nil when nothing filters (all notes).
    public private(set) var matches: [Int32]?
    /// Where the query first occurs in each match, when known.
    private var firstHits: [Int32]?
    private var needle: [UInt8] = []
    private var indexID: UUID?
    /// The results of the shorter queries typed on the way to this one.
    private var history: [Step] = []

    private struct Step: Equatable, Sendable {
        var needle: [UInt8]
        var matches: [Int32]?
        var firstHits: [Int32]?
    }

    public init() {}

    /// Whether a query or a category narrows the list.
    public var isActive: Bool { !needle.isEmpty || categoryID != nil }

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

    /// Changes the query and category, searching incrementally where it can.
    public mutating func set(query newQuery: String, categoryID newCategory: UUID?, in index: NoteIndex) {
        let newNeedle = NoteIndex.needle(for: newQuery)
        query = newQuery
        let sameList = index.id == indexID && newCategory == categoryID
        if sameList, newNeedle == needle { return }
        if sameList, let earlier = history.lastIndex(where: { $0.needle == newNeedle }) {
            (needle, matches, firstHits) = (newNeedle, history[earlier].matches, history[earlier].firstHits)
            history.removeSubrange(earlier...)
            return
        }
        if sameList, let previous = matches, !newNeedle.isEmpty, Self.contains(newNeedle, needle) {
            history.append(Step(needle: needle, matches: matches, firstHits: firstHits))
            let hints = newNeedle.starts(with: needle) ? firstHits : nil
            let found = index.search(newNeedle, among: previous, hints: hints)
            (needle, matches, firstHits) = (newNeedle, found.positions, found.firstHits)
            return
        }
        history = []
        needle = newNeedle
        categoryID = newCategory
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
        if let category = categoryID {
            let inCategory = index.positions(inCategory: category)
            if needle.isEmpty {
                (matches, firstHits) = (inCategory, nil)
            } else {
                let found = index.search(needle, among: inCategory)
                (matches, firstHits) = (found.positions, found.firstHits)
            }
        } else if needle.isEmpty {
            (matches, firstHits) = (nil, nil)
        } else {
            let found = index.search(needle, among: nil)
            (matches, firstHits) = (found.positions, found.firstHits)
        }
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
