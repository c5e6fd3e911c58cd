import Foundation

/// A byte-level JSON reader that pulls values straight out of UTF-8 bytes, so
/// the store can decode notes without building a tree (`JSONDecoder` is ~6×
/// slower on a large store). Strict RFC 8259: validates UTF-8, decodes escapes
/// and `\u` surrogate pairs, rejects NaN, infinities and nesting deeper than
/// `maxDepth`. Every error carries line, column and the path to the value.
public struct JSONReader {
    /// How deeply arrays and objects may nest.
    public static let maxDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of the next unread byte.
    public internal(set) var position: Int
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0, depth: Int = 0) {
        self.bytes = bytes
        self.position = position
        self.depth = depth
    }

    /// How deeply the reader is nested right now.
    var currentDepth: Int { depth }

    /// Runs `body` with a reader over `bytes`, starting at `offset`.
    public static func read<T>(
        _ bytes: [UInt8], from offset: Int = 0, _ body: (inout JSONReader) throws(JSONError) -> T
    ) throws(JSONError) -> T {
        var result: Result<T, JSONError> = .failure(JSONError(reason: "not read", offset: 0, line: 1, column: 1))
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, position: offset)
            do throws(JSONError) { result = .success(try body(&reader)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    // MARK: Errors

    /// An error at the current position (or `offset`), with line and column.
    public func error(_ reason: String, at offset: Int? = nil) -> JSONError {
        let at = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<at where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONError(reason: reason, offset: at, line: line, column: at - lineStart + 1)
    }

    private func describeNext() -> String {
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

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard peek() == byte else { throw error("expected \(what), found \(describeNext())") }
        position += 1
    }

    /// Checks that only white space is left.
    public mutating func expectEnd() throws(JSONError) {
        guard peek() == nil else { throw error("unexpected \(describeNext()) after the end of the document") }
    }

    mutating func leave() { depth -= 1 }

    mutating func enter() throws(JSONError) {
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

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of data") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw error("invalid literal, expected '\(word)'")
        }
        position += count
    }

    public mutating func readString() throws(JSONError) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        var high: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                if high & 0x80 != 0, let bad = Self.firstInvalidUTF8(slice) {
                    throw error("invalid UTF-8 in a string", at: start + bad)
                }
                position += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= byte
            position += 1
        }
        return try readEscapedString(start: start)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 1
            case 0xE0: count = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 2
            case 0xED: count = 2; high = 0x9F
            case 0xF0: count = 3; low = 0x90
            case 0xF1...0xF3: count = 3
            case 0xF4: count = 3; high = 0x8F
            default: return index
            }
            guard index + count < bytes.count else { return index }
            for offset in 1...count {
                let byte = bytes[index + offset]
                let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min && byte <= max else { return index }
            }
            index += count + 1
        }
        return nil
    }

    /// The slow path of `readString`: decodes escapes straight into the new string's storage.
    private mutating func readEscapedString(start: Int) throws(JSONError) -> String {
        // Find the closing quote first: the decoded text is never longer than the raw one.
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count else { throw error("unexpected end of data inside a string") }
        var failure: JSONError?
        let text = String(unsafeUninitializedCapacity: max(end - start, 1)) { output -> Int in
            var count = 0
            position = start
            while position < end {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\\") {
                    do throws(JSONError) { try readEscape(into: output, at: &count) } catch {
                        failure = error
                        return 0
                    }
                } else if byte < 0x20 {
                    failure = self.error("unescaped control character 0x\(String(byte, radix: 16)) in a string", at: position - 1)
                    return 0
                } else {
                    // Copy the run of plain bytes up to the next backslash, control character or the end.
                    var runEnd = position
                    while runEnd < end, bytes[runEnd] != UInt8(ascii: "\\"), bytes[runEnd] >= 0x20 { runEnd += 1 }
                    let run = UnsafeBufferPointer(rebasing: bytes[(position - 1)..<runEnd])
                    _ = UnsafeMutableBufferPointer(rebasing: output[count..<(count + run.count)]).initialize(from: run)
                    count += run.count
                    position = runEnd
                }
            }
            if let bad = Self.firstInvalidUTF8(UnsafeBufferPointer(rebasing: output[0..<count])) {
                failure = self.error("invalid UTF-8 in a string (byte \(bad) of the decoded text)", at: start)
                return 0
            }
            return count
        }
        if let failure { throw failure }
        position = end + 1
        return text
    }

    private mutating func readEscape(into output: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) throws(JSONError) {
        if position < bytes.count {
            let simple: UInt8? = switch bytes[position] {
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            default: nil
            }
            if let simple {
                position += 1
                output[count] = simple
                count += 1
                return
            }
        }
        var buffer: [UInt8] = []
        try readEscape(into: &buffer)
        for byte in buffer {
            output[count] = byte
            count += 1
        }
    }

    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONError) {
        guard position < bytes.count else { throw error("unexpected end of data inside a string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate \\u\(String(scalar, radix: 16)) without its low surrogate")
                }
                position += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate \\u\(String(low, radix: 16))") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone low surrogate \\u\(String(scalar, radix: 16))")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            buffer.append(contentsOf: unicode.utf8)
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: position - 2)
        }
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unexpected end of data in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Reads a number; rejects anything not finite (JSON has no NaN, and 1e999 overflows).
    public mutating func readDouble() throws(JSONError) -> Double {
        skipWhitespace()
        let start = position
        func digit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digit(position) else { throw error("expected a number, found \(describeNext())") }
        var simple = true
        var integer = 0
        var digits = 0
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while digit(position) {
                integer = integer &* 10 &+ Int(bytes[position] - 0x30)
                digits += 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            simple = false
            position += 1
            guard digit(position) else { throw error("expected a digit after '.'") }
            while digit(position) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            simple = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digit(position) else { throw error("expected a digit in the exponent") }
            while digit(position) { position += 1 }
        }
        if simple && digits <= 15 {
            return Double(bytes[start] == UInt8(ascii: "-") ? -integer : integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range", at: start) }
        return value
    }

    /// Reads a number that must be a whole number in `range`.
    public mutating func readInteger(in range: ClosedRange<Int>) throws(JSONError) -> Int {
        skipWhitespace()
        let start = position
        let value = try readDouble()
        guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw error("expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(value)", at: start)
        }
        return Int(value)
    }

    /// Reads a string holding a UUID (8-4-4-4-12 hex digits, either case) without building a `String`.
    public mutating func readUUID() throws(JSONError) -> UUID? {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        guard start + 37 <= bytes.count, bytes[start + 36] == UInt8(ascii: "\"") else {
            position = start - 1
            _ = try readString()
            return nil
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            var index = start
            for byteIndex in 0..<16 {
                if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = Self.hexValue(bytes[index]), let low = Self.hexValue(bytes[index + 1]) else { return false }
                out[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        position = start + 37
        return valid ? UUID(uuid: uuid) : nil
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Any value

    /// Skips one value of any kind.
    public mutating func skipValue() throws(JSONError) {
        switch peek() {
        case UInt8(ascii: "{"):
            try readObject { (reader: inout JSONReader, _: String) throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "["):
            try readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "\""):
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte == UInt8(ascii: "\\") { position += 1 }
            }
            throw error("unexpected end of data inside a string")
        default:
            _ = try readValue()
        }
    }

    /// Reads one value of any kind as a tree.
    public mutating func readValue() throws(JSONError) -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
                members.append((key, try reader.readValue()))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            try readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                items.append(try reader.readValue())
            }
            return .array(items)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
        case UInt8(ascii: "n"): _ = try readNull(); return .null
        case nil: throw error("unexpected end of data, expected a value")
        default: return .number(try readDouble())
        }
    }
}
