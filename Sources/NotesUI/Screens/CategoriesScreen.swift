import NotesModel
import NotesTerminal

/// The categories screen: "All notes" and "Uncategorized" at the top, then every
/// category with its swatch, name, hex color and note count; the color picker opens over it.
public enum CategoriesScreen {
    public static func draw(_ state: AppState, _ snapshot: NotesSnapshot, into buffer: inout ScreenBuffer,
                            colorMode: ColorMode) {
        let layout = Layout.categoriesScreen(buffer.size)
        buffer.fill(layout.header, style: Theme.header)
        let count = snapshot.categories.count
        buffer.write(" Categories  \(count)", x: 0, y: 0, style: Theme.header, limit: layout.header.width)
        let rect = layout.list
        let rows = count + AppState.categoryListHeads
        let scroll = AppState.scroll(state.categoryScroll, showing: state.categoryRow, rows: rect.height, count: rows)
        for line in 0..<rect.height {
            let row = scroll + line
            guard row < rows else { break }
            let y = rect.y + line, selected = row == state.categoryRow
            switch row {
            case 0: drawHead("All notes", count: snapshot.noteCount, selected: selected, y: y, width: rect.width, &buffer)
            case 1: drawHead("Uncategorized", count: snapshot.uncategorizedCount, selected: selected, y: y,
                             width: rect.width, &buffer)
            default:
                drawRow(snapshot.categories[row - AppState.categoryListHeads], snapshot, selected: selected,
                        y: y, width: rect.width, &buffer, colorMode)
            }
        }
        if count == 0, rect.height > 3 {
            buffer.write(" No categories yet. Press a to add one.", x: rect.x, y: rect.y + 3, style: Theme.secondary,
                         limit: rect.width)
        }
        if let session = state.picker {
            let name = snapshot.database.categories[session.categoryID]?.name ?? ""
            ColorPickerView.draw(session.picker, title: "Color of " + name, sampleTitle: "A note in " + name,
                                 in: rect, buffer: &buffer, colorMode: colorMode)
        }
    }

    /// "All notes" or "Uncategorized": a name and a count, no swatch or color.
    private static func drawHead(_ name: String, count: Int, selected: Bool, y: Int, width: Int,
                                 _ buffer: inout ScreenBuffer) {
        let style = selected ? Theme.selected : CellStyle.plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
        let countText = DisplayWidth.fit(count == 1 ? "1 note" : "\(count) notes", to: 10)
        let nameWidth = max(0, width - 4 - DisplayWidth.of(countText) - 2)
        buffer.write(DisplayWidth.truncate(name, to: nameWidth), x: 4, y: y, style: style, limit: nameWidth)
        buffer.write(countText, x: width - DisplayWidth.of(countText) - 1, y: y, style: style)
    }

    private static func drawRow(_ category: Category, _ snapshot: NotesSnapshot, selected: Bool, y: Int, width: Int,
                                _ buffer: inout ScreenBuffer, _ colorMode: ColorMode) {
        let style = selected ? Theme.selected : CellStyle.plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
        let color = snapshot.colors[category.id] ?? Contrast.white
        let swatchText = snapshot.marker(for: category.id, in: colorMode).map { String($0) + " " } ?? "  "
        buffer.write(swatchText, x: 1, y: y, style: Theme.swatch(color), limit: 2)
        let notes = snapshot.noteCount(in: category.id)
        let countText = notes == 1 ? "1 note" : "\(notes) notes"
        let tail = category.color.hex + "  " + DisplayWidth.fit(countText, to: 10)
        let nameWidth = max(0, width - 4 - DisplayWidth.of(tail) - 2)
        buffer.write(DisplayWidth.truncate(category.name, to: nameWidth), x: 4, y: y, style: style, limit: nameWidth)
        buffer.write(tail, x: 4 + nameWidth + 1, y: y, style: style, limit: width - nameWidth - 5)
    }
}
