import NotesMarkdown
import NotesTerminal

/// Draws rendered Markdown lines (see `MarkdownTheme`), the item in focus in reverse: a
/// task's box, or a link's text.
enum RenderedLines {
    static func draw(_ rendering: MarkdownRendering, from top: Int, rows: Int, focused: ReadItem?,
                     into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let start = min(max(top, 0), rendering.lines.count)
        var taskLine: Int?
        var linkSpots: [ReadLink.Spot] = []
        switch focused {
        case .task(let index)?: taskLine = index < rendering.tasks.count ? rendering.tasks[index].line : nil
        case .link(let link)?: linkSpots = link.spots
        case nil: break
        }
        for (row, index) in (start..<min(start + rows, rendering.lines.count)).enumerated() {
            var column = 0
            for (runIndex, run) in rendering.lines[index].runs.enumerated() where column < width {
                var style = MarkdownTheme.style(run.styles)
                if index == taskLine, run.styles.contains(where: isTaskBox) { style.reverse = true }
                if linkSpots.contains(ReadLink.Spot(line: index, run: runIndex)) { style.reverse = true }
                column += buffer.write(run.text, x: x + column, y: y + row, style: style, limit: width - column)
            }
        }
    }

    private static func isTaskBox(_ style: MarkdownStyle) -> Bool {
        if case .taskBox = style { return true }
        return false
    }
}
