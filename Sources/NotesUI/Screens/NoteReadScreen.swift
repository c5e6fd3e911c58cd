import Foundation
import NotesCore

/// The full-height read view of one note: title, category, dates and tags, then the
/// wrapped body, scrolled by `readScroll`.
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
        buffer.write(" " + DisplayWidth.truncate(details.joined(separator: " · "), to: width - 2), x: 0, y: 1,
                     style: Theme.secondary, limit: width)
        let lines = bodyLines(note, size: buffer.size)
        let scroll = max(0, min(state.readScroll, maximumScroll(lines: lines.count, size: buffer.size)))
        for (offset, line) in lines.dropFirst(scroll).prefix(bodyRows(buffer.size)).enumerated() {
            buffer.write(line, x: 1, y: bodyTop + offset, limit: width - 1)
        }
    }

    /// The row where the body starts, and how many body rows fit.
    static let bodyTop = 3
    static func bodyRows(_ size: TerminalSize) -> Int { max(0, size.height - 1 - bodyTop) }

    /// The note's body wrapped to the screen (wrapped once per note and width, see `WrappedBodyCache`).
    public static func bodyLines(_ note: Note, size: TerminalSize) -> [String] {
        WrappedBodyCache.shared.lines(of: note, width: max(1, size.width - 2))
    }

    /// The largest useful scroll offset: the last line at the bottom.
    public static func maximumScroll(lines: Int, size: TerminalSize) -> Int {
        max(0, lines - bodyRows(size))
    }
}
