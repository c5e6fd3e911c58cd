import NotesLinks
import NotesMarkdown
import NotesModel
import Synchronization

/// The segments (`MarkdownSegments`) of the one long note in the read view, and the
/// renderings of the last few shown at one width: another note, a changed note or another
/// width starts afresh. The segments found are kept as long as the body stays (a few
/// thousand for a 200 MB note), so that going back to a place finds the segment, and
/// what is open there, found on the way forward rather than guessing it again.
final class RenderedSegmentCache: Sendable {
    static let shared = RenderedSegmentCache()

    /// How many renderings are kept.
    static let renderingCapacity = 48
    /// How many segments are kept before the index starts afresh.
    static let segmentCapacity = 1 << 16

    private struct Entry {
        var key: WrappedBodyCache.Key
        /// The segment starting at each known start.
        var segments: [Int: MarkdownSegment] = [:]
        /// The start of the kept segment ending at each end.
        var startsByEnd: [Int: Int] = [:]
        /// What is open at a start found as the end of a segment, and whether it is a cut.
        var starts: [Int: (state: BlockBoundaries, isContinuation: Bool)] = [0: (BlockBoundaries(), false)]
        /// Each rendering with the decoded bytes it was made from: a tick keeps the body's
        /// length and may keep its time, so the bytes themselves tell a kept one is current.
        var renderings: [Range<Int>: (source: [UInt8], order: WikiLinkOrder, rendering: MarkdownRendering)] = [:]
    }

    private let entry = Mutex<Entry?>(nil)
    /// The segments' sizes (`MarkdownSegments`): small ones in tests.
    let targetBytes: Int
    let longestBytes: Int

    init(targetBytes: Int = MarkdownSegments.targetBytes, longestBytes: Int = MarkdownSegments.longestBytes) {
        (self.targetBytes, self.longestBytes) = (targetBytes, longestBytes)
    }

    /// The segment finder over `bytes`, at this cache's sizes.
    func segments(of bytes: BodyBytes) -> MarkdownSegments {
        MarkdownSegments(bytes, targetBytes: targetBytes, longestBytes: longestBytes)
    }

    /// How many segments were rendered (not found kept): what the bound tests count.
    private let renderedCount = Mutex(0)
    var segmentsRendered: Int { renderedCount.withLock { $0 } }

    /// The segment starting at `start`: kept, or found from the state kept there (guessed
    /// when none is kept).
    func segment(at start: Int, key: WrappedBodyCache.Key, in segments: inout MarkdownSegments) -> MarkdownSegment {
        let known = withEntry(key) { ($0.segments[start], $0.starts[start]) }
        if let segment = known.0 { return segment }
        let state = known.1 ?? (segments.guessedState(at: start), false)
        let segment = segments.segment(at: start, state: state.state, isContinuation: state.isContinuation)
        keep(segment, key: key)
        return segment
    }

    /// A segment ending at `end`: the kept one that does, else one found going back.
    func previous(before end: Int, key: WrappedBodyCache.Key, in segments: inout MarkdownSegments) -> MarkdownSegment {
        let known = withEntry(key) { entry in
            (entry.startsByEnd[end].flatMap { entry.segments[$0] }, entry.starts[end])
        }
        if let segment = known.0 { return segment }
        let segment = segments.segment(before: end, endState: known.1?.state ?? BlockBoundaries(),
                                       endsInCut: known.1?.isContinuation)
        keep(segment, key: key)
        return segment
    }

    /// The rendering of `segment` at `width`, its wiki links read in `order`.
    func rendering(of segment: MarkdownSegment, key: WrappedBodyCache.Key, bytes: BodyBytes,
                   width: Int, order: WikiLinkOrder) -> MarkdownRendering {
        let source = bytes.withDecoded(segment.range) { Array($0) }
        if let kept = withEntry(key, { $0.renderings[segment.range] }), kept.source == source, kept.order == order {
            return kept.rendering
        }
        let rendered = Self.render(segment, source: source, width: width, order: order)
        renderedCount.withLock { $0 += 1 }
        withEntry(key) { entry in
            if entry.renderings.count >= Self.renderingCapacity { entry.renderings = [:] }
            entry.renderings[segment.range] = (source, order, rendered)
        }
        return rendered
    }

    private func keep(_ segment: MarkdownSegment, key: WrappedBodyCache.Key) {
        withEntry(key) { entry in
            if entry.segments.count >= Self.segmentCapacity {
                (entry.segments, entry.startsByEnd, entry.starts) = ([:], [:], [0: (BlockBoundaries(), false)])
            }
            if entry.segments[segment.range.lowerBound] == nil {
                entry.segments[segment.range.lowerBound] = segment
                entry.startsByEnd[segment.range.upperBound] = segment.range.lowerBound
            }
            if entry.starts[segment.range.lowerBound] == nil {
                entry.starts[segment.range.lowerBound] = (segment.startState, segment.isContinuation)
            }
            entry.starts[segment.range.upperBound] = (segment.endState, segment.endsInCut)
        }
    }

    /// Runs `use` on the entry for `key` (a fresh one when the note or width changed).
    private func withEntry<Result>(_ key: WrappedBodyCache.Key, _ use: (inout Entry) -> Result) -> Result {
        entry.withLock { entry in
            var current = entry?.key == key ? entry ?? Entry(key: key) : Entry(key: key)
            entry = nil  // `current` alone holds the dictionaries: changed in place, not copied
            defer { entry = current }
            return use(&current)
        }
    }
}
