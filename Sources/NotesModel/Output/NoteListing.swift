import Foundation
import Synchronization

/// Which notes `notes list` shows, and in what order: all filters must match;
/// the result is ordered by `updated`, newest first (then `created`, then id).
public struct NoteListing: Sendable {
    /// Only notes in this category.
    public var categoryID: UUID?
    /// Only notes carrying every one of these (normalized) tags.
    public var tags: Set<String>
    /// Only notes matching this `SearchQuery` (the UI filter's rule: words, `"phrases"`,
    /// `#tag`, `@category`; case, accents and Unicode forms folded).
    public var search: String?
    /// Only pinned notes.
    public var pinnedOnly: Bool

    public init(categoryID: UUID? = nil, tags: Set<String> = [], search: String? = nil, pinnedOnly: Bool = false) {
        self.categoryID = categoryID
        self.tags = tags
        self.search = search
        self.pinnedOnly = pinnedOnly
    }

    /// Whether `note` of `database` is listed.
    public func matches(_ note: Note, in database: NotesDatabase) -> Bool {
        var textSearch = self.textSearch
        return matches(note, searching: &textSearch, categories: database.categories)
    }

    private var textSearch: TextSearch? {
        search.flatMap { SearchQuery($0).isEmpty ? nil : TextSearch($0) }
    }

    private func matches(_ note: Note, searching textSearch: inout TextSearch?, categories: [UUID: Category]) -> Bool {
        if let categoryID, note.categoryID != categoryID { return false }
        if pinnedOnly, !note.pinned { return false }
        if !tags.isSubset(of: note.tags) { return false }
        if textSearch != nil {
            let categoryName = note.categoryID.flatMap { categories[$0]?.name }
            if textSearch?.isFound(in: note, categoryName: categoryName) != true { return false }
        }
        return true
    }

    /// Below this many notes one thread searches them; above, the processors share the work.
    static let parallelThreshold = 16_384

    /// The matching notes of `database`: pinned ones first, each group newest update first.
    public func notes(in database: NotesDatabase) -> [Note] {
        let notes = database.notes.values
        return positions(in: database).map { notes[$0] }
    }

    /// Where the matching notes are in `database.notes`, in `order` (pinned first).
    ///
    /// Matches are kept as small sort keys pointing into the dictionary and no note is
    /// copied: copying a `Note` retains and releases every field, and sorting or filtering
    /// whole notes was about a quarter of `notes list` at 100,000 notes. Without a filter,
    /// only the fields of each note's key are read (`allPositions`).
    public func positions(in database: NotesDatabase, order: NoteListOrder = .updated) -> [NotePosition] {
        let textSearch = self.textSearch
        let filtered = categoryID != nil || pinnedOnly || !tags.isEmpty || textSearch != nil
        guard filtered else { return Self.allPositions(database.notes, order: order) }
        let notes = database.notes.values
        let categories = database.categories
        let parts = textSearch != nil && notes.count >= Self.parallelThreshold
            ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        let indices = Array(notes.indices)
        let matchingKeys = { @Sendable (part: ArraySlice<NotePosition>) in
            var search = textSearch  // each thread its own scratch buffer
            return part.compactMap { (index: NotePosition) -> OrderKey? in
                guard matches(notes[index], searching: &search, categories: categories) else { return nil }
                return OrderKey(key: order.key(notes[index]), index: index)
            }
        }
        var keys: [OrderKey]
        if parts > 1 {
            let found = MatchedParts(count: parts)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                found.set(part, matchingKeys(indices[(indices.count * part / parts)..<(indices.count * (part + 1) / parts)]))
            }
            keys = found.joined()
        } else {
            keys = matchingKeys(indices[...])
        }
        keys.sort { a, b in a.key != b.key ? a.key < b.key : order.tieBreak(notes[a.index], notes[b.index]) }
        return keys.map(\.index)
    }

    /// The list's order, the UI's too (`NoteListOrder.updated`): pinned first, then newest
    /// `updated` first; ties by title, then by id, so the order is total.
    public static func newestFirst(_ a: Note, _ b: Note) -> Bool {
        NoteListOrder.updated.precedes(a, b)
    }
}

/// Where a note is in `NotesDatabase.notes`: listings hand positions over, not copies.
public typealias NotePosition = [UUID: Note].Index

/// A listed note's `NoteListOrder` key, and where it is in the notes dictionary: most
/// comparisons are of the keys alone.
private struct OrderKey {
    let key: UInt64
    let index: NotePosition
}

/// What each thread of a parallel search found, kept until all are done.
private final class MatchedParts: Sendable {
    private let parts: Mutex<[[OrderKey]]>

    init(count: Int) {
        parts = Mutex(Array(repeating: [], count: count))
    }

    func set(_ index: Int, _ keys: [OrderKey]) {
        parts.withLock { $0[index] = keys }
    }

    func joined() -> [OrderKey] {
        parts.withLock { $0.flatMap { $0 } }
    }
}
