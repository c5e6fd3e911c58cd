import NotesMarkdown
import NotesModel
import NotesTerminal

/// Draws rendered Markdown lines (see `MarkdownTheme`), the selected task's box in reverse.
enum RenderedLines {
    static func draw(_ rendering: MarkdownRendering, from top: Int, rows: Int, selectedTask: Int?,
                     colors: MarkdownColors = MarkdownColors(), into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let start = min(max(top, 0), rendering.lines.count)
        let selectedLine = selectedTask.flatMap { $0 < rendering.tasks.count ? rendering.tasks[$0].line : nil }
        for (row, index) in (start..<min(start + rows, rendering.lines.count)).enumerated() {
            var column = 0
            for run in rendering.lines[index].runs where column < width {
                var style = MarkdownTheme.style(run.styles, colors: colors)
                if index == selectedLine, run.styles.contains(where: isTaskBox) { style.reverse = true }
                column += buffer.write(run.text, x: x + column, y: y + row, style: style, limit: width - column)
            }
        }
    }

    /// Marks a search's matches on the rendered lines `top..<top + rows` drawn at `x`, `y`
    /// (bold and underlined, as in the raw view), the `current` one in reverse as well.
    static func highlight(_ rendering: MarkdownRendering, from top: Int, rows: Int, patterns: [[UInt8]],
                          current: ReadSearch.Match?, into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        guard !patterns.isEmpty else { return }
        let start = min(max(top, 0), rendering.lines.count)
        for (row, index) in (start..<min(start + rows, rendering.lines.count)).enumerated() {
            let text = rendering.lines[index].text
            for range in SearchHighlight.characterRanges(in: text, patterns: patterns) {
                let from = text.index(text.startIndex, offsetBy: range.lowerBound, limitedBy: text.endIndex) ?? text.endIndex
                let to = text.index(from, offsetBy: range.count, limitedBy: text.endIndex) ?? text.endIndex
                let column = DisplayWidth.of(text[..<from])
                guard column < width else { continue }
                var style = Theme.match(over: .plain)
                style.reverse = current?.position.line == index && current?.characters == range
                buffer.write(text[from..<to], x: x + column, y: y + row, style: style, limit: width - column)
            }
        }
    }

    private static func isTaskBox(_ style: MarkdownStyle) -> Bool {
        if case .taskBox = style { return true }
        return false
    }
}
