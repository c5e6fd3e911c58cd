import Foundation
import NotesModel

/// Small integer codes for the categories, so that the index keeps one `Int32` per
/// note and counts notes per category without a `Dictionary` lookup per note: a
/// small open-addressing table keyed by the first 8 bytes of the id, probed once for
/// each of the (maybe 1,000,000) notes while the index is built.
///
/// It also holds each category's searchable name (`SearchableNote.categoryMarker` and
/// the folded name), which the search matches against instead of every note's text
/// (`codes(matching:)`), so that a rename changes this small table, not the notes' text.
/// A category that goes keeps its code (no live note has it) and comes back under it.
struct CategoryCodes: Sendable {
    /// The code of a note without a category, or with one that does not exist.
    static let none: Int32 = -1

    /// The category id of each code, gone ones included.
    private(set) var ids: [UUID]
    /// By code: the marker and folded name a search matches; nil for a category that is gone.
    private(set) var fields: [[UInt8]?]
    /// Live codes by hash bucket; `none` for an empty bucket.
    private var buckets: [Int32] = []
    private var shift: UInt64 = 0

    init(_ categories: [UUID: Category]) {
        ids = Array(categories.keys)
        fields = ids.map { id in categories[id].map { Self.field(of: $0.name) } }
        rebuildBuckets()
    }

    /// How many codes there are, gone ones included.
    var count: Int { ids.count }

    /// Takes in the live categories as they are now: a new one gets the next code (or the
    /// one it had before it went), a renamed one its new name. Returns the codes of the
    /// categories that went.
    mutating func update(to categories: [UUID: Category]) -> [Int32] {
        var gone: [Int32] = []
        var known = Set<UUID>()
        for code in ids.indices {
            let id = ids[code]
            known.insert(id)
            let field = categories[id].map { Self.field(of: $0.name) }
            if fields[code] != nil, field == nil { gone.append(Int32(code)) }
            fields[code] = field
        }
        for (id, category) in categories where !known.contains(id) {
            ids.append(id)
            fields.append(Self.field(of: category.name))
        }
        rebuildBuckets()
        return gone
    }

    /// The code of `id`: `none` for nil or a category that does not exist.
    @inline(__always)
    func code(of id: UUID?) -> Int32 {
        guard let id else { return Self.none }
        var bucket = Self.bucket(of: id, shift: shift)
        while true {
            let code = buckets[bucket]
            if code == Self.none || ids[Int(code)] == id { return code }
            bucket = (bucket + 1) & (buckets.count - 1)
        }
    }

    /// Whether the category of `code` exists.
    func isLive(_ code: Int32) -> Bool {
        code >= 0 && fields[Int(code)] != nil
    }

    /// By code, whether the category's searchable name holds `needle` (a word inside it,
    /// or `@name` at its start, as in `SearchableNote`'s text); nil when none does, the
    /// usual case, so that a search then looks at the notes' text only.
    func codes(matching needle: [UInt8]) -> [Bool]? {
        guard !needle.isEmpty else { return nil }
        var result: [Bool]?
        for (code, field) in fields.enumerated() {
            guard let field else { continue }
            let found = field.withUnsafeBufferPointer { SearchQuery.contains(needle, in: $0) }
            if found {
                if result == nil { result = [Bool](repeating: false, count: fields.count) }
                result?[code] = true
            }
        }
        return result
    }

    /// What a search matches for a category called `name`.
    static func field(of name: String) -> [UInt8] {
        [SearchableNote.categoryMarker] + SearchFolding.fold(name)
    }

    private mutating func rebuildBuckets() {
        var bits: UInt64 = 3
        while 1 << bits < 2 * ids.count { bits += 1 }
        shift = 64 - bits
        var buckets = [Int32](repeating: Self.none, count: 1 << bits)
        for (code, id) in ids.enumerated() where fields[code] != nil {
            var bucket = Self.bucket(of: id, shift: shift)
            while buckets[bucket] != Self.none { bucket = (bucket + 1) & (buckets.count - 1) }
            buckets[bucket] = Int32(code)
        }
        self.buckets = buckets
    }

    /// Fibonacci hashing of the id's first 8 bytes.
    @inline(__always)
    private static func bucket(of id: UUID, shift: UInt64) -> Int {
        let prefix = withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) }
        return Int(truncatingIfNeeded: (prefix &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
