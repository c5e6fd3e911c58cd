import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The preview of the selected note: title, category and date, tags, then the body
/// rendered; while a filter is typed, the raw body with what the filter's words matched
/// highlighted (`highlights`, folded patterns), from the first match.
enum PreviewPane {
    static func draw(_ note: Note?, _ snapshot: NotesSnapshot, in rect: Rect, into buffer: inout ScreenBuffer,
                     timeZone: TimeZone, highlights: [[UInt8]] = [], colors: MarkdownColors = MarkdownColors(),
                     asciiMarkers: Bool = false) {
        guard let note else { return }
        let x = rect.x + 1, width = rect.width - 2
        HighlightedText.write(DisplayWidth.truncate(note.title, to: width), patterns: highlights, in: &buffer,
                              x: x, y: rect.y, style: Theme.title, limit: width)
        var details = DateText.day(note.updated, in: timeZone)
        if let id = note.categoryID, let name = snapshot.database.categories[id]?.name { details = name + " · " + details }
        if !note.attachments.isEmpty {
            details = ReadAttachments.marker(count: note.attachments.count, ascii: asciiMarkers) + " · " + details
        }
        buffer.write(DisplayWidth.truncate(details, to: width), x: x, y: rect.y + 1, style: Theme.secondary, limit: width)
        var y = rect.y + 2
        if !note.tags.isEmpty {
            let tags = note.sortedTags.map { "#" + $0 }.joined(separator: " ")
            buffer.write(DisplayWidth.truncate(tags, to: width), x: x, y: y, style: Theme.secondary, limit: width)
            y += 1
        }
        y += 1
        let room = rect.maxY - y
        if highlights.isEmpty {
            // Rendered, from the start of the body only: never more than the rows show.
            let lines = renderedLines(note, width: width, room: room, order: snapshot.index.linkOrder(of: note.id))
            RenderedLines.draw(lines, from: 0, rows: room, focused: nil, colors: colors, into: &buffer, x: x, y: y, width: width)
            return
        }
        for line in bodyLines(note, width: width, room: room, highlights: highlights) {
            HighlightedText.write(line, patterns: highlights, in: &buffer, x: x, y: y, limit: width)
            y += 1
        }
    }

    /// The start of the body, long enough to fill `rows` lines of `width` columns (a column
    /// takes at most a few bytes; generously, 16): a preview of a 200 MB note decodes
    /// and wraps only what it shows. The cut falls between characters (and escapes, for a
    /// body still in the store's file, see `BodyBytes`), so the start decodes as it is.
    static func shownStart(of note: Note, rows: Int, width: Int) -> String {
        let room = max(4096, max(rows, 0) * (width + 1) * 16)
        guard note.bodyUTF8CountBound > room else { return note.body }
        return note.withBodyBytes { bytes in
            var bytes = bytes
            return bytes.decoded(0..<bytes.boundary(atOrAfter: room))
        }
    }

    /// The first `room` rendered lines of the body (the preview without a filter): only the
    /// blocks of `shownStart` that fill them are parsed.
    static func renderedLines(_ note: Note, width: Int, room: Int, order: WikiLinkOrder) -> MarkdownRendering {
        guard room > 0, width > 0 else { return MarkdownRendering() }
        var blocks = MarkdownBlocks(Array(shownStart(of: note, rows: room, width: width).utf8))
        var options = RenderedBody.options
        options.wikiLinkOrder = order
        return MarkdownRenderer.render(from: 0, of: &blocks, minimumLines: room, width: width,
                                       displayWidth: DisplayWidth.of, options: options).rendering
    }

    /// How many wrapped lines of a body the preview looks through for the first match.
    static let matchLookahead = 400

    /// The body lines that fit in `room`: the first ones, or, when the filter's words occur
    /// only further down (within `matchLookahead` lines), `…` and the lines from just
    /// before the first match, so that the preview shows why the note matched.
    static func bodyLines(_ note: Note, width: Int, room: Int, highlights: [[UInt8]]) -> [String] {
        let first = TextWrap.lines(shownStart(of: note, rows: room, width: width), width: width, limit: room)
        guard !highlights.isEmpty, room > 2, !first.contains(where: { SearchHighlight.occurs(highlights, in: $0) })
        else { return first }
        let more = TextWrap.lines(shownStart(of: note, rows: matchLookahead, width: width), width: width, limit: matchLookahead)
        guard let match = more.firstIndex(where: { SearchHighlight.occurs(highlights, in: $0) }), match >= room
        else { return first }
        let start = match - 1
        return ["…"] + more[start..<min(more.count, start + room - 1)]
    }
}
