import Foundation

/// A byte-level JSON reader that pulls values straight out of UTF-8 bytes, so
/// the store can decode notes without building a tree (`JSONDecoder` is ~6×
/// slower on a large store). Strict RFC 8259: validates UTF-8, decodes escapes
/// and `\u` surrogate pairs, rejects NaN, infinities and nesting deeper than
/// `maxDepth`. Every error carries line, column and the path to the value.
public struct JSONReader {
    /// How deeply arrays and objects may nest.
    public static let maxDepth = 64

    package let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of the next unread byte.
    public package(set) var position: Int
    private var depth = 0
    /// Whether errors say their line and column (a scan from the start of the bytes).
    /// Off where many reads are tried and most fail (salvage), so that each failure is cheap.
    package var locatesLines = true

    package init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0, depth: Int = 0) {
        self.bytes = bytes
        self.position = position
        self.depth = depth
    }

    /// How deeply the reader is nested right now.
    package var currentDepth: Int { depth }

    /// Runs `body` with a reader over `bytes`, starting at `offset`.
    public static func read<T>(
        _ bytes: [UInt8], from offset: Int = 0, _ body: (inout JSONReader) throws(JSONError) -> T
    ) throws(JSONError) -> T {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> T in try read(buffer, from: offset, body) }
    }

    /// Runs `body` with a reader over `bytes` (which must stay valid meanwhile), starting at `offset`.
    public static func read<T>(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int = 0, _ body: (inout JSONReader) throws(JSONError) -> T
    ) throws(JSONError) -> T {
        var reader = JSONReader(bytes: bytes, position: offset)
        return try body(&reader)
    }

    // MARK: Errors

    /// An error at the current position (or `offset`), with line and column.
    public func error(_ reason: String, at offset: Int? = nil) -> JSONError {
        let at = min(offset ?? position, bytes.count)
        guard locatesLines else { return JSONError(reason: reason, offset: at, line: 0, column: 0) }
        var line = 1
        var lineStart = 0
        for index in 0..<at where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONError(reason: reason, offset: at, line: line, column: at - lineStart + 1)
    }

    func describeNext() -> String {
        guard position < bytes.count else { return "the end of the data" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    // MARK: Structure

    public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The next significant byte, without consuming it.
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    package mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard peek() == byte else { throw error("expected \(what), found \(describeNext())") }
        position += 1
    }

    /// Checks that only white space is left.
    public mutating func expectEnd() throws(JSONError) {
        guard peek() == nil else { throw error("unexpected \(describeNext()) after the end of the document") }
    }

    package mutating func leave() { depth -= 1 }

    package mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    /// Reads an object, calling `body` for each member with the reader positioned at its value.
    /// Errors from `body` get the key added to their path.
    public mutating func readObject(_ body: (inout JSONReader, String) throws(JSONError) -> Void) throws(JSONError) {
        try expect(UInt8(ascii: "{"), "an object ('{')")
        try enter()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes, found \(describeNext())") }
            let key = try readString()
            try expect(UInt8(ascii: ":"), "':' after the member name")
            do throws(JSONError) { try body(&self, key) } catch { throw error.inside(.key(key)) }
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of data inside an object") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "}") { break }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw error("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
        depth -= 1
    }

    /// Like `readObject`, but hands `body` the member name as raw UTF-8 bytes, so
    /// hot loops match names without building strings.
    public mutating func readObjectRaw(_ body: (inout JSONReader, UnsafeBufferPointer<UInt8>) throws(JSONError) -> Void) throws(JSONError) {
        try expect(UInt8(ascii: "{"), "an object ('{')")
        try enter()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes, found \(describeNext())") }
            var keyStart = position + 1
            var keyEnd = keyStart
            while keyEnd < bytes.count, bytes[keyEnd] != UInt8(ascii: "\""), bytes[keyEnd] != UInt8(ascii: "\\"), bytes[keyEnd] >= 0x20, bytes[keyEnd] < 0x80 {
                keyEnd += 1
            }
            var decoded: [UInt8] = []
            if keyEnd < bytes.count, bytes[keyEnd] == UInt8(ascii: "\"") {
                position = keyEnd + 1
            } else {
                decoded = Array(try readString().utf8)
                keyStart = -1
            }
            try expect(UInt8(ascii: ":"), "':' after the member name")
            do throws(JSONError) {
                if keyStart >= 0 {
                    try body(&self, UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]))
                } else {
                    var failure: JSONError?
                    decoded.withUnsafeBufferPointer { key in
                        do throws(JSONError) { try body(&self, key) } catch { failure = error }
                    }
                    if let failure { throw failure }
                }
            } catch {
                let key = keyStart >= 0 ? String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self) : String(decoding: decoded, as: UTF8.self)
                throw error.inside(.key(key))
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of data inside an object") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "}") { break }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw error("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
        depth -= 1
    }

    /// Reads an array, calling `body` for each element with its index.
    public mutating func readArray(_ body: (inout JSONReader, Int) throws(JSONError) -> Void) throws(JSONError) {
        try expect(UInt8(ascii: "["), "an array ('[')")
        try enter()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            do throws(JSONError) { try body(&self, index) } catch { throw error.inside(.index(index)) }
            index += 1
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of data inside an array") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw error("expected ',' or ']' in an array, found \(describeNext())")
            }
        }
        depth -= 1
    }

    // MARK: Scalars

    /// Consumes `null` if it is next; returns whether it was.
    public mutating func readNull() throws(JSONError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    public mutating func readBool() throws(JSONError) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw error("expected true or false, found \(describeNext())")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of data") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw error("invalid literal, expected '\(word)'")
        }
        position += count
    }
}
