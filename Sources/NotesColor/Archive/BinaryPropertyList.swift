import Foundation

/// A property-list value written by `BinaryPropertyList`: only the kinds a keyed
/// archive of a color needs.
indirect enum PropertyListNode: Equatable {
    case string(String)
    case integer(Int)
    /// A 32-bit real, as `NSKeyedArchiver` writes a `Float`.
    case float(Float)
    /// A keyed-archive reference (`CF$UID`) to an entry of `$objects`.
    case uid(Int)
    case array([PropertyListNode])
    /// Members in the order given: the writer sorts nothing, so the caller decides
    /// (`ColorArchive` sorts the keys).
    case dictionary([(String, PropertyListNode)])

    static func == (left: PropertyListNode, right: PropertyListNode) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.float(let a), .float(let b)): a.bitPattern == b.bitPattern
        case (.uid(let a), .uid(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }
}

/// Writes a `bplist00` binary property list whose bytes depend only on the value:
/// objects in depth-first order, dictionary members in the order given, nothing
/// shared, every size the smallest that fits. `PropertyListSerialization` writes
/// a Swift dictionary in its hash order, which changes from one process to the next.
enum BinaryPropertyList {
    static func data(_ root: PropertyListNode) -> Data {
        var objects: [[UInt8]] = []
        var references: [[Int]] = []
        _ = flatten(root, into: &objects, references: &references)
        let referenceSize = byteCount(for: objects.count - 1)
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        for (index, head) in objects.enumerated() {
            offsets.append(output.count)
            output += head
            for reference in references[index] { output += bigEndian(reference, size: referenceSize) }
        }
        let tableOffset = output.count
        let offsetSize = byteCount(for: offsets.last ?? 0)
        for offset in offsets { output += bigEndian(offset, size: offsetSize) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        output += bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(tableOffset, size: 8)
        return Data(output)
    }

    /// Appends `node` and everything below it; returns its index. `objects[i]` holds the
    /// object's marker and inline bytes, `references[i]` the indexes it refers to.
    private static func flatten(_ node: PropertyListNode, into objects: inout [[UInt8]], references: inout [[Int]]) -> Int {
        let index = objects.count
        objects.append([])
        references.append([])
        switch node {
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                objects[index] = marker(0x50, count: text.utf8.count) + Array(text.utf8)
            } else {
                let units = Array(text.utf16)
                objects[index] = marker(0x60, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        case .integer(let value):
            objects[index] = integer(value)
        case .float(let value):
            objects[index] = [0x22] + bigEndian(Int(value.bitPattern), size: 4)
        case .uid(let value):
            let size = byteCount(for: value)
            objects[index] = [0x80 | UInt8(size - 1)] + bigEndian(value, size: size)
        case .array(let elements):
            objects[index] = marker(0xA0, count: elements.count)
            references[index] = elements.map { flatten($0, into: &objects, references: &references) }
        case .dictionary(let members):
            objects[index] = marker(0xD0, count: members.count)
            let keys = members.map { flatten(.string($0.0), into: &objects, references: &references) }
            let values = members.map { flatten($0.1, into: &objects, references: &references) }
            references[index] = keys + values
        }
        return index
    }

    /// A marker with its count: in the low four bits, or 0xF followed by an integer.
    private static func marker(_ kind: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [kind | UInt8(count)] : [kind | 0x0F] + integer(count)
    }

    /// An integer object: 1, 2, 4 or 8 bytes; negative numbers always take 8.
    private static func integer(_ value: Int) -> [UInt8] {
        let size = value < 0 ? 8 : value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
        let power: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3
        return [0x10 | power] + bigEndian(value, size: size)
    }

    /// The fewest bytes (1, 2, 4 or 8) an offset or reference up to `value` needs.
    private static func byteCount(for value: Int) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    private static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        let bits = UInt64(bitPattern: Int64(value))
        return (0..<size).reversed().map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
    }
}
