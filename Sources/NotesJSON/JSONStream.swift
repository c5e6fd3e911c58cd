import Foundation
import NotesBase

/// Reads a JSON document of any size in pieces, holding only a buffer and the value
/// being read: the members of an object and the elements of an array are handed over
/// one at a time, and each value read whole (`readValue`, `withValue`) is parsed by
/// `JSONReader` over its own bytes, so it is exactly as strict. A value read whole may
/// be at most `maximumValueSize` bytes: the limit applies to each value, not the document.
///
/// The bytes come from `source`, which appends the next piece to the buffer it is given
/// and returns false at the end of the data. Errors say the line and column in the whole
/// document and the path to the value, as `JSONReader`'s do.
public struct JSONStream {
    /// Appends the next bytes to its argument; false at the end of the data.
    public typealias Source = (inout [UInt8]) throws(JSONError) -> Bool

    public let maximumValueSize: Int
    private let source: Source
    private var buffer: [UInt8] = []
    /// The first byte of `buffer` not yet read.
    private var start = 0
    private var atEnd = false
    /// Bytes dropped from the front of `buffer`, and the lines and last line start in them.
    private var dropped = 0
    private var droppedLines = 0
    private var lastLineStart = 0
    /// How deep the stream is in objects and arrays it hands over piece by piece.
    private var depth = 0

    /// How many bytes of the data were read so far (for progress).
    public var bytesRead: Int { dropped + start }

    public init(maximumValueSize: Int, source: @escaping Source) {
        self.maximumValueSize = maximumValueSize
        self.source = source
    }

    /// A stream over bytes already in memory, read in pieces of `pieceSize` (a BOM is skipped).
    public init(data: Data, maximumValueSize: Int = .max, pieceSize: Int = 1 << 20) {
        var offset = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.init(maximumValueSize: maximumValueSize) { (buffer: inout [UInt8]) throws(JSONError) -> Bool in
            guard offset < data.count else { return false }
            let end = min(data.count, offset + max(1, pieceSize))
            buffer.append(contentsOf: data[(data.startIndex + offset)..<(data.startIndex + end)])
            offset = end
            return true
        }
    }

    // MARK: Structure

