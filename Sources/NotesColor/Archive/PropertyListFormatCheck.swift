import Foundation

/// Checks the bytes of a property list before `PropertyListSerialization` reads them.
///
/// swift-corelibs-foundation can crash (a bad pointer dereference while bridging) on a
/// damaged binary property list that holds a set, and a keyed archive never holds one.
/// So a binary list's object table is walked here first: every object must lie inside
/// the object area and be of a kind an archive uses (null, booleans, integers, reals,
/// dates, data, strings, UIDs, arrays, dictionaries). XML lists have no set type and
/// are passed on; any other format (OpenStep text, JSON, random bytes) is refused.
enum PropertyListFormatCheck {
    /// The most objects a binary list may declare before it is not even looked at.
    static let maximumObjects = 100_000

    static func check(_ bytes: [UInt8]) throws(ArchiveError) {
        if bytes.starts(with: Array("bplist".utf8)) {
            try checkBinary(bytes)
        } else if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<") {
            return
        } else {
            throw .notAPropertyList("neither a binary nor an XML property list")
        }
    }

    private static func checkBinary(_ bytes: [UInt8]) throws(ArchiveError) {
        let trailerSize = 32
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw .notAPropertyList("an unsupported binary property list version")
        }
        guard bytes.count >= 8 + 1 + trailerSize else { throw .notAPropertyList("a binary property list cut short") }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let objectCount = bigEndian(bytes, at: trailer + 8, size: 8)
        let tableStart = bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(Int(bytes[trailer + 7])),
              let objectCount, (1...maximumObjects).contains(objectCount),
              let tableStart, tableStart >= 9, tableStart <= trailer,
              objectCount <= (trailer - tableStart) / offsetSize
        else { throw .notAPropertyList("a binary property list with a bad trailer") }
        for index in 0..<objectCount {
            guard let offset = bigEndian(bytes, at: tableStart + index * offsetSize, size: offsetSize),
                  offset >= 8, offset < tableStart
            else { throw .notAPropertyList("object \(index) of the binary property list is out of place") }
            guard isArchiveObjectMarker(bytes[offset]) else {
                throw .notAPropertyList("object \(index) of the binary property list is of a kind no archive holds")
            }
        }
    }

    /// Null, false, true; integers, reals, a date; data, ASCII and UTF-16 strings; UIDs;
    /// arrays and dictionaries. Not sets (0xC_), not fill bytes or unassigned kinds.
    private static func isArchiveObjectMarker(_ marker: UInt8) -> Bool {
        switch marker >> 4 {
        case 0x0: [0x00, 0x08, 0x09].contains(marker)
        case 0x1, 0x2: marker & 0x0F <= 4
        case 0x3: marker == 0x33
        case 0x4, 0x5, 0x6, 0x8, 0xA, 0xD: true
        default: false
        }
    }

    /// A big-endian unsigned number of `size` bytes at `offset`, if it is in the bytes and fits an Int.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
