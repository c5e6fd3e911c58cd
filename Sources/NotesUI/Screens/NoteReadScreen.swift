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
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Theme.header)
        buffer.write(" " + DisplayWidth.truncate(note.title, to: width - 2), x: 0, y: 0, style: Theme.header, limit: width)
        var details: [String] = []
        if let id = note.categoryID, let name = snapshot.database.categories[id]?.name { details.append(name) }
        details.append("updated " + DateText.day(note.updated, in: timeZone))
        details.append("created " + DateText.day(note.created, in: timeZone))
        if !note.tags.isEmpty { details.append(note.sortedTags.map { "#" + $0 }.joined(separator: " ")) }
        if note.kind == .checklist, let progress = RenderedBody.shared.progress(of: note) { details.insert(progress.text, at: 0) }
        if !note.attachments.isEmpty { details.append(ReadAttachments.marker(count: note.attachments.count, ascii: state.asciiMarkers)) }
        buffer.write(" " + DisplayWidth.truncate(details.joined(separator: " · "), to: width - 2), x: 0, y: 1,
                     style: Theme.secondary, limit: width)
        let rows = bodyRows(buffer.size)
        if let rendering = AppUpdate.shownRendering(note, state, snapshot) {
            let items = ReadItems.items(in: rendering, attachments: note.attachments.count)
            let focused = state.readItem.flatMap { $0 < items.count ? items[$0] : nil }
            RenderedLines.draw(rendering, from: state.readTop.line, rows: rows, focused: focused,
                               colors: state.settings.markdownColors, into: &buffer, x: 1, y: bodyTop, width: width - 1)
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

    /// The row where the body starts, and how many body rows fit.
    static let bodyTop = 3
    static func bodyRows(_ size: TerminalSize) -> Int { max(0, size.height - 1 - bodyTop) }

    /// The columns the body wraps to.
    static func bodyWidth(_ size: TerminalSize) -> Int { max(1, size.width - 2) }
}
