import CMarkGFM

/// Fenced and indented code blocks, and HTML blocks shown as text: line by line, tabs
/// expanded, wrapped only at spaces (a word is cut only when wider than the block).
struct CodeBlockLayout {
    let layout: BlockLayout

    /// Columns a code line is indented by.
    static let indent = 2

    func render(_ node: CMarkNode, width: Int) -> MarkdownRendering {
        let language = node.fenceLanguage.flatMap { $0.isEmpty ? nil : $0 }
        let style = MarkdownStyle.codeBlock(language: language)
        let margin = MarkdownRun(String(repeating: " ", count: Self.indent), [style])
        let fenced = isFenced(node)
        var result = MarkdownRendering()
        if let language {
            let runs = [margin, MarkdownRun(cut(language, to: max(width - Self.indent, 1)), [style, .dim])]
            result.lines.append(MarkdownLine(runs: runs, source: layout.source.range(lines: node.startLine, node.startLine)))
        }
        let firstLine = node.startLine + (fenced ? 1 : 0)
        let codeWidth = max(width - Self.indent, 1)
        for (index, text) in Self.lines(of: node.literal).enumerated() {
            let source = layout.source.range(lines: firstLine + index, firstLine + index)
            for runs in wrap(text, style: style, width: codeWidth) {
                result.lines.append(MarkdownLine(runs: [margin] + runs, source: source))
            }
        }
        return result
    }

    /// An HTML block, each of its lines as plain text.
    func html(_ node: CMarkNode, width: Int) -> MarkdownRendering {
        var result = MarkdownRendering()
        for (index, text) in Self.lines(of: node.literal).enumerated() {
            let source = layout.source.range(lines: node.startLine + index, node.startLine + index)
            for runs in wrap(text, style: nil, width: width) {
                result.lines.append(MarkdownLine(runs: runs, source: source))
            }
        }
        return result
    }

    private func wrap(_ text: String, style: MarkdownStyle?, width: Int) -> [[MarkdownRun]] {
        let wrap = StyledWrap(width: width, widthOf: layout.widthOf, tabWidth: layout.options.tabWidth,
                              keepsLeadingSpaces: true)
        return wrap.lines([MarkdownRun(text, style.map { [$0] } ?? [])])
    }

    /// `text` cut to `width` columns, ending in `…` when cut.
    private func cut(_ text: String, to width: Int) -> String {
        if text.reduce(0, { $0 + layout.widthOf($1) }) <= width { return text }
        var result = "", used = 0
        for character in text {
            let columns = layout.widthOf(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// A literal's lines, without its final line break or any CR of a CR LF.
    static func lines(of literal: String) -> [String] {
        var lines = literal.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line -> String in
            var text = Substring(line)
            if text.last == "\r" { text.removeLast() }
            return String(text)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func isFenced(_ node: CMarkNode) -> Bool {
        var length: Int32 = 0, offset: Int32 = 0
        var character: CChar = 0
        return cmark_node_get_fenced(node.pointer, &length, &offset, &character) != 0
    }
}
