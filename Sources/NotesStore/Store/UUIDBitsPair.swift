import Foundation
import NotesModel

/// A UUID as two big-endian integers: sorting them sorts the `uuidString`s, and two ids
/// share as many hex digits as their XOR has leading zero nibbles. The list head's
/// `PlainOutput.uniquePrefixLength`, computed the same way.
struct UUIDBitsPair: Comparable {
    let high: UInt64
    let low: UInt64

    init(_ id: UUID) {
        (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
            (UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
             UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }

    static func < (a: UUIDBitsPair, b: UUIDBitsPair) -> Bool { (a.high, a.low) < (b.high, b.low) }

    var id: UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { target in
            withUnsafeBytes(of: high.bigEndian) { target.copyMemory(from: $0) }
            withUnsafeBytes(of: low.bigEndian) { UnsafeMutableRawBufferPointer(rebasing: target[8...]).copyMemory(from: $0) }
        }
        return UUID(uuid: value)
    }

    /// The unique prefix length (in characters, dashes counted) that this id and `other`
    /// need to be told apart, as `PlainOutput.uniquePrefixLength` counts it.
    func prefixLength(apartFrom other: UUIDBitsPair) -> Int {
        let high = self.high ^ other.high
        let digits = high != 0 ? high.leadingZeroBitCount / 4 : 16 + (low ^ other.low).leadingZeroBitCount / 4
        let characters = digits + [8, 12, 16, 20].filter { $0 <= digits }.count
        return min(characters + 1, 36)
    }

    /// `PlainOutput.uniquePrefixLength` of `ids` (sorted here), and the ids of the
    /// neighbours that need it when it is more than the shortest length.
    static func prefixLength(of ids: inout [UUIDBitsPair]) -> (length: Int, critical: [UUID]) {
        ids.sort()
        var length = PlainOutput.shortIDLength
        var critical: [UUID] = []
        for (a, b) in zip(ids, ids.dropFirst()) {
            let needed = a.prefixLength(apartFrom: b)
            guard needed >= length, needed > PlainOutput.shortIDLength else { continue }
            if needed > length { critical = [] }
            length = needed
            critical.append(contentsOf: [a.id, b.id])
        }
        return (length, critical)
    }
}
