import Foundation
import NotesCore

/// Which notes the list shows: a text query (over titles, bodies, tags and category
/// names, case-insensitive) and an optional category. When the query only grew, the
/// new matches are searched among the previous ones.
public struct NoteFilter: Equatable, Sendable {
    public private(set) var query: String = ""
    public private(set) var categoryID: UUID?
    /// Positions in the index's `notes`, in order; nil when nothing filters (all notes).
    public private(set) var matches: [Int32]?
    private var needle: [UInt8] = []
    private var indexID: UUID?

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
        if let matches { return matches.firstIndex { index.notes[Int($0)].id == id } }
        return index.notes.firstIndex { $0.id == id }
    }

    /// Changes the query and category, searching incrementally where it can.
    public mutating func set(query newQuery: String, categoryID newCategory: UUID?, in index: NoteIndex) {
        let newNeedle = NoteIndex.needle(for: newQuery)
        let narrowsPrevious = index.id == indexID && newCategory == categoryID && matches != nil
            && Self.contains(newNeedle, needle)
        query = newQuery
        if narrowsPrevious, newNeedle == needle { return }
        needle = newNeedle
        categoryID = newCategory
        indexID = index.id
        if narrowsPrevious, let previous = matches {
            matches = index.search(newNeedle, among: previous)
            return
        }
        matches = Self.compute(newNeedle, category: newCategory, in: index)
    }

    /// Recomputes the matches for a new index (after the database changed).
    public mutating func refresh(in index: NoteIndex) {
        indexID = index.id
        matches = Self.compute(needle, category: categoryID, in: index)
    }

    private static func compute(_ needle: [UInt8], category: UUID?, in index: NoteIndex) -> [Int32]? {
        if let category {
            return index.search(needle, among: index.positionsByCategory[category] ?? [])
        }
        return needle.isEmpty ? nil : index.search(needle, among: nil)
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
