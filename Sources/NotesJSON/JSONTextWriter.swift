/// Writes JSON text byte by byte, members in the order they are written, so the
/// store's files have a stable, documented layout. Pretty mode puts one member
/// per line with a 2-space indent; compact mode (journal lines) has no spaces.
/// Also writes `JSONValue` trees (`value(_:)`), for `--json` output and exports.
public struct JSONTextWriter {
    /// Which characters strings escape besides `"`, `\` and control characters.
    public enum Escaping: Sendable {
        /// The store's files: nothing else (`\n`, `\r`, `\t` short, other controls as `\u00XX`).
        case minimal
        /// Output for people and other programs: also `\b`, `\f`, DEL, C1 controls, U+2028,
        /// U+2029 and the bidi embeddings, overrides and isolates (U+202A–E, U+2066–9), so
        /// that the text is the same data and shows on a terminal as it is.
        case portable
    }

    public package(set) var bytes: [UInt8] = []
    let pretty: Bool
    package let escaping: Escaping
    /// For each open object or array: how many members or elements it has so far.
    private var counts: [Int] = []

    public init(pretty: Bool, capacity: Int = 0, escaping: Escaping = .minimal) {
        self.pretty = pretty
        self.escaping = escaping
        bytes.reserveCapacity(capacity)
    }

    /// Passes the text written so far to `write` and empties the buffer (the open
    /// arrays and objects stay open), so that a long document goes out in pieces.
    public mutating func drain(_ write: ([UInt8]) -> Void) {
        write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<counts.count { bytes.append(0x20); bytes.append(0x20) }
    }

    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        counts.append(0)
    }

    public mutating func endObject() {
        let count = counts.removeLast()
        if count > 0 { newline() }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        counts.append(0)
    }

    public mutating func endArray() {
        let count = counts.removeLast()
        if count > 0 { newline() }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Starts the next member of the open object: separator, indent, `"name": `.
    public mutating func key(_ name: String) {
        separate()
        string(name)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(0x20) }
    }

    /// Starts the next element of the open array.
    public mutating func element() {
        separate()
    }

    private mutating func separate() {
        if let last = counts.indices.last {
            if counts[last] > 0 { bytes.append(UInt8(ascii: ",")) }
            counts[last] += 1
        }
        newline()
    }

    /// An array of strings on one line: `["a", "b"]`.
    public mutating func inlineStrings(_ items: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                if pretty { bytes.append(0x20) }
            }
            string(item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a string given as the JSON text between its quotes, already escaped
    /// and checked (for example by `JSONReader.scanString`): copied as it is.
    package mutating func checkedString(_ escaped: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: escaped)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string, escaping `"`, `\` and control characters; everything else as UTF-8.
    public mutating func string(_ text: String) {
        if escaping == .portable { return portableString(text) }
        var text = text
        text.withUTF8 { minimalString($0) }
    }

    /// `string` with `.minimal` escaping over UTF-8 bytes: runs that need no escape are
    /// copied whole (a note's body is mostly one run), found eight bytes at a time by the
    /// reader's own scan for `"`, `\` and control characters (`JSONReader.firstSpecial`).
    private mutating func minimalString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var passed: UInt64 = 0  // not needed here
        while runStart < utf8.count {
            let special = JSONReader.firstSpecial(utf8, from: runStart, high: &passed)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<special]))
            guard special < utf8.count else { break }
            escapeMinimal(utf8[special])
            runStart = special + 1
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escape `.minimal` writes for `"`, `\` or a control character.
    private mutating func escapeMinimal(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
        default:
            raw("\\u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    /// A string with `.portable` escaping.
    private mutating func portableString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
                raw("\\u")
                for shift in stride(from: 12, through: 0, by: -4) {
                    bytes.append(Self.hexDigit(UInt8((scalar.value >> UInt32(shift)) & 0xF)))
                }
            default: bytes.append(contentsOf: scalar.utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number in the shortest form that reads back exactly (`1.5`, `785000000.25`).
    /// Whole numbers are written without a fraction.
    public mutating func number(_ value: Double) {
        if value.rounded() == value, abs(value) < 1e15 {
            integer(Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    public mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? value + 0x30 : value - 10 + UInt8(ascii: "a")
    }
}
