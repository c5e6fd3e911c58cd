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
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

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
        let end = output.count + min(max(0, length), 36)
        withUnsafeBytes(of: id.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                guard output.count < end else { break }
                if index == 4 || index == 6 || index == 8 || index == 10 { output.append(UInt8(ascii: "-")) }
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        output.removeLast(max(0, output.count - end))
    }
}
