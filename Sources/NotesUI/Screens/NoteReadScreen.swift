import Foundation
import NotesModel
import NotesTerminal

/// The full-height read view of one note: title, category, dates and tags, then the
/// wrapped body from `readTop` on (wrapped block by block, see `ReadLayout`). A `/` search's matches are highlighted, the
/// current one (where `n`/`N` are) in reverse as well.
public enum NoteReadScreen {
    public static func draw(_ note: Note, _ state: AppState, _ snapshot: NotesSnapshot, into buffer: inout ScreenBuffer,
                            timeZone: TimeZone) {
        let width = buffer.size.width
        let header = ReadHeader(note, snapshot, width: width, timeZone: timeZone, asciiMarkers: state.asciiMarkers)
        header.draw(into: &buffer)
        let bodyTop = header.height
        let rows = max(0, buffer.size.height - 1 - bodyTop)
        if let shown = AppUpdate.shownRendering(note, state, snapshot) {
            let rendering = shown.rendering, note = shown.note
            let items = ReadItems.items(in: rendering, attachments: note.attachments.count)
            let focused = state.readItem.flatMap { $0 < items.count ? items[$0] : nil }
            RenderedLines.draw(rendering, from: state.readTop.line, rows: rows, focused: focused,
                               colors: state.settings.markdownColors, isBroken: snapshot.index.isBroken(from: note),
                               into: &buffer, x: 1, y: bodyTop, width: width - 1)
            RenderedLines.highlight(rendering, from: state.readTop.line, rows: rows, patterns: state.readSearch?.patterns ?? [],
                                    current: state.readSearch?.field == nil ? state.readSearch?.currentMatch : nil,
                                    into: &buffer, x: 1, y: bodyTop, width: width - 1)
            var focusedAttachment: Int?
            if case .attachment(let index)? = focused { focusedAttachment = index }
            ReadAttachments.draw(note, sizes: state.attachmentSizes, ascii: state.asciiMarkers, focused: focusedAttachment,
                                 bodyLines: rendering.lines.count, from: state.readTop.line, rows: rows,
                                 into: &buffer, x: 1, y: bodyTop, width: width - 2)
            return
        }
        let lines = ReadLayout.with(note, width: bodyWidth(buffer.size)) { layout in
            layout.lines(from: layout.clampedTop(state.readTop, rows: rows), count: rows)
        }
        let patterns = state.readSearch?.patterns ?? []
        let current = state.readSearch?.field == nil ? state.readSearch?.currentMatch : nil
        for (offset, (position, line)) in lines.enumerated() {
            HighlightedText.write(line, patterns: patterns, in: &buffer, x: 1, y: bodyTop + offset, limit: width - 1)
            if let current, current.position == position {
                let start = line.index(line.startIndex, offsetBy: current.characters.lowerBound, limitedBy: line.endIndex)
                    ?? line.endIndex
                let end = line.index(start, offsetBy: current.characters.count, limitedBy: line.endIndex) ?? line.endIndex
                var style = Theme.match(over: .plain)
                style.reverse = true
                let column = 1 + DisplayWidth.of(line[..<start])
                buffer.write(line[start..<end], x: column, y: bodyTop + offset, style: style, limit: width - column)
            }
        }
    }

    /// What the read view says when its note is gone (deleted or trashed elsewhere).
    static let goneText = "This note was deleted or moved to the trash elsewhere; q goes back"

    /// The read view of a note that is gone: the header and what happened, wrapped.
    static func drawGone(into buffer: inout ScreenBuffer) {
        let width = buffer.size.width
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Theme.header)
        buffer.write(" (gone)", x: 0, y: 0, style: Theme.header, limit: width)
        for (offset, line) in TextWrap.lines(goneText, width: bodyWidth(buffer.size)).enumerated() {
            buffer.write(line, x: bodyLeft, y: 2 + offset, style: Theme.secondary, limit: width - bodyLeft)
        }
    }

    /// The row where the body of `note` starts (below its header, `ReadHeader`, laid out
    /// as `draw` lays it out: at the state's width, with its markers).
    static func bodyTop(_ note: Note?, _ snapshot: NotesSnapshot, _ state: AppState) -> Int {
        note.map { ReadHeader($0, snapshot, width: state.size.width, asciiMarkers: state.asciiMarkers).height } ?? 3
    }

    /// How many body rows of `note` fit.
    static func bodyRows(_ note: Note?, _ snapshot: NotesSnapshot, _ state: AppState) -> Int {
        max(0, state.size.height - 1 - bodyTop(note, snapshot, state))
    }

    /// The column where the body starts.
    static let bodyLeft = 1

    /// The columns the body wraps to.
    static func bodyWidth(_ size: TerminalSize) -> Int { max(1, size.width - 2) }
}
