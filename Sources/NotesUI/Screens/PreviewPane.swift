import Foundation
import NotesCore

/// The preview of the selected note: title, category and date, tags, then the body,
/// with what the filter's words matched highlighted (`highlights`, folded patterns).
enum PreviewPane {
    static func draw(_ note: Note?, _ snapshot: NotesSnapshot, in rect: Rect, into buffer: inout ScreenBuffer,
                     timeZone: TimeZone, highlights: [[UInt8]] = []) {
        guard let note else { return }
        let x = rect.x + 1, width = rect.width - 2
        HighlightedText.write(DisplayWidth.truncate(note.title, to: width), patterns: highlights, in: &buffer,
                              x: x, y: rect.y, style: Theme.title, limit: width)
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
        for line in TextWrap.lines(note.body, width: width, limit: room) {
            HighlightedText.write(line, patterns: highlights, in: &buffer, x: x, y: y, limit: width)
            y += 1
        }
    }
}
