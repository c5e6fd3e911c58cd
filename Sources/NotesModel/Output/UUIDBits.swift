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
