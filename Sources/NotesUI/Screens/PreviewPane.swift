import Foundation
import NotesCore

/// The preview of the selected note: title, category and date, tags, then the body.
enum PreviewPane {
    static func draw(_ note: Note?, _ snapshot: NotesSnapshot, in rect: Rect, into buffer: inout ScreenBuffer,
                     timeZone: TimeZone) {
        guard let note else { return }
        let x = rect.x + 1, width = rect.width - 2
        buffer.write(DisplayWidth.truncate(note.title, to: width), x: x, y: rect.y, style: Theme.title, limit: width)
        var details = DateText.day(note.updated, in: timeZone)
        if let id = note.categoryID, let name = snapshot.database.categories[id]?.name { details = name + " · " + details }
        buffer.write(DisplayWidth.truncate(details, to: width), x: x, y: rect.y + 1, style: Theme.secondary, limit: width)
        var y = rect.y + 2
        if !note.tags.isEmpty {
            let tags = note.sortedTags.map { "#" + $0 }.joined(separator: " ")
            buffer.write(DisplayWidth.truncate(tags, to: width), x: x, y: y, style: Theme.secondary, limit: width)
            y += 1
        }
        y += 1
        let room = rect.maxY - y
        for line in TextWrap.lines(shownStart(of: note, rows: room, width: width), width: width, limit: room) {
            buffer.write(line, x: x, y: y, limit: width)
            y += 1
        }
    }

    /// The start of the body, long enough to fill `rows` lines of `width` columns (a column
    /// takes at most a few bytes; generously, 16): a preview of a 200 MB note decodes
    /// and wraps only what it shows.
    static func shownStart(of note: Note, rows: Int, width: Int) -> String {
        let room = max(4096, max(rows, 0) * (width + 1) * 16)
        guard note.bodyUTF8CountBound > room else { return note.body }
        return note.withBodyUTF8 { bytes in String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(room)), as: UTF8.self) }
    }
}
