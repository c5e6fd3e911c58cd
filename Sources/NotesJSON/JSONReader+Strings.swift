import Foundation

/// Strings: the fast path for plain text, escapes, `\u` surrogates, UTF-8 validation, UUIDs.
extension JSONReader {
    public mutating func readString() throws(JSONError) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        var high: UInt64 = 0
        position = Self.firstSpecial(bytes, from: start, high: &high)
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            // Text that is not all ASCII is checked by `firstInvalidUTF8` (which names the
            // first bad byte) before it is made: `String(validating:as:)`, generic over
            // encodings, cost half as much again as that check and the making together.
            if high & 0x8080_8080_8080_8080 != 0, let bad = Self.firstInvalidUTF8(slice) {
                throw error("invalid UTF-8 in a string", at: start + bad)
            }
            let text = String(decoding: slice, as: UTF8.self)
            position += 1
            return text
        }
        return try readEscapedString(start: start)
    }

    /// The offset of the first `"`, `\\` or control character at or after `from`, or
    /// `bytes.count`; ORs the bytes passed over into `high` (whose bits 0x80 then tell
    /// whether any was not ASCII). Reads eight bytes at a time.
    @inline(__always)
    static func firstSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, high: inout UInt64) -> Int {
        var index = from
        let count = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                // The lowest flagged byte of each term is exact (a borrow only runs upward from a real hit).
                let found = ((quote &- 0x0101_0101_0101_0101) & ~quote
                    | (backslash &- 0x0101_0101_0101_0101) & ~backslash
                    | (word &- 0x2020_2020_2020_2020) & ~word) & 0x8080_8080_8080_8080
                if found != 0 {
                    let hit = index + found.trailingZeroBitCount >> 3
                    // Only the bytes before the hit count towards `high`.
                    let passed = hit - index
                    if passed > 0 { high |= word & (UInt64.max >> (64 - 8 * passed)) }
                    return hit
                }
                high |= word
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            high |= UInt64(byte)
            index += 1
        }
        return index
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    /// Runs of ASCII are skipped eight bytes at a time.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        var index = 0
        while index < count {
            while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            switch lead {
            case 0x00...0x7F:
                index += 1
            case 0xC2...0xDF:
                guard index + 1 < count, isContinuation(base[index + 1]) else { return index }
                index += 2
            case 0xE0...0xF4:
                // Three or four bytes. The second byte's range rules out overlong forms
                // (E0 needs A0...BF, F0 needs 90...BF), surrogates (ED needs 80...9F) and
                // anything past U+10FFFF (F4 needs 80...8F).
                let length = lead < 0xF0 ? 3 : 4
                guard index + length - 1 < count else { return index }
                let second = base[index + 1]
                let low: UInt8 = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80
                let high: UInt8 = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF
                guard second >= low, second <= high, isContinuation(base[index + 2]),
                      length == 3 || isContinuation(base[index + 3]) else { return index }
                index += length
            default:
                return index
            }
        }
        return nil
    }

    /// The slow path of `readString`: decodes escapes into a scratch buffer, copying the
    /// runs between them whole, then validates the UTF-8 once while making the string.
    mutating func readEscapedString(start: Int) throws(JSONError) -> String {
        // Find the closing quote first: the decoded text is never longer than the raw one.
        var end = position
        var ignored: UInt64 = 0
        while end < bytes.count {
            end = Self.firstSpecial(bytes, from: end, high: &ignored)
            guard end < bytes.count else { break }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            end += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count else { throw error("unexpected end of data inside a string") }
        var failure: JSONError?
        let text: String? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(end - start, 1)) { output -> String? in
            let count: Int, high: UInt64
            do throws(JSONError) { (count, high) = try unescape(from: start, to: end, into: output) } catch {
                failure = error
                return nil
            }
            let decoded = UnsafeBufferPointer(rebasing: output[0..<count])
            if high & 0x8080_8080_8080_8080 == 0 { return String(decoding: decoded, as: UTF8.self) }
            if let text = String(validating: decoded, as: UTF8.self) { return text }
            if let bad = Self.firstInvalidUTF8(decoded) {
                failure = self.error("invalid UTF-8 in a string (byte \(bad) of the decoded text)", at: start)
                return nil
            }
            return String(decoding: decoded, as: UTF8.self)
        }
        if let failure { throw failure }
        position = end + 1
        return text ?? ""
    }

    /// Decodes the string text from `start` to `end` (its closing quote) into `output`,
    /// which holds at least `end - start` bytes, copying the runs between escapes whole.
    /// Returns how many bytes it wrote, and their bits ORed together (0x80 set if any is
    /// not ASCII). The UTF-8 is not checked here.
    package mutating func unescape(from start: Int, to end: Int,
                           into output: UnsafeMutableBufferPointer<UInt8>) throws(JSONError) -> (count: Int, high: UInt64) {
        guard let source = bytes.baseAddress, let target = output.baseAddress else { return (0, 0) }
        var count = 0
        var high: UInt64 = 0
        position = start
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                position += 1
                let before = count
                try readEscape(into: output, at: &count)
                if count - before != 1 || output[before] >= 0x80 { high |= 0x80 }
            } else if byte < 0x20 {
                throw self.error("unescaped control character 0x\(String(byte, radix: 16)) in a string", at: position)
            } else {
                // Copy the run of plain bytes up to the next backslash, control character or the end.
                let runEnd = min(Self.firstSpecial(bytes, from: position + 1, high: &high), end)
                high |= UInt64(byte)
                let runCount = runEnd - position
                (target + count).initialize(from: source + position, count: runCount)
                count += runCount
                position = runEnd
            }
        }
        return (count, high)
    }

    mutating func readEscape(into output: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) throws(JSONError) {
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

    mutating func readEscape(into buffer: inout [UInt8]) throws(JSONError) {
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

    mutating func readHex4() throws(JSONError) -> UInt32 {
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

    /// Reads a string holding a UUID (8-4-4-4-12 hex digits, either case) without building a `String`.
    public mutating func readUUID() throws(JSONError) -> UUID? {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        guard start + 37 <= bytes.count, bytes[start + 36] == UInt8(ascii: "\"") else {
            position = start - 1
            _ = try readString()
            return nil
        }
        position = start + 37
        return Self.uuid(digits: UnsafeBufferPointer(rebasing: bytes[start..<(start + 36)]))
    }

    /// The UUID of exactly 36 bytes of 8-4-4-4-12 hex digits (either case); nil for anything else.
    static func uuid(digits: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard digits.count == 36, let base = digits.baseAddress else { return nil }
        let text = UnsafeRawPointer(base)
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        // 8-4-4-4-12 digits: read as four runs of eight.
        let dash = UInt8(ascii: "-")
        guard digits[8] == dash, digits[13] == dash, digits[18] == dash, digits[23] == dash,
              let first = Self.hexRun(word(0)), let second = Self.hexRun(half(9) | half(14) << 32),
              let third = Self.hexRun(half(19) | half(24) << 32), let fourth = Self.hexRun(word(28)) else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { out in
            out.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt32.self)
            out.storeBytes(of: second.littleEndian, toByteOffset: 4, as: UInt32.self)
            out.storeBytes(of: third.littleEndian, toByteOffset: 8, as: UInt32.self)
            out.storeBytes(of: fourth.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: uuid)
    }

    /// Eight hex digits (`0`-`9`, `a`-`f`, `A`-`F`), the first in the lowest byte of `word`,
    /// as the four bytes they spell, the first in the lowest byte; nil if any is not a hex digit.
    /// All eight are checked and converted at once, eight bits a digit.
    static func hexRun(_ word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops = 0x80 &* ones
        guard word & tops == 0 else { return nil }
        // With every byte below 0x80, adding less than 0x80 never carries into the next byte,
        // so each byte's top bit then says whether it reached a bound.
        let isDigit = (word &+ (0x80 - 0x30) &* ones) & ~(word &+ (0x80 - 0x3A) &* ones)
        let lower = word | (0x20 &* ones)
        let isLetter = (lower &+ (0x80 - 0x61) &* ones) & ~(lower &+ (0x80 - 0x67) &* ones)
        guard (isDigit | isLetter) & tops == tops else { return nil }
        // A digit's value is its low four bits, plus 9 for letters (whose bit 6 is set).
        let values = (word & (0x0F &* ones)) &+ ((word >> 6) & ones) &* 9
        // Pair the digits into bytes (first digit high), then gather the four bytes.
        let pairs = ((values << 4) | (values >> 8)) & 0x00FF_00FF_00FF_00FF
        let gathered = (pairs | pairs >> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: gathered | gathered >> 16)
    }
}
