import Foundation

/// A UUID's 16 bytes as two numbers, ordered as its `uuidString` is: the string is
/// the bytes in upper-case hex with dashes at fixed places, so the two orders agree.
struct UUIDBits: Comparable {
    let high: UInt64
    let low: UInt64

    /// After how many hex digits a UUID string has a dash.
    static let dashPositions = [8, 12, 16, 20]

    init(_ id: UUID) {
        (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
            (UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
             UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }

    static func < (a: UUIDBits, b: UUIDBits) -> Bool { (a.high, a.low) < (b.high, b.low) }

    /// How many leading hex digits the two have in common (32 when equal).
    func commonHexDigits(with other: UUIDBits) -> Int {
        let high = self.high ^ other.high
        if high != 0 { return high.leadingZeroBitCount / 4 }
        return 16 + (low ^ other.low).leadingZeroBitCount / 4
    }
}

extension UUIDBits {

    /// The first `length` characters of `id.uuidString`, made from its bytes: `uuidString`
    /// formats through `printf`, a tenth of a listing's time at 100,000 notes.
    static func uppercasePrefix(of id: UUID, length: Int) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        appendUppercasePrefix(of: id, length: length, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `uppercasePrefix(of: id, length: length)` as UTF-8 at the end of `output`.
    static func appendUppercasePrefix(of id: UUID, length: Int, to output: inout [UInt8]) {
        let length = min(max(0, length), 36)
        guard length > 0 else { return }
        // The whole string spelled on the stack, eight digits at once, and its prefix
        // appended in one call (a byte at a time cost 300 instructions a listed note).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            guard let base = text.baseAddress else { return }
            let raw = UnsafeMutableRawPointer(base)
            withUnsafeBytes(of: id.uuid) { bytes in
                func spelled(_ word: Int) -> UInt64 {
                    hexSpelling(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4 * word, as: UInt32.self))).littleEndian
                }
                // 8-4-4-4-12: the second and third words' digits each straddle a dash.
                let second = spelled(1), third = spelled(2)
                raw.storeBytes(of: spelled(0), toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: UInt32(truncatingIfNeeded: second), toByteOffset: 9, as: UInt32.self)
                raw.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32), toByteOffset: 14, as: UInt32.self)
                raw.storeBytes(of: UInt32(truncatingIfNeeded: third), toByteOffset: 19, as: UInt32.self)
                raw.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32), toByteOffset: 24, as: UInt32.self)
                raw.storeBytes(of: spelled(3), toByteOffset: 28, as: UInt64.self)
            }
            base[8] = UInt8(ascii: "-"); base[13] = UInt8(ascii: "-"); base[18] = UInt8(ascii: "-"); base[23] = UInt8(ascii: "-")
            output.append(contentsOf: UnsafeBufferPointer(start: base, count: length))
        }
    }

    /// The eight upper-case hex digits of `value`, the first (most significant) in the
    /// lowest byte.
    static func hexSpelling(_ value: UInt32) -> UInt64 {
        // Spread the nibbles a byte each, the most significant into the lowest byte.
        var nibbles = UInt64(value.byteSwapped)  // bytes in reading order, lowest first
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        // Each byte now holds a source byte; its high nibble goes first (the lower byte).
        nibbles = ((nibbles >> 4) & 0x000F_000F_000F_000F) | ((nibbles & 0x000F_000F_000F_000F) << 8)
        let ones: UInt64 = 0x0101_0101_0101_0101
        // `0` + value, and 7 more for `A`...`F` (values 10 and up: adding 6 reaches 16).
        let letters = ((nibbles &+ 6 &* ones) >> 4) & ones
        return nibbles &+ 0x30 &* ones &+ letters &* 7
    }
}
