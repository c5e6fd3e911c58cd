import Foundation

/// Which notes `notes list` shows, and in what order: all filters must match;
/// the result is ordered by `updated`, newest first (then `created`, then id).
public struct NoteListing: Sendable {
    /// Only notes in this category.
    public var categoryID: UUID?
    /// Only notes carrying every one of these (normalized) tags.
    public var tags: Set<String>
    /// Only notes whose title, body or tags contain this text (case- and diacritic-insensitive).
    public var search: String?

    public init(categoryID: UUID? = nil, tags: Set<String> = [], search: String? = nil) {
        self.categoryID = categoryID
        self.tags = tags
        self.search = search
    }

    public func matches(_ note: Note) -> Bool {
        if let categoryID, note.categoryID != categoryID { return false }
        if !tags.isSubset(of: note.tags) { return false }
        if let search, !search.isEmpty {
            let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
            let found = note.title.range(of: search, options: options) != nil
                || note.body.range(of: search, options: options) != nil
                || note.tags.contains { $0.range(of: search, options: options) != nil }
            if !found { return false }
        }
        return true
    }

    /// The matching notes of `database`, newest update first.
    public func notes(in database: NotesDatabase) -> [Note] {
        database.notes.values.filter(matches).sorted(by: Self.newestFirst)
    }

    /// Newest `updated` first; ties broken by newest `created`, then by id, so the order is total.
    public static func newestFirst(_ a: Note, _ b: Note) -> Bool {
        if a.updated != b.updated { return a.updated > b.updated }
        if a.created != b.created { return a.created > b.created }
        return a.id.uuidString < b.id.uuidString
    }
}
