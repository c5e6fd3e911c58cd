import NotesModel
import NotesTerminal

/// Draws `QuickOpen` as a box over the screen: the field, then the titles with the
/// characters the query matched highlighted, the highlighted row reversed.
public enum QuickOpenView {
    public static let preferredWidth = 64

    /// Draws `quickOpen` centered in `area` (the screen above the status line).
    public static func draw(_ quickOpen: QuickOpen, into buffer: inout ScreenBuffer, area: Rect) {
        let box = self.box(area)
        guard box.width >= 8, box.height >= 4 else { return }
        buffer.box(box, title: "Open a note", style: Theme.border)
        let inner = box.width - 4
        let rows = pageSize(area)
        let first = max(0, quickOpen.row - rows + 1)
        let top = box.y + 2
        if quickOpen.rows.isEmpty {
            let text = quickOpen.isCounting ? "no match among the recent notes" : "no match"
            buffer.write(text, x: box.x + 2, y: top, style: Theme.secondary, limit: inner)
        }
        if quickOpen.isCounting {
            let status = " " + countingText + " "
            buffer.write(status, x: box.x + max(1, box.width - 1 - DisplayWidth.of(status)), y: box.y + box.height - 1,
                         style: Theme.secondary, limit: box.width - 2)
        }
        var matcher = FuzzyMatcher(query: quickOpen.field.text)
        for (offset, row) in quickOpen.rows.dropFirst(first).prefix(rows).enumerated() {
            let style = first + offset == quickOpen.row ? Theme.selected : CellStyle.plain
            buffer.fill(Rect(x: box.x + 2, y: top + offset, width: inner, height: 1), style: style)
            let title = DisplayWidth.truncate(row.title, to: inner)
            HighlightedText.write(title, ranges: matcher.matchedCharacters(in: row.title), in: &buffer,
                                  x: box.x + 2, y: top + offset, style: style, limit: inner)
        }
        // Last, so the terminal's cursor ends up in the field.
        quickOpen.field.draw(label: "› ", in: &buffer, x: box.x + 2, y: box.y + 1, width: inner)
    }

    /// What the box's lower border says while only the most recent notes are ranked.
    public static let countingText = "still counting…"

    /// How many rows the list shows in `area` (what PgUp/PgDn move by).
    public static func pageSize(_ area: Rect) -> Int { max(1, box(area).height - 3) }

    /// The box: as tall as the area allows up to the rows ranked, the field and a blank line.
    static func box(_ area: Rect) -> Rect {
        area.centered(width: min(preferredWidth, area.width), height: min(QuickOpen.limit + 4, area.height))
    }
}
