import NotesLinks

/// What a piece of rendered Markdown is, not how it looks: the UI maps each style to
/// colors and attributes (and drops what its terminal cannot show). The text of a line
/// stays readable without any of them: markers, indentation, `│` bars, `☐`/`☑` and
/// placeholders are part of the text.
public enum MarkdownStyle: Hashable, Sendable {
    /// A heading's text and its `#` markers, level 1 to 6.
    case heading(level: Int)
    case emphasis
    case strong
    case strikethrough
    /// A code span inside a paragraph.
    case inlineCode
    /// A line of a fenced or indented code block, and the line naming its language.
    case codeBlock(language: String?)
    /// The `│` bar of a block quote, `depth` 1 for the outermost quote.
    case quoteBar(depth: Int)
    /// A list's bullet or number.
    case listMarker
    /// A task item's box, `☐` or `☑`.
    case taskBox(checked: Bool)
    /// A link's text; `target` is its destination.
    case link(target: String)
    /// A `[[wiki link]]`'s text; `target` is what is between the brackets before any `|`.
    case wikiLink(target: String)
    /// An image's `[image: name]` placeholder; `source` is its destination.
    case image(source: String)
    /// A `![[embed]]`'s `[embed: name]` placeholder.
    case embed(name: String)
    /// A table's column separators and header rule.
    case tableBorder
    /// A cell of a table's header row.
    case tableHeader
    /// A thematic break's rule.
    case thematicBreak
    /// Obsidian's `==highlighted==` text (the markers dropped).
    case highlight
    /// The first line of a callout (`> [!tip] Title`, GitHub's `> [!NOTE]`): its kind, as
    /// written in the brackets but lowercased, and its title.
    case calloutTitle(kind: String)
    /// Secondary text: heading markers, a code block's language, HTML shown as text.
    case dim
}

/// Text that shares one set of styles.
public struct MarkdownRun: Hashable, Sendable {
    public var text: String
    public var styles: Set<MarkdownStyle>

    public init(_ text: String, _ styles: Set<MarkdownStyle> = []) {
        self.text = text
        self.styles = styles
    }
}

/// One rendered line: its runs, and the bytes of the source it came from.
public struct MarkdownLine: Hashable, Sendable {
    public var runs: [MarkdownRun]
    /// The byte range, in the whole body, of the source lines of the block (paragraph,
    /// heading, code block, table row) this line belongs to; empty at the offset of the
    /// next block for the blank lines between blocks.
    public var source: Range<Int>

    public init(runs: [MarkdownRun], source: Range<Int>) {
        self.runs = runs
        self.source = source
    }

    /// The line's text, as a terminal without colors shows it.
    public var text: String { runs.map(\.text).joined() }

    /// Whether the line is (part of) a heading.
    public var isHeading: Bool {
        runs.contains { run in run.styles.contains { if case .heading = $0 { true } else { false } } }
    }
}

/// A task item (`- [ ]`, `- [x]`) as found in the source.
public struct MarkdownTask: Hashable, Sendable {
    /// The byte offset, in the whole body, of the character between the brackets.
    public var boxOffset: Int
    public var checked: Bool
    /// The index, in the rendered lines, of the line that shows its box.
    public var line: Int

    public init(boxOffset: Int, checked: Bool, line: Int) {
        self.boxOffset = boxOffset
        self.checked = checked
        self.line = line
    }
}

/// Rendered lines and the tasks among them.
public struct MarkdownRendering: Hashable, Sendable {
    public var lines: [MarkdownLine]
    public var tasks: [MarkdownTask]

    public init(lines: [MarkdownLine] = [], tasks: [MarkdownTask] = []) {
        self.lines = lines
        self.tasks = tasks
    }

    /// The lines' texts.
    public var texts: [String] { lines.map(\.text) }

    /// `other` placed after these lines, its task line indexes moved along.
    public mutating func append(_ other: MarkdownRendering) {
        let base = lines.count
        lines += other.lines
        tasks += other.tasks.map { MarkdownTask(boxOffset: $0.boxOffset, checked: $0.checked, line: $0.line + base) }
    }
}

/// How a body is rendered, besides its width.
public struct MarkdownOptions: Sendable {
    /// Columns a tab advances to the next multiple of, in code blocks and text.
    public var tabWidth: Int
    /// The widest a thematic break's rule is drawn.
    public var ruleWidth: Int

    /// Whether a line break inside a paragraph (a CommonMark soft break) ends the line,
    /// as notes apps show it, rather than becoming a space, as CommonMark renders it.
    public var keepsLineBreaks: Bool

    /// Which side of a wiki link's bar is its target (a note imported from Dendron: the second).
    public var wikiLinkOrder: WikiLinkOrder

    public init(tabWidth: Int = 4, ruleWidth: Int = 80, keepsLineBreaks: Bool = false,
                wikiLinkOrder: WikiLinkOrder = .targetFirst) {
        self.tabWidth = tabWidth
        self.ruleWidth = ruleWidth
        self.keepsLineBreaks = keepsLineBreaks
        self.wikiLinkOrder = wikiLinkOrder
    }
}
