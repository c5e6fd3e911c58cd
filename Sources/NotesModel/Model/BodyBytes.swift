import Glibc
import NotesJSON

/// A note's body as the bytes it is held in, read piece by piece without decoding it
/// whole: plain UTF-8, or the bytes of a JSON string still in the store's file, with
/// its escapes (`\n`, `\"`, `\u00e9`, surrogate pairs `\ud83d\udc4d`). A multi-line
/// body is always stored with escapes, so the read view of a 200 MB pasted log works
/// on these bytes and decodes only the pieces it shows (see `Note.withBodyBytes`).
///
/// Offsets are offsets into `source`. A *unit* is one plain byte or one whole escape;
/// a *boundary* is an offset where a unit starts (or the end). Everything here takes
/// and returns boundaries, so a piece cut at two boundaries always decodes.
public struct BodyBytes {
    /// The bytes as held.
    public let source: UnsafeBufferPointer<UInt8>
    /// Whether `source` is a JSON string's inside, with escapes.
    public let isEscaped: Bool
    /// The last run of backslashes measured (see `backslashRunStart`): walking backward
    /// through a long run asks for it again and again.
    private var knownRun: (start: Int, end: Int)?
    /// How many backslashes walking back through runs of them has counted: what the
    /// bound tests count (a run is measured once, however it is walked).
    private(set) var backslashesCounted = 0

    /// Plain UTF-8 text.
    public init(plain: UnsafeBufferPointer<UInt8>) {
        source = plain
        isEscaped = false
    }

    /// The inside of a JSON string already checked to be valid (`JSONReader.scanString`).
    init(escaped: UnsafeBufferPointer<UInt8>) {
        source = escaped
        isEscaped = true
    }

    /// The most bytes one unit takes (a surrogate pair, `\ud83d\udc4d`).
    public static let longestUnit = 12

    /// The length of `source`.
    public var count: Int { source.count }