    /// Reads an object, calling `body` for each member with the stream at its value, which
    /// `body` must read (or skip). A key twice is an error. Errors get the key in their path.
    public mutating func readObject(_ body: (inout JSONStream, String) throws(JSONError) -> Void) throws(JSONError) {
        try expect(UInt8(ascii: "{"), "an object ('{')")
        try enter()
        var keys = Set<String>()
        if try peek() == UInt8(ascii: "}") {
            start += 1
            depth -= 1
            return
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes, found \(describeNext())") }
            let key = try withValue { (reader: inout JSONReader) throws(JSONError) in try reader.readString() }
            guard keys.insert(key).inserted else { throw error("duplicate key '\(key)'") }
            try expect(UInt8(ascii: ":"), "':' after the member name")
            do throws(JSONError) { try body(&self, key) } catch { throw error.inside(.key(key)) }
            switch try peek() {
            case UInt8(ascii: ","): start += 1
            case UInt8(ascii: "}"): start += 1; depth -= 1; return
            case nil: throw error("unexpected end of data inside an object")
            default: throw error("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
    }

    /// Reads an array, calling `body` for each element with the stream at it, which `body`
    /// must read (or skip). Errors get the index in their path.
    public mutating func readArray(_ body: (inout JSONStream, Int) throws(JSONError) -> Void) throws(JSONError) {
        try expect(UInt8(ascii: "["), "an array ('[')")
        try enter()
        if try peek() == UInt8(ascii: "]") {
            start += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            do throws(JSONError) { try body(&self, index) } catch { throw error.inside(.index(index)) }
            index += 1
            switch try peek() {
            case UInt8(ascii: ","): start += 1
            case UInt8(ascii: "]"): start += 1; depth -= 1; return
            case nil: throw error("unexpected end of data inside an array")
            default: throw error("expected ',' or ']' in an array, found \(describeNext())")
            }
        }
    }

    /// Reads the next value whole as a tree (at most `maximumValueSize` bytes).
    public mutating func readValue() throws(JSONError) -> JSONValue {
        try withValue { (reader: inout JSONReader) throws(JSONError) in try reader.readValue() }
    }

    /// Checks and passes over the next value (at most `maximumValueSize` bytes).
    public mutating func skipValue() throws(JSONError) {
        try withValue { (reader: inout JSONReader) throws(JSONError) in _ = try reader.readValue() }
    }

    /// Runs `body` with a `JSONReader` over exactly the next value's bytes; `body` must read
    /// the whole value. At most `maximumValueSize` bytes.
    public mutating func withValue<T>(_ body: (inout JSONReader) throws(JSONError) -> T) throws(JSONError) -> T {
        guard try peek() != nil else { throw error("unexpected end of data, expected a value") }
        let length = try lengthOfNextValue()
        let valueStart = start
        let result = try buffer.withUnsafeBufferPointer { (all) throws(JSONError) -> T in
            let bytes = UnsafeBufferPointer(rebasing: all[valueStart..<(valueStart + length)])
            do throws(JSONError) {
                return try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) -> T in
                    let value = try body(&reader)
                    try reader.expectEnd()
                    return value
                }
            } catch {
                throw located(error, valueStart: valueStart)
            }
        }
        start += length
        return result
    }

    /// Hands `body` the next value's bytes, found by where it ends alone (strings with
    /// their escapes, nesting): nothing inside is checked, so the caller reads them itself
    /// (`JSONReader.read`). At most `maximumValueSize` bytes.
    public mutating func withRawValue(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(JSONError) {
        guard try peek() != nil else { throw error("unexpected end of data, expected a value") }
        let length = try lengthOfNextValue()
        let valueStart = start
        buffer.withUnsafeBufferPointer { all in body(UnsafeBufferPointer(rebasing: all[valueStart..<(valueStart + length)])) }
        start += length
    }

    /// `withValue` for a value that opens with `{`, `[` or `"`: read in place over the bytes
    /// already buffered, without first finding where it ends (such a value's end is its
    /// closing byte). When they do not hold all of it, or anything fails, it is read as
    /// `withValue` reads it (the same errors): `body` may then run twice, so it must have no
    /// effect but its result.
    public mutating func withBufferedValue<T>(_ body: (inout JSONReader) throws(JSONError) -> T) throws(JSONError) -> T {
        var result: T?
        try readBufferedValue { (reader: inout JSONReader) throws(JSONError) in result = try body(&reader) }
        guard let result else { throw error("a value was read without a result") }  // `readBufferedValue` ran the body
        return result
    }

    /// `withBufferedValue` for a body that keeps what it reads itself: not generic, so a
    /// loop over a million values pays no generic metadata a value.
    public mutating func readBufferedValue(_ body: (inout JSONReader) throws(JSONError) -> Void) throws(JSONError) {
        guard let first = try peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") else {
            return try withValue(body)
        }
        let valueStart = start
        let length = buffer.withUnsafeBufferPointer { (all) -> Int? in
            var reader = JSONReader(bytes: UnsafeBufferPointer(rebasing: all[valueStart...]))
            reader.locatesLines = false  // its errors are dropped: the value is read again
            do throws(JSONError) { try body(&reader) } catch { return nil }
            return reader.position
        }
        guard let length, length <= maximumValueSize else { return try withValue(body) }
        start += length
    }

    /// Checks that only white space is left.
    public mutating func expectEnd() throws(JSONError) {
        guard try peek() == nil else { throw error("unexpected \(describeNext()) after the end of the document") }
    }

    /// The next significant byte, without consuming it; nil at the end of the data.
    public mutating func peek() throws(JSONError) -> UInt8? {
        while true {
            while start < buffer.count {
                switch buffer[start] {
                case 0x20, 0x0A, 0x0D, 0x09: start += 1
                default: return buffer[start]
                }
            }
            guard try fill() else { return nil }
        }
    }

    // MARK: Reading more

    /// Reads the next piece from `source`, first dropping what was read when that is
    /// most of the buffer; false at the end of the data.
    private mutating func fill() throws(JSONError) -> Bool {
        guard !atEnd else { return false }
        if start > 0, start >= buffer.count / 2 {
            countLines(before: start)
            dropped += start
            buffer.removeFirst(start)
            start = 0
        }
        while true {
            let before = buffer.count
            let more = try source(&buffer)
            if !more { atEnd = true }
            if buffer.count > before { return true }
            if !more { return false }
        }
    }

    /// Counts the lines of the first `end` bytes of the buffer (about to be dropped) into
    /// `droppedLines` and `lastLineStart`, a `memchr` a line.
    private mutating func countLines(before end: Int) {
        let (lines, last) = buffer.withUnsafeBufferPointer { (bytes) -> (Int, Int?) in
            guard let base = bytes.baseAddress else { return (0, nil) }
            var lines = 0, last: Int?, from = 0
            while from < end, let hit = memchr(base + from, 0x0A, end - from) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                lines += 1
                last = index
                from = index + 1
            }
            return (lines, last)
        }
        droppedLines += lines
        if let last { lastLineStart = dropped + last + 1 }
    }

