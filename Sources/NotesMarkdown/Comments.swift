import Foundation

/// Obsidian's comments, `%%hidden%%`: inline, or from a `%%` to the next across lines and
/// blank lines, hidden in the rendering as Obsidian's reading view hides them; a `%%` with
/// no closing one hides the rest of the note, as there. A `%%` in a code span, a fenced or
/// an indented code block, or after a backslash is text. Found line by line with a state
/// that crosses lines (`CommentScanner`), so a run of blocks parsed alone knows whether it
/// starts inside a comment from the state where it was cut.
public struct CommentScanner: Sendable, Equatable {
    /// Whether a comment is open after the lines scanned so far.
    public private(set) var isInComment: Bool
    private var fence: FenceLine?
    private var previousBlank = true
    private var inIndentedCode = false

    /// The state at a body's start, or inside a comment (`isInComment`).
    public init(isInComment: Bool = false) {
        self.isInComment = isInComment
    }

    /// Whether `line` holds a `%` (`memchr`: a long body's search feeds every line here).
    private static func holdsPercent(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
            return memchr(base, 0x25, buffer.count) != nil
        }
    }

    /// Whether `bytes` may hold a comment: a `%%` somewhere (the cheap test before a scan).
    static func mayHoldComment<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x25, previous == 0x25 { return true }
            previous = byte
        }
        return false
    }

    /// The ranges of `line` (its bytes, without the line break) that a comment hides,
    /// `%%` markers included; the state moves past the line.
    public mutating func hiddenRanges(in line: ArraySlice<UInt8>) -> [Range<Int>] {
        var inFence = false
        if !isInComment {
            if let open = fence {
                if open.isClosed(by: line) { fence = nil }
                inFence = true
            } else if let opening = FenceLine(line) {
                fence = opening
                inFence = true
            }
        }
        return hiddenRanges(in: line, inFence: inFence, blank: line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
    }

    /// `hiddenRanges(in:)` for a caller that follows the fenced code blocks itself
    /// (`BlockBoundaries`): `inFence` when the line is in one or is its fence line, `blank`
    /// when it holds only blanks.
    mutating func hiddenRanges(in line: ArraySlice<UInt8>, inFence: Bool, blank: Bool) -> [Range<Int>] {
        defer { previousBlank = blank }
        if !isInComment {
            if inFence { return [] }
            let indented = line.first == 0x09 || (line.count >= 4 && line.prefix(4).allSatisfy { $0 == 0x20 })
            inIndentedCode = !blank && indented ? (previousBlank || inIndentedCode) : (blank && inIndentedCode)
            if inIndentedCode || !Self.holdsPercent(line) { return [] }
        }
        return hiddenInline(line)
    }

    /// The hidden ranges of a line outside code blocks: code spans (a backtick run closed
    /// by one as long on the same line) and backslash escapes are skipped.
    private mutating func hiddenInline(_ line: ArraySlice<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = line.startIndex
        var openedAt: Int? = isInComment ? line.startIndex : nil
        while index < line.endIndex {
            let byte = line[index]
            if byte == 0x25, index + 1 < line.endIndex, line[index + 1] == 0x25 {
                if let start = openedAt {
                    ranges.append(start - line.startIndex..<index + 2 - line.startIndex)
                    openedAt = nil
                } else {
                    openedAt = index
                }
                index += 2
                continue
            }
            if openedAt == nil, byte == 0x5C {
                index += 2
                continue
            }
            if openedAt == nil, byte == UInt8(ascii: "`") {
                index = Self.endOfCodeSpan(in: line, from: index)
                continue
            }
            index += 1
        }
        if let start = openedAt { ranges.append(start - line.startIndex..<line.endIndex - line.startIndex) }
        isInComment = openedAt != nil
        return ranges
    }

    /// Past the code span opened by the backtick run at `start`, or past the run when no
    /// run as long closes it on the line.
    private static func endOfCodeSpan(in line: ArraySlice<UInt8>, from start: Int) -> Int {
        let tick = UInt8(ascii: "`")
        var runEnd = start
        while runEnd < line.endIndex, line[runEnd] == tick { runEnd += 1 }
        let length = runEnd - start
        var index = runEnd
        while index < line.endIndex {
            guard line[index] == tick else {
                index += 1
                continue
            }
            var closeEnd = index
            while closeEnd < line.endIndex, line[closeEnd] == tick { closeEnd += 1 }
            if closeEnd - index == length { return closeEnd }
            index = closeEnd
        }
        return runEnd
    }
}

/// Bytes with their comments taken out, and where each kept byte was: what is parsed when
/// a comment is hidden. A line that only a comment (and blanks) filled goes whole, its line
/// break too, so a comment on lines of its own leaves no blank line in a paragraph; an
/// inline comment between two spaces takes one of them along.
struct CommentFilter {
    /// The bytes without comments.
    let bytes: [UInt8]
    /// How many bytes were filtered.
    let originalCount: Int
    /// Runs of kept bytes: where each starts in `bytes` and in the bytes filtered.
    private let runs: [(kept: Int, original: Int)]

    /// `bytes` filtered from `state` (nil when nothing is hidden: parse them as they are).
    init?(_ original: [UInt8], state: CommentScanner) {
        guard state.isInComment || CommentScanner.mayHoldComment(original) else { return nil }
        var scanner = state
        var kept: [UInt8] = []
        kept.reserveCapacity(original.count)
        var runs: [(kept: Int, original: Int)] = []
        var lineStart = 0
        func keep(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if runs.last.map({ $0.original + (kept.count - $0.kept) }) != range.lowerBound {
                runs.append((kept.count, range.lowerBound))
            }
            kept += original[range]
        }
        while lineStart < original.count {
            var lineEnd = lineStart
            while lineEnd < original.count, original[lineEnd] != 0x0A { lineEnd += 1 }
            let next = min(lineEnd + 1, original.count)
            let hidden = scanner.hiddenRanges(in: original[lineStart..<lineEnd]).map { ($0.lowerBound + lineStart)..<($0.upperBound + lineStart) }
            if hidden.isEmpty {
                keep(lineStart..<next)
            } else if Self.onlyBlanks(original, lineStart..<lineEnd, outside: hidden) {
                // The whole line was comment: it goes, line break and all.
            } else {
                var from = lineStart
                for range in hidden {
                    keep(from..<range.lowerBound)
                    let spaceAround = range.lowerBound > lineStart && original[range.lowerBound - 1] == 0x20
                        && range.upperBound < lineEnd && original[range.upperBound] == 0x20
                    from = spaceAround ? range.upperBound + 1 : range.upperBound
                }
                keep(from..<next)
            }
            lineStart = next
        }
        (bytes, originalCount, self.runs) = (kept, original.count, runs.isEmpty ? [(0, original.count)] : runs)
    }

    /// The offset in the bytes filtered of `offset` in `bytes`.
    func original(_ offset: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].kept <= offset { low = middle } else { high = middle - 1 }
        }
        return runs[low].original + (offset - runs[low].kept)
    }

    /// Whether `line` holds only blanks outside the `hidden` ranges.
    private static func onlyBlanks(_ bytes: [UInt8], _ line: Range<Int>, outside hidden: [Range<Int>]) -> Bool {
        line.allSatisfy { index in
            let byte = bytes[index]
            return byte == 0x20 || byte == 0x09 || byte == 0x0D || hidden.contains { $0.contains(index) }
        }
    }
}
