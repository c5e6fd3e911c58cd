/// The `?` help: every key of every screen, in a box over the current screen. When the
/// screen is too short for one column (an 80×24 terminal), the keys flow into more columns.
public enum HelpOverlay {
    /// Columns of the key name: wide in one column, narrower when two must fit in 80.
    static let singleColumnKeyWidth = 15
    static let multiColumnKeyWidth = 13
    static let columnWidth = 38

    public static func draw(into buffer: inout ScreenBuffer) {
        let area = Rect(x: 0, y: 0, width: buffer.size.width, height: buffer.size.height - 1)
        let rowsAvailable = max(1, area.height - 3)
        var columns = layout(keyWidth: singleColumnKeyWidth, rows: rowsAvailable)
        if columns.count > 1 { columns = layout(keyWidth: multiColumnKeyWidth, rows: rowsAvailable) }
        let rows = columns.map(\.count).max() ?? 0
        let width = columns.count == 1 ? 50 : columns.count * columnWidth + 4
        let box = area.centered(width: width, height: rows + 3)
        buffer.box(box, title: "Keys", style: Theme.border)
        let inner = box.width - 4
        let limit = columns.count == 1 ? inner : columnWidth - 1
        for (column, lines) in columns.enumerated() {
            let x = box.x + 2 + column * columnWidth
            guard x < box.maxX - 2 else { break }
            for (row, line) in lines.prefix(box.height - 3).enumerated() {
                buffer.write(line.0, x: x, y: box.y + 1 + row, style: line.1, limit: min(limit, box.maxX - 2 - x))
            }
        }
        buffer.write("any key closes", x: box.x + 2, y: box.maxY - 2, style: Theme.secondary, limit: inner)
    }

    /// The sections in columns of at most `rows` lines, a section never split unless it
    /// alone is taller than a column; a blank line between sections in one column.
    static func layout(keyWidth: Int, rows: Int) -> [[(String, CellStyle)]] {
        var columns: [[(String, CellStyle)]] = [[]]
        for section in KeyHelp.sections {
            let lines = lines(of: section, keyWidth: keyWidth)
            let current = columns[columns.count - 1]
            if !current.isEmpty, current.count + 1 + lines.count > rows {
                columns.append(lines)
            } else {
                columns[columns.count - 1] += (current.isEmpty ? [] : [("", .plain)]) + lines
            }
        }
        return columns
    }

    /// A section's title, then its keys.
    static func lines(of section: KeyHelp.Section, keyWidth: Int) -> [(String, CellStyle)] {
        [(section.title, Theme.title)] + section.keys.map { entry in
            ("  " + DisplayWidth.fit(entry.key, to: keyWidth) + " " + entry.action, CellStyle.plain)
        }
    }
}
