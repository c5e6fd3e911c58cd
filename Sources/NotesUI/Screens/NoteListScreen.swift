import Foundation
import NotesTerminal

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
            PreviewPane.draw(state.previewNote(in: snapshot), snapshot, in: preview, into: &buffer, timeZone: timeZone,
                             highlights: state.filter.search.textPatterns, colors: state.settings.markdownColors,
                             asciiMarkers: state.asciiMarkers)
        }
    }

    static func drawHeader(_ state: AppState, _ snapshot: NotesSnapshot, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: Theme.header)
        let shown = state.filter.count(in: snapshot.index), total = snapshot.noteCount
        var text = " notes  " + (state.filter.isActive ? "\(shown) of \(total)" : "\(total)") + (total == 1 ? " note" : " notes")
        // Still searching, or only the first notes are in: the rows shown are right, more may come.
        if state.filter.isCounting || snapshot.isEarly && state.filter.isActive {
            text = " notes  \(shown)+ of \(total) notes, counting…"
        }
        if let category = state.filter.categoryID, let name = snapshot.database.categories[category]?.name {
            text += "  in " + name
        } else if state.filter.scope == .uncategorized {
            text += "  in no category"
        }
        // The query as typed: its own quotes (`"plan garden"`) are part of it.
        if !state.filter.query.isEmpty { text += "  matching " + state.filter.query }
        buffer.write(DisplayWidth.truncate(text, to: rect.width), x: rect.x, y: rect.y, style: Theme.header, limit: rect.width)
    }

    static func drawList(_ state: AppState, _ snapshot: NotesSnapshot, _ rect: Rect, _ buffer: inout ScreenBuffer,
                         _ colorMode: ColorMode, _ timeZone: TimeZone) {
        let count = state.filter.count(in: snapshot.index)
        guard count > 0 else {
            let text = emptyListText(state, snapshot)
            buffer.write(DisplayWidth.truncate(text, to: rect.width - 2), x: rect.x + 1, y: rect.y,
                         style: Theme.secondary, limit: rect.width - 1)
            return
        }
        let scroll = AppState.scroll(state.noteScroll, showing: state.noteRow, rows: rect.height, count: count)
        let highlights = state.filter.search.textPatterns, tagPrefixes = state.filter.search.tagPrefixes
        for line in 0..<rect.height {
            let row = scroll + line
            guard row < count else { break }
            let note = snapshot.index.note(at: state.filter.position(ofRow: row))
            let category = note.categoryID
            var date = DateText.day(note.updated, in: timeZone)
            if let progress = ChecklistProgress.text(of: note) { date = progress + " · " + date }
            if !note.attachments.isEmpty {
                date = ReadAttachments.marker(count: note.attachments.count, ascii: state.asciiMarkers) + " · " + date
            }
            let view = NoteRowView(title: note.title, date: date,
                                   tags: note.sortedTags, color: category.flatMap { snapshot.colors[$0] },
                                   marker: category.flatMap { snapshot.marker(for: $0, in: colorMode) }, isSelected: row == state.noteRow,
                                   isPinned: note.pinned, highlights: highlights, tagPrefixes: tagPrefixes, kind: note.kind)
            view.draw(into: &buffer, x: rect.x, y: rect.y + line, width: rect.width, colorMode: colorMode)
        }
    }

    /// What an empty list says: why it is empty and what to press.
    static func emptyListText(_ state: AppState, _ snapshot: NotesSnapshot) -> String {
        if snapshot.noteCount == 0 { return "No notes yet. Press n to write one." }
        // Only the first notes are in: the notes that match may come with the rest.
        if snapshot.isEarly { return "Searching…" }
        guard state.filter.query.isEmpty else { return state.filter.isCounting ? "Searching…" : "No notes match." }
        switch state.filter.scope {
        case .all: return "No notes yet. Press n to write one."
        case .uncategorized: return "Every note is in a category. Esc shows all notes."
        case .category(let id):
            let name = snapshot.database.categories[id]?.name ?? ""
            return "No notes in \(name) yet. Press n to write one here, Esc shows all notes."
        }
    }

    static func separator(x: Int, from y: Int, height: Int, _ buffer: inout ScreenBuffer) {
        for row in y..<y + height { buffer.put(Cell(text: "│", style: Theme.secondary), at: x, y: row) }
    }
}
