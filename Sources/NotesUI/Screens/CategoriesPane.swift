import NotesCore

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
            row(swatch: snapshot.colors[category.id], marker: snapshot.marker(for: category.id, in: colorMode), name: category.name,
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
            let text = colorMode == .monochrome ? String(marker ?? "*") + " " : marker.map { String($0) + " " } ?? "  "
            buffer.write(text, x: rect.x + 1, y: y, style: Theme.swatch(swatch), limit: 2)
        }
        let number = String(count)
        let nameWidth = rect.width - 4 - number.count - 2
        buffer.write(DisplayWidth.truncate(name, to: nameWidth), x: rect.x + 4, y: y, style: style, limit: nameWidth)
        buffer.write(number, x: rect.maxX - number.count - 1, y: y, style: style)
    }
}
