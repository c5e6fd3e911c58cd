import NotesTerminal

/// Draws a `Chooser` as a box over the screen: its title, the narrowing field, then
/// the rows (a color swatch and the name), the highlighted one reversed.
public enum ChooserView {
    public static let preferredWidth = 44

    /// Draws `chooser` centered in `area` (the screen above the status line).
    public static func draw(_ chooser: Chooser, into buffer: inout ScreenBuffer, area: Rect) {
        let box = self.box(chooser, area: area)
        guard box.width >= 8, box.height >= 4 else { return }
        buffer.box(box, title: chooser.title, style: Theme.border)
        let inner = box.width - 4
        let list = Rect(x: box.x + 2, y: box.y + 2, width: inner, height: box.height - 3)
        let rows = pageSize(of: box)
        let first = max(0, chooser.row - rows + 1)
        if chooser.visibleItems.isEmpty {
            buffer.write("no match", x: list.x, y: list.y, style: Theme.secondary, limit: inner)
        }
        for (offset, item) in chooser.visibleItems.dropFirst(first).prefix(rows).enumerated() {
            drawRow(item, highlighted: first + offset == chooser.row, into: &buffer, x: list.x, y: list.y + offset,
                    width: inner)
        }
        // Last, so the terminal's cursor ends up in the field.
        chooser.field.draw(label: "› ", in: &buffer, x: box.x + 2, y: box.y + 1, width: inner)
    }

    /// How many rows the list shows in a box (what PgUp/PgDn move by).
    static func pageSize(of box: Rect) -> Int { max(1, box.height - 3) }

    /// The page size for a chooser drawn in `area`.
    public static func pageSize(_ chooser: Chooser, area: Rect) -> Int {
        pageSize(of: box(chooser, area: area))
    }

    /// The box: room for every row (so it keeps its size while the rows narrow), the
    /// field and a blank line, within `area`.
    static func box(_ chooser: Chooser, area: Rect) -> Rect {
        area.centered(width: min(preferredWidth, area.width), height: min(max(1, chooser.items.count) + 4, area.height))
    }

    private static func drawRow(_ item: ChooserItem, highlighted: Bool, into buffer: inout ScreenBuffer,
                                x: Int, y: Int, width: Int) {
        if let swatch = item.swatch {
            let style = CellStyle(background: swatch)
            buffer.put(Cell(text: " ", style: style), at: x, y: y)
            buffer.put(Cell(text: " ", style: style), at: x + 1, y: y)
        }
        let style = highlighted ? Theme.selected : CellStyle.plain
        buffer.fill(Rect(x: x + 3, y: y, width: width - 3, height: 1), style: style)
        buffer.write(DisplayWidth.truncate(item.title, to: width - 4), x: x + 3, y: y, style: style, limit: width - 3)
    }
}
