import Foundation
import NotesCore

/// The main screen: header, categories pane, note list with color strips, preview.
/// Draws only the visible rows, so its cost does not grow with the number of notes.
public enum NoteListScreen {
    public static func draw(_ state: AppState, _ snapshot: NotesSnapshot, into buffer: inout ScreenBuffer,
                            colorMode: ColorMode, timeZone: TimeZone) {
        let layout = Layout.main(buffer.size, preview: state.showsPreview)
        drawHeader(state, snapshot, layout.header, &buffer)
        if let pane = layout.categories {
            CategoriesPane.draw(state, snapshot, in: pane, into: &buffer, colorMode: colorMode)
            separator(x: pane.maxX, from: pane.y, height: pane.height, &buffer)
        }
        drawList(state, snapshot, layout.list, &buffer, colorMode, timeZone)
        if let preview = layout.preview {
            separator(x: preview.x - 1, from: preview.y, height: preview.height, &buffer)
            PreviewPane.draw(state.selectedNote(in: snapshot), snapshot, in: preview, into: &buffer, timeZone: timeZone)
        }
    }

    static func drawHeader(_ state: AppState, _ snapshot: NotesSnapshot, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: Theme.header)
        let shown = state.filter.count(in: snapshot.index), total = snapshot.index.count
        var text = " notes  " + (state.filter.isActive ? "\(shown) of \(total)" : "\(total)") + (total == 1 ? " note" : " notes")
        if let category = state.filter.categoryID, let name = snapshot.database.categories[category]?.name {
            text += "  in " + name
        }
        if !state.filter.query.isEmpty { text += "  matching \"" + state.filter.query + "\"" }
        buffer.write(DisplayWidth.truncate(text, to: rect.width), x: rect.x, y: rect.y, style: Theme.header, limit: rect.width)
    }

    static func drawList(_ state: AppState, _ snapshot: NotesSnapshot, _ rect: Rect, _ buffer: inout ScreenBuffer,
                         _ colorMode: ColorMode, _ timeZone: TimeZone) {
        let count = state.filter.count(in: snapshot.index)
        guard count > 0 else {
            let text = snapshot.index.count == 0 ? "No notes yet. Press n to write one." : "No notes match."
            buffer.write(DisplayWidth.truncate(text, to: rect.width - 2), x: rect.x + 1, y: rect.y,
                         style: Theme.secondary, limit: rect.width - 1)
            return
        }
        let scroll = AppState.scroll(state.noteScroll, showing: state.noteRow, rows: rect.height, count: count)
        for line in 0..<rect.height {
            let row = scroll + line
            guard row < count else { break }
            let note = snapshot.index.note(at: state.filter.position(ofRow: row))
            let category = note.categoryID
            let view = NoteRowView(title: note.title, date: DateText.day(note.updated, in: timeZone),
                                   tags: note.sortedTags, color: category.flatMap { snapshot.colors[$0] },
                                   marker: category.flatMap { snapshot.markers[$0] }, isSelected: row == state.noteRow)
            view.draw(into: &buffer, x: rect.x, y: rect.y + line, width: rect.width, colorMode: colorMode)
        }
    }

    static func separator(x: Int, from y: Int, height: Int, _ buffer: inout ScreenBuffer) {
        for row in y..<y + height { buffer.put(Cell(text: "│", style: Theme.secondary), at: x, y: row) }
    }
}

/// The categories pane of the main screen: swatch, name and note count of each.
enum CategoriesPane {
    static func draw(_ state: AppState, _ snapshot: NotesSnapshot, in rect: Rect, into buffer: inout ScreenBuffer,
                     colorMode: ColorMode) {
        buffer.write(" Categories", x: rect.x, y: rect.y, style: Theme.title, limit: rect.width)
        var y = rect.y + 1
        row(swatch: nil, marker: nil, name: "All notes", count: snapshot.index.count,
            isActive: state.filter.categoryID == nil, y: y, rect, &buffer, colorMode)
        y += 1
        for category in snapshot.categories {
            guard y < rect.maxY else { break }
            row(swatch: snapshot.colors[category.id], marker: snapshot.markers[category.id], name: category.name,
                count: snapshot.noteCount(in: category.id), isActive: state.filter.categoryID == category.id,
                y: y, rect, &buffer, colorMode)
            y += 1
        }
    }

    private static func row(swatch: RGB8?, marker: Character?, name: String, count: Int, isActive: Bool, y: Int,
                            _ rect: Rect, _ buffer: inout ScreenBuffer, _ colorMode: ColorMode) {
        let style = isActive ? Theme.selected : CellStyle.plain
        buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style)
        if let swatch {
            let text = colorMode == .monochrome ? String(marker ?? "*") + " " : "  "
            buffer.write(text, x: rect.x + 1, y: y, style: Theme.swatch(swatch), limit: 2)
        }
        let number = String(count)
        let nameWidth = rect.width - 4 - number.count - 2
        buffer.write(DisplayWidth.truncate(name, to: nameWidth), x: rect.x + 4, y: y, style: style, limit: nameWidth)
        buffer.write(number, x: rect.maxX - number.count - 1, y: y, style: style)
    }
}

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
        for line in TextWrap.lines(note.body, width: width, limit: room) {
            buffer.write(line, x: x, y: y, limit: width)
            y += 1
        }
    }
}
