/// A run of whole top-level blocks of a body: what `MarkdownRenderer` parses at once.
public struct MarkdownBlock: Hashable, Sendable {
    /// The block's bytes in the body.
    public let range: Range<Int>
    /// When a code block longer than `MarkdownBlocks.maximumBlockBytes` was cut before
    /// this block, its opening fence line, parsed before `range` so that the code stays
    /// code; else empty.
    public let openFence: [UInt8]
    /// Whether the block starts where a block too long to parse at once was cut (no blank
    /// line in the source before it).
    public let isContinuation: Bool
    /// Whether the block starts inside a comment (`%%`) opened before it.
    public let startsInComment: Bool

    public init(range: Range<Int>, openFence: [UInt8] = [], isContinuation: Bool = false, startsInComment: Bool = false) {
        (self.range, self.openFence, self.isContinuation) = (range, openFence, isContinuation)
        self.startsInComment = startsInComment
    }
}

/// Finds the blocks of a body lazily, from a block start on: a block ends before a line
/// that starts at column 0 after a blank line, outside fenced code and comments (`%%`), so
/// every block is a run of whole top-level Markdown blocks. Only the bytes of the blocks asked for are
/// read (`bytesScanned` counts them), so rendering the first screen of a 200 MB note
/// reads what that screen shows. A block longer than `maximumBlockBytes` (a huge
/// paragraph or code block) is cut at the next line break, or inside a line that long,
/// so no block is longer than about twice that.
///
/// Limits: link reference definitions and HTML blocks with blank lines inside do not
/// reach across blocks; `blockStart(near:)` cannot know it is inside a fenced code block
/// that began more than a window before (it takes the block start found forward from 0
/// or a nearby blank line).
public struct MarkdownBlocks<Bytes> where Bytes: RandomAccessCollection<UInt8>, Bytes.Index == Int {
    /// The most bytes a block spans before it is cut.
    public static var maximumBlockBytes: Int { 65_536 }

    public let bytes: Bytes
    /// Bytes read to find blocks so far.
    public private(set) var bytesScanned = 0
    /// Blocks rendered so far, and their bytes.
    public private(set) var blocksParsed = 0
    public private(set) var bytesParsed = 0
    /// Cuts made inside fenced code: the fence open at each.
    private var fencesAtCuts: [Int: [UInt8]] = [:]
    private var cuts: Set<Int> = []
    /// Cuts made inside a comment.
    private var commentsAtCuts: Set<Int> = []

    public init(_ bytes: Bytes) {
        self.bytes = bytes
    }

    /// The block that starts at `start` (the body's start or where a block found here ends).
    public mutating func block(at start: Int) -> MarkdownBlock {
        let end = bytes.endIndex
        let openFence = fencesAtCuts[start] ?? []
        var fence = FenceLine(openFence[...])
        let startsInComment = commentsAtCuts.contains(start)
        var comments = CommentScanner(isInComment: startsInComment)
        if !openFence.isEmpty { _ = comments.hiddenRanges(in: openFence.dropLast()) }
        func made(_ range: Range<Int>) -> MarkdownBlock {
            MarkdownBlock(range: range, openFence: openFence, isContinuation: cuts.contains(start), startsInComment: startsInComment)
        }
        var lineStart = max(start, bytes.startIndex)
        var previousBlank = false
        while lineStart < end {
            if lineStart > start, fence == nil, !comments.isInComment, previousBlank, bytes[lineStart] != 0x20,
               bytes[lineStart] != 0x09 {
                return made(start..<lineStart)
            }
            let lineEnd = endOfLine(from: lineStart, limit: lineStart + Self.maximumBlockBytes)
            let line = bytes[lineStart..<lineEnd]
            _ = comments.hiddenRanges(in: ArraySlice(line))
            previousBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if let open = fence {
                if open.isClosed(by: line) { fence = nil }
            } else {
                fence = FenceLine(line)
            }
            let next = lineEnd < end && bytes[lineEnd] == 0x0A ? lineEnd + 1 : lineEnd
            if next < end, next - start >= Self.maximumBlockBytes {
                let cut = next == lineEnd ? cutInsideLine(at: lineEnd) : next
                if let fence { fencesAtCuts[cut] = fence.line + [0x0A] }
                if comments.isInComment { commentsAtCuts.insert(cut) }
                cuts.insert(cut)
                return made(start..<cut)
            }
            lineStart = next
        }
        return made(start..<end)
    }

