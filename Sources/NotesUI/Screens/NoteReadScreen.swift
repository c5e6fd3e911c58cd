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
        let top = 3, rows = max(0, buffer.size.height - 1 - top)
        let lines = TextWrap.lines(note.body, width: max(1, width - 2))
        let scroll = max(0, min(state.readScroll, lines.count - rows))
        for (offset, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
            buffer.write(line, x: 1, y: top + offset, limit: width - 1)
        }
    }
}
