import Foundation

/// `notes list --search`: whether a note matches a `SearchQuery`, by the same rule as
/// the UI's filter. The note's searchable text (`SearchableNote`) is folded into a
/// scratch buffer that is reused from note to note, and the query's patterns are
/// looked for in it. One per thread: it keeps its buffer and folding cache.
public struct TextSearch: Sendable {
    public let query: SearchQuery
    private var folder = SearchFolder()
    private var scratch: [UInt8] = []

    public init(_ query: String) {
        self.query = SearchQuery(query)
    }

    /// Whether `note`, in the category called `categoryName`, matches the query.
    public mutating func isFound(in note: Note, categoryName: String?) -> Bool {
        guard !query.isEmpty else { return true }
        scratch.removeAll(keepingCapacity: true)
        SearchableNote.append(note, categoryName: categoryName, to: &scratch, folder: &folder)
        return scratch.withUnsafeBufferPointer { query.isFound(in: $0) }
    }
}
