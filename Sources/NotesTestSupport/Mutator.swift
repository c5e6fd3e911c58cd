import Foundation
import NotesJSON

/// A mutated input and what was done to it (printed with the seed when a case fails).
public struct Mutation: Sendable {
    public var bytes: [UInt8]
    public var description: String
}

/// Deterministic mutations of valid files: byte-level damage (truncation, bit
/// flips, inserted, deleted and duplicated bytes, bad tokens) and, for JSON,
/// structural damage at any member (wrong types, NaN/Infinity/huge/negative
/// numbers, invalid UTF-8, deep nesting, removed, repeated, unknown members,
/// duplicated array elements such as a second note with the same id).
public enum Mutator {
    /// Text put in place of a JSON value: every wrong type and every bad number or string.
    public static let badValues: [[UInt8]] = [
        "\"x\"", "\"\"", "0", "-1", "0.5", "1e308", "-1e308", "1e999", "-1e999", "NaN", "Infinity", "-Infinity",
        "18446744073709551616", "-9223372036854775809", "true", "false", "null", "[]", "{}", "[1]", "{\"a\":1}",
        "\"\\ud800\"", "\"\\u0000\"", "\"\\udc00\\ud800\"", "\"00000000-0000-0000-0000-000000000000\"",
        "\"../../outside\"", "\"/etc/passwd\"", "\"#ZZZZZZ\"", "\"YnBsaXN0MDA=\"", "\"not base64!\"",
    ].map { Array($0.utf8) } + [
        [0x22, 0xFF, 0xFE, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0x01, 0x22], [0x22, 0x0A, 0x22],
        Array(repeating: UInt8(ascii: "["), count: 65) + Array(repeating: UInt8(ascii: "]"), count: 65),
        Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000),
        Array(repeating: UInt8(ascii: "{"), count: 2_000),
        [0x22] + Array(repeating: UInt8(ascii: "a"), count: 300_000) + [0x22],
    ]

    /// One to three byte-level changes.
    public static func bytes(_ input: [UInt8], _ random: inout SeededRandom) -> Mutation {
        var bytes = input
        var done: [String] = []
        for _ in 0..<random.int(1...3) {
            guard !bytes.isEmpty else { break }
            let at = random.int(0...(bytes.count - 1))
            switch random.int(0...6) {
            case 0:
                bytes.removeSubrange(at...)
                done.append("truncated at \(at)")
            case 1:
                let bit = random.int(0...7)
                bytes[at] ^= UInt8(1 << bit)
                done.append("flipped bit \(bit) of byte \(at)")
            case 2:
                let inserted = (0..<random.int(1...4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                bytes.insert(contentsOf: inserted, at: at)
                done.append("inserted \(inserted) at \(at)")
            case 3:
                let end = min(bytes.count, at + random.int(1...16))
                bytes.removeSubrange(at..<end)
                done.append("deleted bytes \(at)..<\(end)")
            case 4:
                let end = min(bytes.count, at + random.int(1...64))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
                done.append("duplicated bytes \(at)..<\(end)")
            case 5:
                let token = random.pick(badValues.filter { $0.count < 100 })
                let end = min(bytes.count, at + random.int(0...4))
                bytes.replaceSubrange(at..<end, with: token)
                done.append("replaced bytes \(at)..<\(end) by \(String(decoding: token, as: UTF8.self).debugDescription)")
            default:
                bytes[at] = random.pick([0x00, 0xFF, 0xC3, 0x80, 0x22, 0x5C, 0x7B, 0x5D, 0x2C, 0x3A])
                done.append("set byte \(at) to \(bytes[at])")
            }
        }
        return Mutation(bytes: bytes, description: done.joined(separator: ", "))
    }

    /// A structural change to a JSON document at a random place; nil if `input` is not JSON.
    public static func json(_ input: [UInt8], _ random: inout SeededRandom) -> Mutation? {
        guard let tree = try? MutableJSON(NotesJSON.JSONValue.parse(input)) else { return nil }
        let paths = tree.paths()
        guard !paths.isEmpty else { return nil }
        return json(tree, path: random.pick(paths), operation: random.int(0...(MutableJSON.operationCount - 1)), random: &random)
    }

    /// Every distinct member path of `input` whose array indexes are all 0 (one note, one category…).
    public static func fieldPaths(_ input: [UInt8]) -> [[MutableJSON.Step]] {
        guard let tree = try? MutableJSON(NotesJSON.JSONValue.parse(input)) else { return [] }
        return tree.paths().filter { path in path.allSatisfy { if case .index(let index) = $0 { index == 0 } else { true } } }
    }

    /// `input` with the value at `path` replaced by `badValues[valueIndex]`.
    public static func replacing(_ input: [UInt8], at path: [MutableJSON.Step], with valueIndex: Int) -> Mutation? {
        guard let tree = try? MutableJSON(NotesJSON.JSONValue.parse(input)) else { return nil }
        let value = badValues[valueIndex % badValues.count]
        let changed = tree.replacing(path, with: .raw(value))
        let shown = value.count > 40 ? "\(value.count) bytes starting \(String(decoding: value.prefix(12), as: UTF8.self).debugDescription)" : String(decoding: value, as: UTF8.self).debugDescription
        return Mutation(bytes: changed.text, description: "\(MutableJSON.describe(path)) replaced by \(shown)")
    }

    static func json(_ tree: MutableJSON, path: [MutableJSON.Step], operation: Int, random: inout SeededRandom) -> Mutation {
        let place = MutableJSON.describe(path)
        switch operation {
        case 0:
            let value = random.pick(badValues)
            return Mutation(bytes: tree.replacing(path, with: .raw(value)).text, description: "\(place) replaced by a bad value of \(value.count) bytes: \(String(decoding: value.prefix(24), as: UTF8.self).debugDescription)")
        case 1: return Mutation(bytes: tree.removing(path).text, description: "\(place) removed")
        case 2: return Mutation(bytes: tree.duplicating(path).text, description: "\(place) repeated")
        case 3:
            return Mutation(bytes: tree.replacing(path, with: .object([("unknown", .raw(Array("1".utf8)))])).text, description: "\(place) replaced by an object")
        default:
            let depth = random.pick([10, 63, 64, 65, 1_000])
            let wrapped = Array(repeating: UInt8(ascii: "["), count: depth) + (tree.node(at: path)?.text ?? []) + Array(repeating: UInt8(ascii: "]"), count: depth)
            return Mutation(bytes: tree.replacing(path, with: .raw(wrapped)).text, description: "\(place) nested in \(depth) arrays")
        }
    }
}
