import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal

/// What the read view shows of a body longer than `RenderedBody.longestRendered`: the
/// rendering of the segments (`MarkdownSegments`) from one segment start on, enough of
/// them for the lines asked, with a blank line between two segments as between two
/// blocks of one parse. Its line numbers count from its first segment's first line; the
/// read view keeps that segment's start in `readTop.block` and its line in `readTop.line`.
struct RenderedWindow {
    /// A segment shown: its bytes as held and its first line in `rendering`.
    struct Part: Equatable {
        let range: Range<Int>
        let firstLine: Int
    }

    var rendering = MarkdownRendering()
    var parts: [Part] = []
    /// Whether the last segment shown ends the body (the backlinks and attachments follow).
    var reachesEnd = false

    /// Appends a segment's rendering, after a blank line unless it continues a cut one.
    mutating func append(_ segment: MarkdownSegment, _ rendered: MarkdownRendering) {
        if !rendering.lines.isEmpty, !segment.isContinuation, !rendered.lines.isEmpty {
            let at = rendered.lines[0].source.lowerBound
            rendering.lines.append(MarkdownLine(runs: [], source: at..<at))
        }
        parts.append(Part(range: segment.range, firstLine: rendering.lines.count))
        rendering.append(rendered)
    }

    /// The part showing `line`.
    func part(showing line: Int) -> Part? {
        parts.last { $0.firstLine <= line }
    }

    /// The lines before the second part (the first part and the blank line after it).
    var firstPartLines: Int? {
        parts.count > 1 ? parts[1].firstLine : nil
    }
}

/// Renders segments of one long body at one width, and keeps what it found: the segments
/// (a start, what is open there, where the next starts) for as long as the body stays,
/// so that the states found going forward from the start are known when the view comes
/// back, and the renderings of the last few segments shown.
extension RenderedSegmentCache {
    /// The window from the segment start `start` on, with at least `minimumLines` lines
    /// (fewer at the end of the body) and the segment at `through`, if it comes; wiki links
    /// read in `order` (the note's, `NoteIndex.linkOrder(of:)`).
    func window(of note: Note, width: Int, order: WikiLinkOrder, from start: Int, minimumLines: Int,
                through: Int = -1) -> RenderedWindow {
        let key = WrappedBodyCache.Key(note, width: max(1, width))
        return note.withBodyBytes { bytes in
            var segments = self.segments(of: bytes)
            var window = RenderedWindow()
            var position = min(max(0, start), bytes.count)
            while position < bytes.count, window.rendering.lines.count < minimumLines || position <= through {
                let segment = self.segment(at: position, key: key, in: &segments)
                window.append(segment, rendering(of: segment, key: key, bytes: bytes, width: max(1, width), order: order))
                position = segment.range.upperBound
            }
            window.reachesEnd = position >= bytes.count
            return window
        }
    }

    /// The start of the segment before the one at `start` (nil at the body's start).
    func segmentStart(before start: Int, of note: Note, width: Int) -> Int? {
        guard start > 0 else { return nil }
        let key = WrappedBodyCache.Key(note, width: max(1, width))
        return note.withBodyBytes { bytes in
            var segments = self.segments(of: bytes)
            return previous(before: min(start, bytes.count), key: key, in: &segments).range.lowerBound
        }
    }

    /// The start of the last segment of the body.
    func lastSegmentStart(of note: Note, width: Int) -> Int {
        let end = note.withBodyBytes(\.count)
        return end == 0 ? 0 : segmentStart(before: end, of: note, width: width) ?? 0
    }

    /// `segment` rendered from its decoded bytes `decoded`, its fence line first when it was
    /// cut inside a code block, hidden up to the comment's end when cut inside one (`%%`);
    /// offsets are decoded offsets from the segment's start.
    static func render(_ segment: MarkdownSegment, source decoded: [UInt8], width: Int, order: WikiLinkOrder) -> MarkdownRendering {
        let fence = segment.startState.openFence.map { $0.line + [0x0A] } ?? []
        let block = MarkdownBlock(range: 0..<decoded.count, openFence: fence, isContinuation: segment.isContinuation,
                                  startsInComment: segment.startState.isInComment)
        var options = RenderedBody.options
        options.wikiLinkOrder = order
        return MarkdownRenderer.render(block, of: decoded, width: width, displayWidth: DisplayWidth.of, options: options)
    }
}
