/// Which pairs of adjacent bytes occur in each block of `slotsPerBlock` slots of a
/// `SearchText`: one bit per pair (65,536 bits, 8 KiB a block). A note can hold a query
/// only if its block holds every pair of the query's bytes, so a search skips the blocks
/// that lack one: a query that matches nothing, or few notes, passes over most of the
/// text without reading it (`zzz` among 1,000,000 notes). A block's bits only ever gain
/// pairs (a retired slot's stay), so they may let a block through for nothing, never
/// skip one that holds a match.
struct BytePairBlocks: Sendable {
    static let slotsPerBlock = 1024
    private static let wordsPerBlock = 65_536 / 64
    private var bits: [UInt64] = []

    /// Records the pairs of `bytes`, the text of slots in `block`.
    mutating func add(_ bytes: ArraySlice<UInt8>, block: Int) {
        let needed = (block + 1) * Self.wordsPerBlock
        if bits.count < needed { bits.append(contentsOf: repeatElement(0, count: needed - bits.count)) }
        guard bytes.count > 1 else { return }
        let base = block * Self.wordsPerBlock
        bits.withUnsafeMutableBufferPointer { words in
            bytes.withUnsafeBufferPointer { text in
                var previous = Int(text[0])
                for offset in 1..<text.count {
                    let next = Int(text[offset])
                    let pair = previous << 8 | next
                    words[base + pair >> 6] |= 1 << UInt64(pair & 63)
                    previous = next
                }
            }
        }
    }

    /// The distinct pairs of adjacent bytes of `needle` (none for a single byte).
    static func pairs(of needle: [UInt8]) -> [Int] {
        guard needle.count > 1 else { return [] }
        var pairs: [Int] = []
        for offset in 1..<needle.count {
            let pair = Int(needle[offset - 1]) << 8 | Int(needle[offset])
            if !pairs.contains(pair) { pairs.append(pair) }
        }
        return pairs
    }

    /// Whether the notes of `block` may hold a text with all of `pairs`.
    @inline(__always)
    func mayContain(_ pairs: [Int], block: Int) -> Bool {
        let base = block * Self.wordsPerBlock
        guard base < bits.count else { return true }
        for pair in pairs where bits[base + pair >> 6] & (1 << UInt64(pair & 63)) == 0 { return false }
        return true
    }

    /// The memory the bits hold.
    var byteCount: Int { bits.count * MemoryLayout<UInt64>.stride }
}
