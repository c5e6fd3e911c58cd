import Foundation
import NotesModel
import NotesTerminal

/// The read view's header: the title, then the details (pinned, kind or checklist progress,
/// category, dates, tags), each wrapped to the width so that a long title or many tags can be read
/// whole (at most `maximumLines` lines each, the last cut with `…` beyond), then a blank
/// line. `update` (page sizes, clicks) and `render` both ask it where the body starts.
struct ReadHeader {
    static let maximumLines = 3

    var title: [String]
    var details: [String]

    /// The rows it takes, the blank line after it included: the body's first row.
    var height: Int { title.count + details.count + 1 }

    /// The header of `note` at `width` columns. Dates are `yyyy-MM-dd` in any zone, so
    /// `timeZone` changes no line's length, only its text.
    init(_ note: Note, _ snapshot: NotesSnapshot, width: Int, timeZone: TimeZone = .current, asciiMarkers: Bool = false) {
        var items: [Item] = []
        if note.pinned { items.append(Item("pinned")) }
        // A journal or reference note says so; a checklist shows its progress instead, once it has a task.
        if note.kind != .note { items.append(Item(ChecklistProgress.text(of: note) ?? note.kind.name)) }
        if let id = note.categoryID, let name = snapshot.database.categories[id]?.name { items.append(Item(name)) }
        // A date stays with its label where the line wraps.
        items.append(Item("updated" + Self.keep + DateText.day(note.updated, in: timeZone)))
        items.append(Item("created" + Self.keep + DateText.day(note.created, in: timeZone)))
        // Tags are items of their own, apart by a blank: a line breaks between two tags, never
        // at the blank inside one (`#veg patch` would read as two tags).
        for (index, tag) in note.sortedTags.enumerated() {
            items.append(Item("#" + tag.replacingOccurrences(of: " ", with: Self.keep), separator: index == 0 ? " · " : " "))
        }
        if !note.attachments.isEmpty { items.append(Item(ReadAttachments.marker(count: note.attachments.count, ascii: asciiMarkers))) }
        title = Self.wrapped(note.title, width: width - 2)
        self.details = Self.wrapped(items: items, width: width - 2).map { $0.replacingOccurrences(of: Self.keep, with: " ") }
    }

    /// One detail and what joins it to the one before on a line.
    private struct Item {
        let text: String
        let separator: String

        init(_ text: String, separator: String = " · ") {
            self.text = text
            self.separator = separator
        }
    }

    /// The blank inside a tag or between a label and its date while the details are wrapped
    /// (a no-break space: one column).
    private static let keep = "\u{00A0}"

    /// `text` on at most `maximumLines` lines of `width` columns (at least one line).
    private static func wrapped(_ text: String, width: Int) -> [String] {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        return cut(TextWrap.lines(flat, width: max(1, width), limit: maximumLines + 1), width: width)
    }

    /// `items` each joined to the one before by its separator (` · `, or a blank between
    /// tags), a line broken between items where one does not fit (no separator then starts
    /// or ends a line); an item wider than a line is wrapped on its own.
    private static func wrapped(items: [Item], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items where lines.count <= maximumLines {
            let flat = item.text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            let joined = line.isEmpty ? flat : line + item.separator + flat
            if DisplayWidth.of(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var parts = TextWrap.lines(flat, width: max(1, width), limit: maximumLines + 1)
            line = parts.popLast() ?? ""
            lines += parts
        }
        if !line.isEmpty { lines.append(line) }
        return cut(lines, width: width)
    }

    /// At most `maximumLines` of `lines` (at least one), the last cut with `…` when some are left out.
    private static func cut(_ wrapped: [String], width: Int) -> [String] {
        var lines = wrapped
        if lines.isEmpty { return [""] }
        if lines.count > maximumLines {
            lines = Array(lines.prefix(maximumLines))
            let cut = DisplayWidth.truncate(lines[maximumLines - 1], to: max(1, width - 1))
            lines[maximumLines - 1] = cut.hasSuffix("…") ? cut : cut + "…"
        }
        return lines
    }

    /// Draws the header from the top of `buffer`.
    func draw(into buffer: inout ScreenBuffer) {
        let width = buffer.size.width
        for (row, line) in title.enumerated() {
            buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: Theme.header)
            buffer.write(" " + line, x: 0, y: row, style: Theme.header, limit: width)
        }
        for (offset, line) in details.enumerated() {
            buffer.write(" " + line, x: 0, y: title.count + offset, style: Theme.secondary, limit: width)
        }
    }
}