    /// The length of the value at `start`, reading as much as it takes. Only finds where
    /// the value ends (strings with their escapes, nesting); `JSONReader` checks it after.
    private mutating func lengthOfNextValue() throws(JSONError) -> Int {
        let first = buffer[start]
        var scan = ValueScan(first: first)
        while true {
            let limit = start + min(buffer.count - start, maximumValueSize)
            let from = start
            if let end = buffer.withUnsafeBufferPointer({ scan.run(over: $0, from: from, to: limit) }) { return end }
            guard start + scan.length == buffer.count else {
                throw error("a value larger than \(Self.sizeText(maximumValueSize)) (the limit is on each value, not on the file)")
            }
            guard try fill() else {
                if scan.isScalar { return scan.length }
                throw error("unexpected end of data inside \(first == UInt8(ascii: "\"") ? "a string" : first == UInt8(ascii: "{") ? "an object" : "an array")")
            }
        }
    }

    /// `64 MiB`, or the bytes when less than a MiB.
    package static func sizeText(_ bytes: Int) -> String { byteCountText(bytes) }

    // MARK: Errors

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard try peek() == byte else { throw error("expected \(what), found \(describeNext())") }
        start += 1
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= JSONReader.maxDepth else { throw error("nesting deeper than \(JSONReader.maxDepth) levels") }
    }

    private func describeNext() -> String {
        guard start < buffer.count else { return "the end of the data" }
        let byte = buffer[start]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    /// The line (1-based) of the buffer offset `offset`, and the document offset where that line starts.
    private func line(at offset: Int) -> (line: Int, lineStart: Int) {
        var line = droppedLines + 1, lineStart = lastLineStart
        for index in 0..<min(offset, buffer.count) where buffer[index] == 0x0A {
            line += 1
            lineStart = dropped + index + 1
        }
        return (line, lineStart)
    }

    /// An error at the stream's position.
    private func error(_ reason: String) -> JSONError {
        let (line, lineStart) = line(at: start)
        return JSONError(reason: reason, offset: dropped + start, line: line, column: dropped + start - lineStart + 1)
    }

    /// `error`, found by a reader over the value at buffer offset `valueStart`, placed in the document.
    private func located(_ error: JSONError, valueStart: Int) -> JSONError {
        let (line, lineStart) = line(at: valueStart + error.offset)
        var placed = error
        placed.offset = dropped + valueStart + error.offset
        placed.line = line
        placed.column = placed.offset - lineStart + 1
        return placed
    }
}
