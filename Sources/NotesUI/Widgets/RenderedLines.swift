import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal

/// Draws rendered Markdown lines (see `MarkdownTheme`), the item in focus in reverse: a
/// task's box, or a link's text. A link `isBroken` says leads to no single note (a missing or
/// ambiguous note) is drawn dim, so it reads as such before it is followed.
enum RenderedLines {
    static func draw(_ rendering: MarkdownRendering, from top: Int, rows: Int, focused: ReadItem?,
                     colors: MarkdownColors = MarkdownColors(), isBroken: (LinkTarget) -> Bool = { _ in false },
                     into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let start = min(max(top, 0), rendering.lines.count)
        var taskLine: Int?
        var linkSpots: [ReadLink.Spot] = []
        switch focused {
        case .task(let index)?: taskLine = index < rendering.tasks.count ? rendering.tasks[index].line : nil
        case .link(let link)?: linkSpots = link.spots
        case .attachment?, nil: break  // drawn by `ReadAttachments`
        }
        for (row, index) in (start..<min(start + rows, rendering.lines.count)).enumerated() {
            var column = 0
            for (runIndex, run) in rendering.lines[index].runs.enumerated() where column < width {
                var style = MarkdownTheme.style(run.styles, colors: colors)
                if index == taskLine, run.styles.contains(where: isTaskBox) { style.reverse = true }
                if linkSpots.contains(ReadLink.Spot(line: index, run: runIndex)) { style.reverse = true }
                if style.underline, let (_, target, _) = ReadItems.link(in: run.styles), target.isNote, isBroken(target) {
                    style.dim = true
                }
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
