import Foundation
import NotesCore
import NotesUI

/// A stand-in for the main screen while the UI's render function is not on main:
/// the note list (color strip, title, date, tags) with one selected row, and a
/// status line. Only used for the terminal's bytes-per-move figure, and said so.
struct ListFrame {
    let rows: [Row]
    let categoryColors: [UUID: RGB8]

    struct Row {
        let title: String
        let date: String
        let tags: String
        let categoryID: UUID?
    }

    init(database: NotesDatabase, limit: Int) {
        let notes = database.notes.values.sorted { ($0.updated, $0.id.uuidString) > ($1.updated, $1.id.uuidString) }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        rows = notes.prefix(limit).map {
            Row(title: $0.title, date: formatter.string(from: $0.updated),
                tags: $0.sortedTags.map { "#" + $0 }.joined(separator: " "), categoryID: $0.categoryID)
        }
        var colors: [UUID: RGB8] = [:]
        for category in database.categories.values {
            colors[category.id] = RGB8(red: UInt8(category.color.red * 255), green: UInt8(category.color.green * 255),
                                       blue: UInt8(category.color.blue * 255))
        }
        categoryColors = colors
    }

    /// The screen with row `selected` highlighted.
    func render(size: TerminalSize, selected: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        let listHeight = max(0, size.height - 1)
        for (y, row) in rows.prefix(listHeight).enumerated() {
            let highlighted = y == selected
            let style = CellStyle(reverse: highlighted)
            let strip = CellStyle(background: row.categoryID.flatMap { categoryColors[$0] } ?? RGB8(red: 255, green: 255, blue: 255))
            buffer[0, y] = Cell(text: " ", style: strip)
            var x = 2
            put(&buffer, row.title, x: &x, y: y, limit: size.width - 32, style: style)
            while x < size.width - 30 { buffer[x, y] = Cell(text: " ", style: style); x += 1 }
            put(&buffer, row.date + "  " + row.tags, x: &x, y: y, limit: size.width, style: style)
            while highlighted, x < size.width { buffer[x, y] = Cell(text: " ", style: style); x += 1 }
        }
        var x = 0
        put(&buffer, "j/k move  Enter open  n new  / filter  c categories  ? help  q quit", x: &x, y: size.height - 1,
            limit: size.width, style: CellStyle(dim: true))
        return buffer
    }

    /// Writes `text` from column `x`, a character per cell (wide ones take two), up to `limit`.
    private func put(_ buffer: inout ScreenBuffer, _ text: String, x: inout Int, y: Int, limit: Int, style: CellStyle) {
        for character in text {
            let width = character.unicodeScalars.contains { $0.value >= 0x1100 && isWide($0) } ? 2 : 1
            guard x + width <= limit, x + width <= buffer.size.width else { return }
            buffer[x, y] = Cell(text: String(character), style: style)
            if width == 2 { buffer[x + 1, y] = Cell(text: "", style: style, isContinuation: true) }
            x += width
        }
    }

    /// A rough East Asian Wide test (CJK, Hangul, emoji); good enough for a stand-in frame.
    private func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