    /// A block start at or before `offset`, found by reading back at most two blocks'
    /// worth: the start of a line at column 0 after a blank line, else a line start.
    public mutating func blockStart(near offset: Int) -> Int {
        let first = bytes.startIndex
        var index = min(max(offset, first), bytes.endIndex)
        let low = max(first, index - 2 * Self.maximumBlockBytes)
        var lineStartFound: Int?
        while index > low {
            bytesScanned += 1
            if bytes[index - 1] == 0x0A, index < bytes.endIndex {
                if lineStartFound == nil { lineStartFound = index }
                if bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0A, bytes[index] != 0x0D,
                   followsBlankLine(index) {
                    return index
                }
            }
            index -= 1
        }
        if index == first { return first }
        if let lineStartFound { return lineStartFound }
        var boundary = min(max(offset, first), bytes.endIndex)
        while boundary > first, boundary < bytes.endIndex, bytes[boundary] & 0xC0 == 0x80 { boundary -= 1 }
        return boundary
    }

    mutating func noteParsed(_ block: MarkdownBlock) {
        blocksParsed += 1
        bytesParsed += block.range.count + block.openFence.count
    }

    /// The index of the line break ending the line from `start`, or `limit` (or the end)
    /// when the line is longer.
    private mutating func endOfLine(from start: Int, limit: Int) -> Int {
        var index = start
        let stop = min(limit, bytes.endIndex)
        while index < stop, bytes[index] != 0x0A { index += 1 }
        bytesScanned += index - start + 1
        return index
    }

    /// Where to cut a line longer than a block: after a space within 1 KB, else at the
    /// next UTF-8 character start.
    private mutating func cutInsideLine(at index: Int) -> Int {
        let end = bytes.endIndex
        var probe = index
        while probe < min(end, index + 1024) {
            bytesScanned += 1
            if bytes[probe] == 0x20 { return probe + 1 }
            probe += 1
        }
        probe = index
        while probe < end, bytes[probe] & 0xC0 == 0x80 { probe += 1 }
        return probe
    }

    /// Whether the line before the one starting at `index` is blank (or there is none).
    private mutating func followsBlankLine(_ index: Int) -> Bool {
        var probe = index - 1  // the line break
        while probe > bytes.startIndex {
            bytesScanned += 1
            let byte = bytes[probe - 1]
            if byte == 0x0A { return true }
            if byte != 0x20, byte != 0x09, byte != 0x0D { return false }
            probe -= 1
        }
        return true
    }
}

/// A fenced code block's opening line (``` or ~~~, at most 3 spaces in).
public struct FenceLine: Sendable, Equatable {
    let marker: UInt8
    let length: Int
    /// The opening line, at most 512 bytes of it, without carriage returns.
    public let line: [UInt8]
    /// Whether an info string follows the marker (` ```swift `): a closing fence has none.
    public let hasInfo: Bool

    public init?<Line: Collection<UInt8>>(_ line: Line) {
        guard let first = line.first(where: { $0 != 0x20 }), first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        let bytes = Array(line.prefix(512)).filter { $0 != 0x0D }
        var index = 0
        while index < bytes.count, index < 3, bytes[index] == 0x20 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~") else { return nil }
        let marker = bytes[index]
        var count = 0
        while index < bytes.count, bytes[index] == marker {
            count += 1
            index += 1
        }
        // A backtick fence's info string holds no backtick.
        guard count >= 3, marker == UInt8(ascii: "~") || !bytes[index...].contains(marker) else { return nil }
        self.marker = marker
        self.length = count
        self.line = bytes
        hasInfo = bytes[index...].contains { $0 != 0x20 && $0 != 0x09 }
    }

    /// Whether `line` closes this fence: the same marker at least as many times, then blanks.
    public func isClosed<Line: Collection<UInt8>>(by line: Line) -> Bool {
        var indent = 0, count = 0
        for byte in line {
            if count == 0, byte == 0x20, indent < 3 { indent += 1; continue }
            if byte == marker { count += 1; continue }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D, count >= length { continue }
            return false
        }
        return count >= length
    }
}
