import Foundation
import NotesModel
import NotesTerminal

/// The trash (`T`): the notes moved to the trash, most recently deleted first, with
/// when, their category (marked when it was deleted too) and title; its own status line.
public enum TrashScreen {
    /// How many rows of notes fit: all but the header and the status line.
    static func listRows(_ size: TerminalSize) -> Int { max(1, size.height - 2) }

    public static func draw(_ browser: TrashBrowser, _ state: AppState, _ snapshot: NotesSnapshot,
                            into buffer: inout ScreenBuffer, timeZone: TimeZone) {
        let width = buffer.size.width
        let notes = browser.entries(in: snapshot.database)
        let header = Rect(x: 0, y: 0, width: width, height: 1)
        buffer.fill(header, style: Theme.header)
        // Only the first notes are in (an early start): the trash comes with the whole store.
        var title = snapshot.isEarly ? " Trash  loading…" : " Trash  \(snapshot.database.trash.count)"
        if !browser.query.isEmpty, browser.filterField == nil { title += "  filter: " + browser.query }
        buffer.write(title, x: 0, y: 0, style: Theme.header, limit: width)
        let rows = listRows(buffer.size)
        if notes.isEmpty {
            let text = snapshot.isEarly ? " Loading the trash…"
                : snapshot.database.trash.isEmpty ? " The trash is empty. d on a note moves it here." : " No note in the trash matches."
            buffer.write(text, x: 0, y: 1, style: Theme.secondary, limit: width)
        }
        // The list may have shrunk since the last key (a restore, another process): keep the row in it.
        let selectedRow = max(0, min(browser.row, notes.count - 1))
        let scroll = AppState.scroll(browser.scroll, showing: selectedRow, rows: rows, count: notes.count)
        for line in 0..<rows {
            let row = scroll + line
            guard row < notes.count else { break }
            drawRow(notes[row], snapshot, selected: row == selectedRow, y: 1 + line, width: width, &buffer, timeZone)
        }
        drawStatus(browser, state, snapshot, y: buffer.size.height - 1, width: width, &buffer)
    }

    private static func drawRow(_ note: Note, _ snapshot: NotesSnapshot, selected: Bool, y: Int, width: Int,
                                _ buffer: inout ScreenBuffer, _ timeZone: TimeZone) {
        let style = selected ? Theme.selected : CellStyle.plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
        let date = DateText.day(note.deleted ?? note.updated, in: timeZone)
        var category = TrashBrowser.categoryName(of: note, in: snapshot.database) ?? "-"
        if let id = note.categoryID, snapshot.database.categories[id] == nil { category += " (deleted)" }
        let categoryText = DisplayWidth.fit(DisplayWidth.truncate(category, to: 20), to: 20)
        let prefix = " " + date + "  " + categoryText + "  "
        let used = buffer.write(prefix, x: 0, y: y, style: style, limit: width)
        buffer.write(DisplayWidth.truncate(note.title, to: max(0, width - used)), x: used, y: y, style: style,
                     limit: max(0, width - used))
    }

    private static func drawStatus(_ browser: TrashBrowser, _ state: AppState, _ snapshot: NotesSnapshot, y: Int, width: Int,
                                   _ buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1))
        if let field = browser.filterField {
            field.draw(label: "/", in: &buffer, x: 0, y: y, width: width)
        } else if let id = browser.confirmingPurge {
            let note = snapshot.database.trash[id]
            let files = note?.attachments.count ?? 0
            // Undo brings a note deleted for good back with its files (held aside until no undo can reach it).
            let attachments = files == 0 ? "" : " and its \(files) \(files == 1 ? "attachment" : "attachments")"
            buffer.write(DisplayWidth.truncate("Delete \"\(note?.title ?? "")\"\(attachments) for good? (y/n)", to: width),
                         x: 0, y: y, style: Theme.message, limit: width)
        } else if let message = state.message {
            StatusLine.drawMessage(message, y: y, into: &buffer)
        } else {
            let keys = KeyHelp.statusKeys(for: state, snapshot, width: width)
            buffer.write(DisplayWidth.truncate(keys, to: width), x: 0, y: y, style: Theme.secondary, limit: width)
        }
    }
}
