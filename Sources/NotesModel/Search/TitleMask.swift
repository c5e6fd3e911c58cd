/// Which byte values a folded text holds, as one bit each of a 64-bit mask: quick open's
/// pre-filter. Letters `a`–`z` have bits 0–25 and digits bits 26–35; every other byte
/// (a space, punctuation, a byte of a folded non-ASCII letter) shares one of the 28 bits
/// above them. A text holding every byte of a query holds every bit of the query's mask,
/// so a title whose mask misses one of the query's bits cannot match it (`FuzzyMatcher`
/// needs every query byte, in order) and is rejected with one AND before it is scored.
public enum TitleMask {
    /// The bit of one folded byte.
    @inlinable @inline(__always)
    public static func bit(_ byte: UInt8) -> UInt64 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 1 << UInt64(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 1 << UInt64(26 + byte - UInt8(ascii: "0"))
        default: return 1 << UInt64(36 + Int(byte) % 28)
        }
    }

    /// The mask of `bytes` (folded).
    public static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var mask: UInt64 = 0
        for byte in bytes { mask |= bit(byte) }
        return mask
    }

    /// Whether a text with mask `text` may hold every byte of a query with mask `query`.
    @inlinable @inline(__always)
    public static func mayMatch(_ text: UInt64, _ query: UInt64) -> Bool {
        text & query == query
    }
}
