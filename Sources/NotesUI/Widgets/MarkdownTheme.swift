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

    /// A callout's title color by its kind's family, as Obsidian colors them: green for tips
    /// and success, yellow for warnings, red for danger and failure, blue for the rest.
    static func calloutColor(_ kind: String, _ colors: MarkdownColors) -> RGB8 {
        switch kind {
        case "tip", "hint", "important", "success", "check", "done": colors.task
        case "warning", "caution", "attention", "question", "help", "faq": RGB8(red: 255, green: 175, blue: 95)
        case "danger", "error", "failure", "fail", "missing", "bug": RGB8(red: 255, green: 95, blue: 95)
        default: colors.link
        }
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
        case .highlight:
            style.background = colors.highlight
            style.foreground = style.foreground ?? colors.highlightText
        case .calloutTitle(let kind):
            style.bold = true
            style.foreground = colors.quote ?? calloutColor(kind, colors)
        case .taskBox(let checked):
            style.bold = !checked
            style.foreground = colors.task
        }
    }
}
