import NotesColor
import NotesTerminal

/// The categories pane of the main screen: "All notes", "Uncategorized" (while some
/// notes are in no category), then the swatch, name and note count of each category.
/// When they do not all fit, it scrolls to keep the active category in view and says how
/// many more there are above (`▲ 3 more`) and below (`▼ 40 more`).
enum CategoriesPane {
    /// The scopes the pane lists, in order: what its moves go through.
    static func scopes(_ snapshot: NotesSnapshot) -> [NoteFilter.Scope] {
        [.all] + (snapshot.uncategorizedCount > 0 ? [.uncategorized] : [])
            + snapshot.categories.map { .category($0.id) }
    }

    /// The scope drawn on line `y` of the pane in `rect`, if a row of one is there (what a click selects).
    static func scope(atY y: Int, _ state: AppState, _ snapshot: NotesSnapshot, in rect: Rect) -> NoteFilter.Scope? {
        let heads = scopes(snapshot).prefix { if case .category = $0 { false } else { true } }
        let line = y - rect.y - 1
        if line >= 0, line < heads.count { return heads[line] }
        let active = state.filter.categoryID.flatMap { id in snapshot.categories.firstIndex { $0.id == id } }
        let shown = window(count: snapshot.categories.count, active: active, room: rect.maxY - rect.y - 1 - heads.count)
        let index = line - heads.count - (shown.above > 0 ? 1 : 0) + shown.rows.lowerBound
        guard shown.rows.contains(index), line >= heads.count + (shown.above > 0 ? 1 : 0) else { return nil }
        return .category(snapshot.categories[index].id)
    }

    static func draw(_ state: AppState, _ snapshot: NotesSnapshot, in rect: Rect, into buffer: inout ScreenBuffer,
                     colorMode: ColorMode) {
        // With the focus (Tab, h), the title says so and the active row is marked.
        let focused = KeyHelp.showsCategoryPaneFocus(state)
        buffer.write(focused ? "▶Categories" : " Categories", x: rect.x, y: rect.y, style: Theme.title, limit: rect.width)
        var y = rect.y + 1
        row(swatch: nil, marker: nil, name: "All notes", count: snapshot.noteCount,
            isActive: state.filter.scope == .all, y: y, rect, &buffer, colorMode)
        y += 1
        let uncategorized = snapshot.uncategorizedCount
        if uncategorized > 0, y < rect.maxY {
            row(swatch: nil, marker: nil, name: "Uncategorized", count: uncategorized,
                isActive: state.filter.scope == .uncategorized, y: y, rect, &buffer, colorMode)
            y += 1
        }
        let active = state.filter.categoryID.flatMap { id in snapshot.categories.firstIndex { $0.id == id } }
        let shown = window(count: snapshot.categories.count, active: active, room: rect.maxY - y)
        if shown.above > 0 {
            buffer.write(" ▲ \(shown.above) more", x: rect.x, y: y, style: Theme.secondary, limit: rect.width)
            y += 1
        }
        for category in snapshot.categories[shown.rows] {
            row(swatch: snapshot.colors[category.id], marker: snapshot.marker(for: category.id, in: colorMode), name: category.name,
                count: snapshot.noteCount(in: category.id), isActive: state.filter.categoryID == category.id,
                y: y, rect, &buffer, colorMode)
            y += 1
        }
        if shown.below > 0 {
            buffer.write(" ▼ \(shown.below) more", x: rect.x, y: y, style: Theme.secondary, limit: rect.width)
        }
    }

    /// Which of `count` categories fit in `room` lines, the `active` one among them, and
    /// how many are left out above and below (each such count takes a line).
    static func window(count: Int, active: Int?, room: Int) -> (rows: Range<Int>, above: Int, below: Int) {
        guard room > 0 else { return (0..<0, 0, 0) }
        guard count > room else { return (0..<count, 0, 0) }
        guard room >= 3 else {
            let first = min(max(0, (active ?? 0) - room + 1), count - room)
            return (first..<first + room, 0, 0)
        }
        let active = active ?? 0
        // From the top: all but the last line, which says how many more are below.
        if active < room - 1 { return (0..<room - 1, 0, count - room + 1) }
        // At the end: all but the first line, which says how many are above.
        if active >= count - (room - 1) { return (count - room + 1..<count, count - room + 1, 0) }
        // In between: the active category on the last row, a line of "more" each side.
        let first = active - (room - 2) + 1
        return (first..<active + 1, first, count - active - 1)
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
