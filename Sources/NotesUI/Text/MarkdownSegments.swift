import NotesMarkdown
import NotesModel

/// A run of whole top-level Markdown blocks of a long body, rendered alone by the read
/// view (see `MarkdownSegments`). Its range is in the body's bytes as held (`BodyBytes`).
struct MarkdownSegment: Equatable, Sendable {
    let range: Range<Int>
    /// What is open where it starts: fenced code when a run was cut inside a code block.
    let startState: BlockBoundaries
    /// Whether it starts where a run too long was cut (no blank line before it).
    let isContinuation: Bool
    /// What is open where it ends: the start state of the segment after it.
    let endState: BlockBoundaries
    /// Whether the next segment starts where this one was cut.
    let endsInCut: Bool
}

/// Cuts a long body into segments line by line (lines as the raw view finds them,
/// `BodyBlocks`, on the bytes as held) where `BlockBoundaries` allows: a segment ends at
/// the first allowed line past `targetBytes`, or, when none comes, at the line (or piece
/// of a line) past `longestBytes`, which the next segment continues (a code block cut
/// so gets its fence line again). Going forward from the body's start every state is
/// known; going back (`segment(before:)`, and `G`), the state at the start is guessed
/// by reading at most `longestBytes` back from a place taken to be outside every block.
struct MarkdownSegments {
    /// About how long a segment is: the first cut allowed past this ends it.
    static let targetBytes = 4096
    /// The longest a segment grows before it is cut wherever a line starts.
    static let longestBytes = 131_072
    /// The most bytes of a line looked at to classify it.
    static let linePrefixBytes = 4096

    private(set) var lines: BodyBlocks
    let targetBytes: Int
    let longestBytes: Int

    init(_ bytes: BodyBytes, targetBytes: Int = Self.targetBytes, longestBytes: Int = Self.longestBytes) {
        lines = BodyBlocks(bytes)
        (self.targetBytes, self.longestBytes) = (max(1, targetBytes), max(targetBytes, longestBytes))
    }

    var count: Int { lines.count }

    /// The segment from `start` (a segment start), given the state there.
    mutating func segment(at start: Int, state: BlockBoundaries, isContinuation: Bool) -> MarkdownSegment {
        var boundaries = state
        var lineStart = start
        var atLineStart = true
        while lineStart < count {
            let (end, next) = lines.block(at: lineStart)
            let prefix = atLineStart ? linePrefix(lineStart..<end) : []
            if lineStart > start {
                if atLineStart, lineStart - start >= targetBytes, boundaries.canCut(before: prefix) {
                    return MarkdownSegment(range: start..<lineStart, startState: state, isContinuation: isContinuation,
                                           endState: boundaries, endsInCut: false)
                }
                if lineStart - start >= longestBytes {
                    return MarkdownSegment(range: start..<lineStart, startState: state, isContinuation: isContinuation,
                                           endState: boundaries, endsInCut: true)
                }
            }
            if atLineStart { boundaries.feed(prefix) }
            guard let next else { break }
            atLineStart = next > end  // a piece of a long line ends without a line break
            lineStart = next
        }
        return MarkdownSegment(range: start..<count, startState: state, isContinuation: isContinuation,
                               endState: boundaries, endsInCut: false)
    }

