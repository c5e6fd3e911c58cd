import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel

/// `/`, `n`/`N` in a long body's rendered window (`RenderedWindow`): the window's rendered
/// lines are searched first; past them the segments are looked through one by one,
/// their raw text folded and searched and only a segment where the text occurs
/// rendered, so a search costs what the raw view's costs. The status line gives the
/// place (`match at 40%`), not a count: counting would render the whole body. A phrase
/// that only the rendering joins (split by markup, as in `**foo**bar`) is found in the
/// window, not further.
extension AppUpdate {
    /// The next (previous) match after (before) the current one, or from the top line when
    /// none is current; the window moves to it.
    static func longSearchStep(forward: Bool, _ shown: ShownReading, _ state: inout AppState, _ snapshot: NotesSnapshot,
                               rows: Int) {
        guard var search = state.readSearch, let window = shown.window else { return }
        let patterns = search.patterns
        let all = RenderedSearch.matches(in: shown.rendering, patterns: patterns)
        let current = search.currentMatch
        let top = state.readTop.line
        let inWindow = forward
            ? all.first { match in current.map { match > $0 } ?? (match.position.line >= top) }
            : all.last { match in current.map { match < $0 } ?? (match.position.line < top) }
        if let match = inWindow {
            search.currentMatch = match
            state.readSearch = search
            return placeLongMatch(shown.note, &state, snapshot, rows: rows)
        }
        let count = shown.note.withBodyBytes(\.count)
        let start = window.parts.first?.range.lowerBound ?? 0, end = window.parts.last?.range.upperBound ?? count
        let cache = RenderedSegmentCache.shared, width = NoteReadScreen.bodyWidth(state.size)
        let order = snapshot.index.linkOrder(of: shown.note.id)
        var found = forward
            ? cache.findSegment(of: shown.note, width: width, order: order, patterns: patterns, from: end, to: count, last: false)
            : cache.findSegment(of: shown.note, width: width, order: order, patterns: patterns, from: 0, to: start, last: true)
        var wentRound = false
        if found == nil {
            wentRound = true
            found = forward
                ? cache.findSegment(of: shown.note, width: width, order: order, patterns: patterns, from: 0, to: start, last: false)
                : cache.findSegment(of: shown.note, width: width, order: order, patterns: patterns, from: end, to: count, last: true)
        }
        guard let (segmentStart, matches) = found, let match = forward ? matches.first : matches.last else {
            if let match = forward ? all.first : all.last {
                search.currentMatch = match
                state.readSearch = search
                state.message = .init(text: forward ? "Search went round to the top" : "Search went round to the bottom",
                                      isError: false)
                return placeLongMatch(shown.note, &state, snapshot, rows: rows)
            }
            state.readSearch = search
            state.message = .init(text: "Not found: \(search.text)", isError: true)
            return
        }
        moveWindow(to: segmentStart, &state)
        search.currentMatch = match
        state.readSearch = search
        extendWindowBack(shown.note, &state, snapshot, lines: rows)
        if wentRound {
            state.message = .init(text: forward ? "Search went round to the top" : "Search went round to the bottom",
                                  isError: false)
        }
        placeLongMatch(shown.note, &state, snapshot, rows: rows)
    }

    /// The current match scrolled into view, and its place in percent of the body.
    private static func placeLongMatch(_ note: Note, _ state: inout AppState, _ snapshot: NotesSnapshot, rows: Int) {
        guard var search = state.readSearch, let match = search.currentMatch else { return }
        let shown = longRendering(note, state, snapshot)
        let count = max(1, note.withBodyBytes(\.count))
        let offset = shown.window?.part(showing: match.position.line)?.range.lowerBound ?? 0
        search.matchNumber = nil
        search.percent = min(100, offset * 100 / count)
        state.readSearch = search
        show(line: match.position.line, documentLines: shown.rendering.lines.count + ReadAttachments.lineCount(shown.note),
             rows: rows, &state)
    }
}

extension RenderedSegmentCache {
    /// The first (`last`: the last) segment starting in `from..<to` whose rendering holds a
    /// match, and its matches (lines counted from its start). `from` is a segment start.
    func findSegment(of note: Note, width: Int, order: WikiLinkOrder, patterns: [[UInt8]], from: Int, to: Int,
                     last: Bool) -> (start: Int, matches: [ReadSearch.Match])? {
        guard !patterns.isEmpty else { return nil }
        let key = WrappedBodyCache.Key(note, width: max(1, width))
        return note.withBodyBytes { bytes in
            var segments = self.segments(of: bytes)
            var folder = SearchFolder()
            var folded: [UInt8] = []
            var candidates: [MarkdownSegment] = []
            var position = from
            while position < min(to, bytes.count) {
                let segment = self.segment(at: position, key: key, in: &segments)
                folded.removeAll(keepingCapacity: true)
                bytes.withDecoded(segment.range) { folder.append(utf8: $0, to: &folded) }
                let occurs = folded.withUnsafeBufferPointer { text in patterns.contains { SearchQuery.contains($0, in: text) } }
                if occurs {
                    candidates.append(segment)
                    if !last, let found = matches(in: segment, key: key, bytes: bytes, width: width, order: order, patterns: patterns) {
                        return found
                    }
                }
                position = segment.range.upperBound
            }
            for segment in candidates.reversed() where last {
                if let found = matches(in: segment, key: key, bytes: bytes, width: width, order: order, patterns: patterns) { return found }
            }
            return nil
        }
    }

    private func matches(in segment: MarkdownSegment, key: WrappedBodyCache.Key, bytes: BodyBytes, width: Int,
                         order: WikiLinkOrder, patterns: [[UInt8]]) -> (start: Int, matches: [ReadSearch.Match])? {
        let rendering = self.rendering(of: segment, key: key, bytes: bytes, width: max(1, width), order: order)
        let found = RenderedSearch.matches(in: rendering, patterns: patterns)
        return found.isEmpty ? nil : (segment.range.lowerBound, found)
    }
}
