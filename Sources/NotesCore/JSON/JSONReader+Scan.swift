/// The bytes between a JSON string's quotes, checked to be a valid string.
struct RawJSONString: Sendable, Equatable {
    let range: Range<Int>
    /// Whether it holds backslash escapes (without any, the bytes are the text).
    let hasEscapes: Bool
}

extension JSONReader {
    /// Checks the string at the reader's position as `readString` does — escapes,
    /// surrogate pairs, control characters, UTF-8 — without building it, and
    /// returns where its bytes are.
    mutating func scanString() throws(JSONError) -> RawJSONString {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        var high: UInt64 = 0
        var hasEscapes = false
        var scratch: [UInt8] = []
        while true {
            position = Self.firstSpecial(bytes, from: position, high: &high)
            guard position < bytes.count else { throw error("unexpected end of data inside a string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                throw error("unescaped control character 0x\(String(byte, radix: 16)) in a string")
            }
            hasEscapes = true
            position += 1
            if position < bytes.count, Self.isShortEscape(bytes[position]) {
                position += 1
            } else {
                scratch.removeAll(keepingCapacity: true)
                try readEscape(into: &scratch)
            }
        }
        let end = position
        position += 1
        // Escapes are ASCII and decode to whole characters, so checking the raw bytes
        // checks the text.
        if high & 0x8080_8080_8080_8080 != 0, let bad = Self.firstInvalidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
            throw error("invalid UTF-8 in a string", at: start + bad)
        }
        return RawJSONString(range: start..<end, hasEscapes: hasEscapes)
    }

    /// `n`, `t`, `"`, `\`, `/`, `r`, `b` or `f`: an escape of one letter.
    private static func isShortEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "\\"),
             UInt8(ascii: "/"), UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "f"): true
        default: false
        }
    }
}