    /// The unit starting at `index`: the first byte of what it decodes to (a line break
    /// for `\n`, a space for a space, a lead byte for a `\u` escape above ASCII), and
    /// how many bytes of `source` it takes.
    public func unit(at index: Int) -> (byte: UInt8, length: Int) {
        let byte = source[index]
        guard isEscaped, byte == Self.backslash, index + 1 < count else { return (byte, 1) }
        switch source[index + 1] {
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "u"):
            guard let value = hex4(at: index + 2) else { return (byte, 1) }
            if (0xD800..<0xDC00).contains(value) { return (0xF0, lowSurrogate(at: index + 6) != nil ? 12 : 6) }
            return (Self.leadByte(of: value), 6)
        default: return (source[index + 1], 2)
        }
    }

    /// The start of the unit that ends at the boundary `index` (> 0).
    public mutating func unitStart(before index: Int) -> Int {
        guard isEscaped else { return index - 1 }
        if index >= 6, isEscapeStart(index - 6), source[index - 5] == UInt8(ascii: "u") {
            let start = index - 6
            if let value = hex4(at: start + 2), (0xDC00..<0xE000).contains(value), start >= 6,
               isEscapeStart(start - 6), source[start - 5] == UInt8(ascii: "u"),
               let high = hex4(at: start - 4), (0xD800..<0xDC00).contains(high) {
                return start - 6
            }
            return start
        }
        if index >= 2, isEscapeStart(index - 2) { return index - 2 }
        return index - 1
    }

    /// The first boundary at or after `index` that also starts a character (not inside
    /// a UTF-8 sequence): where a piece of the body may be cut.
    public mutating func boundary(atOrAfter index: Int) -> Int {
        var index = min(max(0, index), count)
        if isEscaped, let start = escapeStart(covering: index) { index = start + unit(at: start).length }
        while index < count, source[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }

    /// Whether a line break (a `\n` or other escape of one, or a raw byte 0x0A in plain
    /// text) starts in `range`.
    public mutating func containsLineBreak(in range: Range<Int>) -> Bool {
        var index = boundary(atOrAfter: range.lowerBound)
        while index < range.upperBound, index < count {
            let (byte, length) = unit(at: index)
            if byte == 0x0A { return true }
            index += length
        }
        return false
    }

    /// The first offset in `range` where a line break may start (a byte 0x0A in plain text,
    /// a backslash in escaped bytes), or its end: every byte before it, from a boundary,
    /// is a unit of its own and no line break. Found with `memchr`.
    public func nextPossibleLineBreak(in range: Range<Int>) -> Int {
        guard !range.isEmpty, let base = source.baseAddress else { return range.upperBound }
        let target = Int32(isEscaped ? Self.backslash : 0x0A)
        guard let found = memchr(base + range.lowerBound, target, range.count) else { return range.upperBound }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Going back from the boundary `index`, no further than `floor`: the lowest boundary
    /// at or above `floor` past which no line break ends up to `index`. Everything between
    /// it and `index` can be passed over without looking at units one by one.
    public mutating func backOverText(from index: Int, to floor: Int) -> Int {
        guard floor < index, let base = source.baseAddress else { return index }
        let target = isEscaped ? Self.backslash : 0x0A
        var candidate = index - 1
        while candidate >= floor, base[candidate] != target { candidate -= 1 }
        guard candidate >= floor else { return boundary(atOrAfter: floor) }
        // A line break ends right after a 0x0A byte, and at most `longestUnit` bytes after
        // the backslash that starts an escape.
        return isEscaped ? min(candidate + Self.longestUnit, index) : candidate + 1
    }

    /// The boundary where the decoded text reaches `decodedOffset` bytes (rounded up to a
    /// unit): the same place in the text held plain. Reads `source` up to there, jumping
    /// with `memchr` over the bytes between escapes.
    public func offset(ofDecoded decodedOffset: Int) -> Int {
        guard isEscaped, let base = source.baseAddress else { return min(max(0, decodedOffset), count) }
        var index = 0
        var decoded = 0
        while index < count, decoded < decodedOffset {
            let plainEnd = memchr(base + index, Int32(Self.backslash), count - index)
                .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
            if plainEnd > index {
                let step = min(plainEnd - index, decodedOffset - decoded)
                (index, decoded) = (index + step, decoded + step)
                continue
            }
            let (byte, length) = unit(at: index)
            decoded += length == Self.longestUnit ? 4 : length == 6 ? Self.utf8Length(leadByte: byte) : 1
            index += length
        }
        return index
    }

    /// How many UTF-8 bytes a scalar below the surrogates takes, from its first byte.
    private static func utf8Length(leadByte: UInt8) -> Int {
        leadByte < 0x80 ? 1 : leadByte < 0xE0 ? 2 : 3
    }

    /// Calls `read` with the decoded UTF-8 of `range` (both ends boundaries).
    public func withDecoded<Result>(_ range: Range<Int>, _ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let piece = UnsafeBufferPointer(rebasing: source[range])
        guard isEscaped else { return read(piece) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, range.count)) { output in
            var reader = JSONReader(bytes: source, position: range.lowerBound)
            guard let (decoded, _) = try? reader.unescape(from: range.lowerBound, to: range.upperBound, into: output) else {
                return read(piece)
            }
            return read(UnsafeBufferPointer(rebasing: output[0..<decoded]))
        }
    }

    /// The decoded text of `range` (both ends boundaries).
    public func decoded(_ range: Range<Int>) -> String {
        withDecoded(range) { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: - Escapes

    private static let backslash = UInt8(ascii: "\\")

    /// The start of the escape that `index` falls strictly inside, if any.
    private mutating func escapeStart(covering index: Int) -> Int? {
        guard index > 0, index < count else { return nil }
        if isEscapeStart(index - 1) { return index - 1 }
        // Inside the hex digits of `\uXXXX`, or between the two halves of a surrogate pair.
        for back in 2...6 where index - back >= 0 {
            let start = index - back
            guard source[start + 1] == UInt8(ascii: "u"), isEscapeStart(start) else { continue }
            if back < 6 { return start }
            if let value = hex4(at: start + 2), (0xD800..<0xDC00).contains(value), lowSurrogate(at: index) != nil {
                return start
            }
        }
        return nil
    }

    /// Whether the backslash at `index` starts an escape (an odd run of backslashes ends
    /// there: `\\` is one escaped backslash, so the next one starts anew).
    private mutating func isEscapeStart(_ index: Int) -> Bool {
        guard index >= 0, index < count, source[index] == Self.backslash else { return false }
        return (index - backslashRunStart(endingAt: index)) % 2 == 0
    }

    /// Where the run of backslashes that ends at `index` starts. A run measured before is
    /// not measured again, also when asked for further on in it (walking forward through
    /// a long run, as the cuts of a long paragraph do).
    private mutating func backslashRunStart(endingAt index: Int) -> Int {
        if let run = knownRun, run.start <= index, index <= run.end { return run.start }
        var start = index
        while start > 0, source[start - 1] == Self.backslash {
            if let run = knownRun, run.end == start - 1 {
                start = run.start
                break
            }
            start -= 1
            backslashesCounted += 1
        }
        knownRun = (start, index)
        return start
    }

    /// The low surrogate escaped at `index` (`\uDC00`…`\uDFFF`), if there is one.
    private func lowSurrogate(at index: Int) -> UInt32? {
        guard index + 1 < count, source[index] == Self.backslash, source[index + 1] == UInt8(ascii: "u"),
              let value = hex4(at: index + 2), (0xDC00..<0xE000).contains(value) else { return nil }
        return value
    }

    /// The four hex digits at `index`, if they are there.
    private func hex4(at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = source[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The first UTF-8 byte of the scalar `value` (below the surrogates).
    private static func leadByte(of value: UInt32) -> UInt8 {
        switch value {
        case 0..<0x80: UInt8(value)
        case 0x80..<0x800: UInt8(0xC0 | (value >> 6))
        default: UInt8(0xE0 | (value >> 12))
        }
    }
}
