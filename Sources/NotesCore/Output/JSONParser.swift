import Foundation

/// Why a JSON text could not be read; `line` and `column` count from 1.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A small strict JSON reader (RFC 8259) producing `OutputJSON`, keeping object key
/// order and number literals. Nesting deeper than `maxDepth` is refused.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth = 256

    public static func parse(_ data: Data) throws(JSONParseError) -> OutputJSON {
        var parser = JSONParser(bytes: Array(data))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> OutputJSON {
        try parse(Data(text.utf8))
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(line: line, column: column, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Consumes `literal`; on a mismatch the error points at where the literal should start.
    private mutating func expect(_ literal: String) throws(JSONParseError) {
        let start = index
        for byte in literal.utf8 {
            guard current == byte else {
                index = start
                throw error("expected '\(literal)'")
            }
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> OutputJSON {
        guard depth < maxDepth else { throw error("nested too deeply") }
        guard let byte = current else { throw error("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> OutputJSON {
        index += 1
        var pairs: [(String, OutputJSON)] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key '\(key)'")
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            pairs.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect("}")
            return .object(pairs)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> OutputJSON {
        index += 1
        var items: [OutputJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect("]")
            return .array(items)
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> OutputJSON {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let next = current, isDigit(next) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let next = current, isDigit(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var raw: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &raw)
            case 0..<0x20:
                index -= 1
                throw error("control character in a string")
            default:
                raw.append(byte)
            }
        }
    }

    private mutating func parseEscape(into raw: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        let simple: [UInt8: String] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
            UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n",
            UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        if let text = simple[byte] { raw.append(contentsOf: text.utf8); return }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape") }
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate") }
            index += 1
            try expect("u")
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate")
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        raw.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
              text.allSatisfy(\.isHexDigit), let value = UInt32(text, radix: 16)
        else { throw error("expected four hex digits") }
        index += 4
        return value
    }
}
