import Foundation
import NotesModel
import NotesTerminal

/// The tags screen (`#`): every tag of the live notes with how many notes carry it,
/// narrowed by `/`; its own status line, which holds the `/` and `r` fields.
public enum TagsScreen {
    /// How many rows of tags fit: all but the header and the status line.
    static func listRows(_ size: TerminalSize) -> Int { max(1, size.height - 2) }

    public static func draw(_ browser: TagBrowser, _ state: AppState, _ snapshot: NotesSnapshot,
                            into buffer: inout ScreenBuffer) {
        let width = buffer.size.width
        let tags = browser.entries
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Theme.header)
        // Only the first notes are in (an early start): their tags, more may come.
        var title = " Tags  \(browser.counts.count)" + (snapshot.isEarly ? "+ among the first notes, counting…" : "")
        if !browser.query.isEmpty, browser.filterField == nil { title += "  filter: " + browser.query }
        buffer.write(title, x: 0, y: 0, style: Theme.header, limit: width)
        if tags.isEmpty {
            let text = snapshot.isEarly ? " Counting…" : browser.counts.isEmpty ? " No tags yet. t on a note tags it." : " No tag matches."
            buffer.write(text, x: 0, y: 1, style: Theme.secondary, limit: width)
        }
        let rows = listRows(buffer.size)
        let selectedRow = max(0, min(browser.row, tags.count - 1))
        let scroll = AppState.scroll(browser.scroll, showing: selectedRow, rows: rows, count: tags.count)
        for line in 0..<rows {
            let row = scroll + line
            guard row < tags.count else { break }
            drawRow(tags[row], selected: row == selectedRow, y: 1 + line, width: width, &buffer)
        }
        drawStatus(browser, state, snapshot, y: buffer.size.height - 1, width: width, &buffer)
    }

    private static func drawRow(_ tag: TagCount, selected: Bool, y: Int, width: Int, _ buffer: inout ScreenBuffer) {
        let style = selected ? Theme.selected : CellStyle.plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
        let countText = DisplayWidth.fit(tag.count == 1 ? "1 note" : "\(tag.count) notes", to: 12)
        let nameWidth = max(0, width - 2 - DisplayWidth.of(countText) - 2)
        buffer.write(DisplayWidth.truncate("#" + tag.tag, to: nameWidth), x: 2, y: y, style: style, limit: nameWidth)
        buffer.write(countText, x: width - DisplayWidth.of(countText) - 1, y: y, style: style)
    }

    private static func drawStatus(_ browser: TagBrowser, _ state: AppState, _ snapshot: NotesSnapshot, y: Int, width: Int,
                                   _ buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1))
        if let renaming = browser.renaming {
            renaming.field.draw(label: "Rename #\(renaming.tag) to (an existing tag merges): ", in: &buffer, x: 0, y: y,
                                width: width)
            if let problem = renaming.problem { StatusLine.drawProblem(problem, above: y, into: &buffer) }
        } else if let field = browser.filterField {
            field.draw(label: "/", in: &buffer, x: 0, y: y, width: width)
        } else if let message = state.message {
            StatusLine.drawMessage(message, y: y, into: &buffer)
        } else {
            let keys = KeyHelp.statusKeys(for: state, snapshot, width: width)
            buffer.write(DisplayWidth.truncate(keys, to: width), x: 0, y: y, style: Theme.secondary, limit: width)
        }
    }
}
