/// Lays out the blocks of one cmark tree at a width: paragraphs and headings wrapped,
/// containers (quotes, lists) drawn as prefixes on their children's lines.
struct BlockLayout {
    let source: SourceText
    let widthOf: (Character) -> Int
    let options: MarkdownOptions

    /// `nodes` one after another, a blank line between them when `separated`; the first
    /// `dropping` characters of a first paragraph are left out (a task's box).
    func blocks(_ nodes: [CMarkNode], width: Int, quoteDepth: Int, separated: Bool, dropping: Int = 0) -> MarkdownRendering {
        var result = MarkdownRendering()
        for (index, node) in nodes.enumerated() {
            let rendered = index == 0 && dropping > 0 && node.kind == .paragraph
                ? wrapped(Self.dropping(dropping, from: inlines(node)), node: node, width: width)
                : block(node, width: width, quoteDepth: quoteDepth)
            if separated, index > 0, !rendered.lines.isEmpty, !result.lines.isEmpty {
                let at = rendered.lines[0].source.lowerBound
                result.lines.append(MarkdownLine(runs: [], source: at..<at))
            }
            result.append(rendered)
        }
        return result
    }

    func block(_ node: CMarkNode, width: Int, quoteDepth: Int) -> MarkdownRendering {
        switch node.kind {
        case .paragraph: return wrapped(inlines(node), node: node, width: width)
        case .heading: return heading(node, width: width)
        case .thematicBreak:
            let rule = String(repeating: "─", count: max(1, min(width, options.ruleWidth)))
            return MarkdownRendering(lines: [line([MarkdownRun(rule, [.thematicBreak])], node)])
        case .codeBlock: return CodeBlockLayout(layout: self).render(node, width: width)
        case .htmlBlock: return CodeBlockLayout(layout: self).html(node, width: width)
        case .blockQuote: return quote(node, width: width, depth: quoteDepth + 1)
        case .list: return ListLayout(layout: self).render(node, width: width, quoteDepth: quoteDepth)
        case .table: return TableLayout(layout: self).render(node, width: width)
        default:
            if node.children.isEmpty {
                let text = node.literal
                return text.isEmpty ? MarkdownRendering() : wrapped([MarkdownRun(text)], node: node, width: width)
            }
            return blocks(node.children, width: width, quoteDepth: quoteDepth, separated: true)
        }
    }

    /// A line from `node`'s source lines.
    func line(_ runs: [MarkdownRun], _ node: CMarkNode) -> MarkdownLine {
        MarkdownLine(runs: runs, source: source.range(lines: node.startLine, node.endLine))
    }

    /// A paragraph's or heading's inline runs.
    private func inlines(_ node: CMarkNode, styles: Set<MarkdownStyle> = []) -> [MarkdownRun] {
        InlineRuns.of(node, styles: styles, keepsLineBreaks: options.keepsLineBreaks, order: options.wikiLinkOrder)
    }

    /// Prose `runs` word-wrapped to `width`, every line from `node`.
    func wrapped(_ runs: [MarkdownRun], node: CMarkNode, width: Int) -> MarkdownRendering {
        let wrap = StyledWrap(width: width, widthOf: widthOf, tabWidth: options.tabWidth, keepsLeadingSpaces: false)
        return MarkdownRendering(lines: wrap.lines(runs).map { line($0, node) })
    }

    private func heading(_ node: CMarkNode, width: Int) -> MarkdownRendering {
        let level = min(max(node.headingLevel, 1), 6)
        let style = MarkdownStyle.heading(level: level)
        let marker = MarkdownRun(String(repeating: "#", count: level) + " ", [style, .dim])
        let text = inlines(node, styles: [style])
        return wrapped([marker] + text, node: node, width: width)
    }

    /// A block quote (or a callout, `CalloutLayout`) with a `│` bar before each line.
    private func quote(_ node: CMarkNode, width: Int, depth: Int) -> MarkdownRendering {
        let inner = CalloutLayout(layout: self).render(node, width: max(width - 2, 1), depth: depth)
            ?? blocks(node.children, width: max(width - 2, 1), quoteDepth: depth, separated: true)
        let bar = MarkdownStyle.quoteBar(depth: depth)
        return Self.prefixed(inner, first: [MarkdownRun("│ ", [bar])], rest: [MarkdownRun("│ ", [bar])],
                             blank: [MarkdownRun("│", [bar])])
    }

    /// `runs` without their first `count` characters.
    static func dropping(_ count: Int, from runs: [MarkdownRun]) -> [MarkdownRun] {
        var left = count
        var result: [MarkdownRun] = []
        for run in runs {
            if left == 0 {
                result.append(run)
                continue
            }
            let kept = run.text.dropFirst(left)
            left -= run.text.count - kept.count
            if !kept.isEmpty { result.append(MarkdownRun(String(kept), run.styles)) }
        }
        return result
    }

    /// `rendering` with `first` before its first line, `rest` before the others and
    /// `blank` before its empty lines.
    static func prefixed(_ rendering: MarkdownRendering, first: [MarkdownRun], rest: [MarkdownRun],
                         blank: [MarkdownRun]) -> MarkdownRendering {
        var result = rendering
        for index in result.lines.indices {
            let prefix = index == 0 ? first : (result.lines[index].runs.isEmpty ? blank : rest)
            result.lines[index].runs = InlineRuns.merged(prefix + result.lines[index].runs)
        }
        return result
    }
}
