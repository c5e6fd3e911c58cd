import NotesColor
import NotesMarkdown
import NotesTerminal

/// How a rendered Markdown run looks: attributes carry the structure (bold headings and
/// strong text, underlined links, dim markers), so it reads in monochrome and under
/// `NO_COLOR`; colors (mapped down by the terminal layer) add to them where there are any.
/// The colors are `MarkdownColors` (the config file's `[theme]`).
enum MarkdownTheme {
    /// The cell style of a run with `styles`.
    static func style(_ styles: Set<MarkdownStyle>, colors: MarkdownColors = MarkdownColors()) -> CellStyle {
        var style = CellStyle()
        for markdown in styles { apply(markdown, colors, to: &style) }
        return style
    }

    private static func apply(_ markdown: MarkdownStyle, _ colors: MarkdownColors, to style: inout CellStyle) {
        switch markdown {
        case .heading(let level):
            style.bold = true
            style.underline = style.underline || level == 1
            style.foreground = colors.headings.isEmpty ? nil : colors.headings[max(min(level, colors.headings.count), 1) - 1]
        case .strong, .tableHeader: style.bold = true
        case .emphasis: style.underline = true  // no italic attribute: underline, as terminals without italics do
        case .quoteBar:
            style.dim = colors.quote == nil
            style.foreground = colors.quote
        case .strikethrough, .dim, .tableBorder, .thematicBreak, .listMarker: style.dim = true
        case .inlineCode, .codeBlock: style.foreground = colors.code
        case .link, .wikiLink:
            style.underline = true
            style.foreground = colors.link
        case .image, .embed: style.dim = true
        case .taskBox(let checked):
            style.bold = !checked
            style.foreground = colors.task
        }
    }
}
