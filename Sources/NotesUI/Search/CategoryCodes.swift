import Foundation

/// Small integer codes for the categories, so that the index keeps one `Int32` per
/// note and counts notes per category without a `Dictionary` lookup per note: a
/// small open-addressing table keyed by the first 8 bytes of the id, probed once for
/// each of the (maybe 100,000) notes while the index is built.
struct CategoryCodes: Sendable {
    /// The code of a note without a category, or with one that does not exist.
    static let none: Int32 = -1

    /// The category id of each code.
    let ids: [UUID]
    /// Codes by hash bucket; `none` for an empty bucket.
    private let buckets: [Int32]
    private let shift: UInt64

    init(_ categories: some Sequence<UUID>) {
        ids = Array(categories)
        var bits: UInt64 = 3
        while 1 << bits < 2 * ids.count { bits += 1 }
        shift = 64 - bits
        var buckets = [Int32](repeating: Self.none, count: 1 << bits)
        for (code, id) in ids.enumerated() {
            var bucket = Self.bucket(of: id, shift: shift)
            while buckets[bucket] != Self.none { bucket = (bucket + 1) & (buckets.count - 1) }
            buckets[bucket] = Int32(code)
        }
        self.buckets = buckets
    }

    var count: Int { ids.count }

    /// The code of `id`: `none` for nil or an unknown category.
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

    /// Fibonacci hashing of the id's first 8 bytes.
    @inline(__always)
    private static func bucket(of id: UUID, shift: UInt64) -> Int {
        let prefix = withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) }
        return Int(truncatingIfNeeded: (prefix &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
