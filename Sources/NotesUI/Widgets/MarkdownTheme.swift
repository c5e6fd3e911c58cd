import NotesColor
import NotesMarkdown
import NotesTerminal

/// How a rendered Markdown run looks: attributes carry the structure (bold headings and
/// strong text, underlined links, dim markers), so it reads in monochrome and under
/// `NO_COLOR`; colors (mapped down by the terminal layer) add to them where there are any.
enum MarkdownTheme {
    static let headingColors = [
        RGB8(red: 95, green: 175, blue: 255), RGB8(red: 135, green: 215, blue: 135), RGB8(red: 255, green: 215, blue: 95),
    ]
    static let codeColor = RGB8(red: 215, green: 175, blue: 135)
    static let linkColor = RGB8(red: 95, green: 175, blue: 255)
    static let taskColor = RGB8(red: 135, green: 215, blue: 135)

    /// The cell style of a run with `styles`.
    static func style(_ styles: Set<MarkdownStyle>) -> CellStyle {
        var style = CellStyle()
        for markdown in styles { apply(markdown, to: &style) }
        return style
    }

    private static func apply(_ markdown: MarkdownStyle, to style: inout CellStyle) {
        switch markdown {
        case .heading(let level):
            style.bold = true
            style.underline = style.underline || level == 1
            style.foreground = headingColors[min(level, headingColors.count) - 1]
        case .strong, .tableHeader: style.bold = true
        case .emphasis: style.underline = true  // no italic attribute: underline, as terminals without italics do
        case .strikethrough, .dim, .quoteBar, .tableBorder, .thematicBreak, .listMarker: style.dim = true
        case .inlineCode, .codeBlock: style.foreground = codeColor
        case .link, .wikiLink:
            style.underline = true
            style.foreground = linkColor
        case .image, .embed: style.dim = true
        case .taskBox(let checked):
            style.bold = !checked
            style.foreground = taskColor
        }
    }
}