    /// A segment that ends at `end` (a segment start > 0, what is open there and whether
    /// it is a cut as known): it starts at the last place
    /// a cut is allowed at least `targetBytes` before (or the first one found), reading
    /// `longestBytes` back (up to eight times that while none is found); with none, at
    /// the line where reading started, as a continuation.
    /// Reading from a line taken to be outside every block, a place before the first
    /// fence line read is not taken when that line has no info string (it may close a
    /// block). Left as it is: a bare fence line taken for an opening that was a closing,
    /// with a bare fence after it, inverts what is code up to `end`.
    mutating func segment(before end: Int, endState: BlockBoundaries, endsInCut: Bool?) -> MarkdownSegment {
        var reach = longestBytes
        var low: Int
        var candidates: [(start: Int, state: BlockBoundaries)]
        var endAllowed: Bool
        repeat {  // no cut in reach: look twice as far, up to eight times
            low = lines.blockStart(around: max(0, end - reach))
            (candidates, endAllowed) = cutCandidates(from: low, to: end)
            reach *= 2
        } while candidates.isEmpty && low > 0 && reach <= 8 * longestBytes
        let chosen = candidates.last { end - $0.start >= targetBytes } ?? candidates.first
        let start = chosen ?? (low, BlockBoundaries())
        let isContinuation = chosen == nil && low > 0 && !followsBlankLine(low)
        return MarkdownSegment(range: start.start..<end, startState: start.state, isContinuation: isContinuation,
                               endState: endState, endsInCut: endsInCut ?? !endAllowed)
    }

    /// Whether the line before the one at `start` (a line start > 0) is blank.
    private mutating func followsBlankLine(_ start: Int) -> Bool {
        let previous = lines.blockStart(before: start)
        return linePrefix(previous..<start).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    /// The places in `low..<end` where a cut is allowed, reading from `low` as if nothing
    /// were open there, and what is open at each; and whether one is allowed at `end`
    /// (if not, the segment there continues one that was cut).
    private mutating func cutCandidates(from low: Int, to end: Int)
        -> (candidates: [(start: Int, state: BlockBoundaries)], endAllowed: Bool) {
        var boundaries = BlockBoundaries()
        var candidates: [(start: Int, state: BlockBoundaries)] = []
        var lineStart = low
        var atLineStart = true
        var sawFence = low == 0
        while lineStart < end {
            let (lineEnd, next) = lines.block(at: lineStart)
            let prefix = atLineStart ? linePrefix(lineStart..<lineEnd) : []
            if lineStart > low, atLineStart, boundaries.canCut(before: prefix) { candidates.append((lineStart, boundaries)) }
            if !sawFence, atLineStart, let first = prefix.first(where: { $0 != 0x20 }),
               first == UInt8(ascii: "`") || first == UInt8(ascii: "~"), let fence = FenceLine(prefix) {
                // The first fence line read: without an info string it may close a block
                // opened before `low`, so the places before it may be inside code.
                sawFence = true
                if !fence.hasInfo { candidates.removeAll() }
            }
            if atLineStart { boundaries.feed(prefix) }
            guard let next else { break }
            atLineStart = next > lineEnd
            lineStart = next
        }
        guard end < count, atLineStart else { return (candidates, end >= count) }
        return (candidates, boundaries.canCut(before: linePrefix(end..<lines.block(at: end).end)))
    }

    /// The state at `start`, guessed by reading from a line up to `longestBytes` before it
    /// (known when that is the body's start).
    mutating func guessedState(at start: Int) -> BlockBoundaries {
        guard start > 0 else { return BlockBoundaries() }
        var boundaries = BlockBoundaries()
        var lineStart = lines.blockStart(around: max(0, start - longestBytes))
        var atLineStart = true
        while lineStart < start {
            let (lineEnd, next) = lines.block(at: lineStart)
            if atLineStart { boundaries.feed(linePrefix(lineStart..<lineEnd)) }
            guard let next else { break }
            atLineStart = next > lineEnd
            lineStart = next
        }
        return boundaries
    }

    /// The decoded first bytes of the line held in `range` (at most `linePrefixBytes`).
    private mutating func linePrefix(_ range: Range<Int>) -> [UInt8] {
        var bytes = lines.bytes
        let end = range.count > Self.linePrefixBytes ? bytes.boundary(atOrAfter: range.lowerBound + Self.linePrefixBytes)
                                                     : range.upperBound
        return bytes.withDecoded(range.lowerBound..<end) { Array($0) }
    }
}
