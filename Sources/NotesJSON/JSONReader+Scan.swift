import Glibc

/// The bytes between a JSON string's quotes, checked to be a valid string.
package struct RawJSONString: Sendable, Equatable {
    package let range: Range<Int>
    /// Whether it holds backslash escapes (without any, the bytes are the text).
    package let hasEscapes: Bool
}

extension JSONReader {
    /// Checks the string at the reader's position as `readString` does — escapes,
    /// surrogate pairs, control characters, UTF-8 — without building it, and
    /// returns where its bytes are.
    package mutating func scanString() throws(JSONError) -> RawJSONString {
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

    /// Finds where the string at the reader's position ends, without checking what is
    /// inside (escapes, control characters, UTF-8): for a body in a snapshot that its index
    /// vouches for, checked when it is first read instead (see `SnapshotString`). Looks
    /// for the closing quote with `memchr`, a quote after an odd run of backslashes being
    /// part of the text. A damaged string that ends early or late leaves the reader at a
    /// place where the note's next member does not match, so the caller reads it again
    /// with the checking reader.
    package mutating func skipStringUnchecked() throws(JSONError) -> RawJSONString {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        guard let base = bytes.baseAddress else { throw error("unexpected end of data inside a string") }
        let raw = UnsafeRawPointer(base)
        var from = start
        var end = start
        while true {
            guard from < bytes.count, let found = memchr(raw + from, Int32(UInt8(ascii: "\"")), bytes.count - from) else {
                throw error("unexpected end of data inside a string")
            }
            end = raw.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while end - backslashes - 1 >= start, base[end - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { break }
            from = end + 1
        }
        let hasEscapes = end > start && memchr(raw + start, Int32(UInt8(ascii: "\\")), end - start) != nil
        position = end + 1
        return RawJSONString(range: start..<end, hasEscapes: hasEscapes)
    }
}
