/// Footnotes as GitHub and Obsidian show them: a reference (`[^1]`, `[^note]`) is its
/// number in brackets, `[1]`, numbered in the order of first reference, and the definitions
/// are gathered at the end of the note under a rule, each after its number, in that order.
/// cmark-gfm's footnote extension does the parsing and numbering (a reference with no
/// definition stays text as written; a definition never referenced is left out), so this
/// needs the whole body in one parse: `MarkdownRenderer.render(_:width:…)` asks for it, a
/// run of blocks parsed alone does not (its footnotes stay text).
///
/// A reference is a link to `#fn-N`, a definition's number a link back to `#fnref-N`: the
/// read view's link keys (`Tab`, `Enter`, `H`) follow them as links to a place in the same
/// note (`footnoteLine(anchor:)`).
struct FootnoteLayout {
    let layout: BlockLayout

    /// The definitions, in cmark-gfm's order (their numbers), after a blank line and a rule.
    func render(_ definitions: [CMarkNode], width: Int, after body: MarkdownRendering) -> MarkdownRendering {
        var result = MarkdownRendering()
        guard let first = definitions.first else { return result }
        let at = layout.source.range(lines: first.startLine, first.startLine).lowerBound
        if !body.lines.isEmpty { result.lines.append(MarkdownLine(runs: [], source: at..<at)) }
        let rule = String(repeating: "─", count: max(1, min(width, layout.options.ruleWidth / 4)))
        result.lines.append(MarkdownLine(runs: [MarkdownRun(rule, [.thematicBreak])], source: at..<at))
        for (index, definition) in definitions.enumerated() {
            let number = index + 1
            let marker = "[\(number)]"
            let indent = marker.count + 1
            let inner = layout.blocks(definition.children, width: max(width - indent, 1), quoteDepth: 0, separated: true)
            let first = [MarkdownRun(marker, [.link(target: "#fnref-\(number)")]), MarkdownRun(" ")]
            result.append(BlockLayout.prefixed(inner, first: first, rest: [MarkdownRun(String(repeating: " ", count: indent))],
                                               blank: []))
        }
        return result
    }

    /// A reference's run: its number in brackets, a link to its definition.
    static func reference(number: String, styles: Set<MarkdownStyle>) -> MarkdownRun {
        MarkdownRun("[\(number)]", styles.union([.link(target: "#fn-\(number)")]))
    }
}

extension MarkdownRendering {
    /// The line a footnote link leads to: for `fn-N` the definition numbered N, for
    /// `fnref-N` the first reference to it; nil for any other anchor or a number not shown.
    public func footnoteLine(anchor: String) -> Int? {
        let other: String
        if anchor.hasPrefix("fnref-"), Int(anchor.dropFirst(6)) != nil {
            other = "#fn-" + anchor.dropFirst(6)
        } else if anchor.hasPrefix("fn-"), Int(anchor.dropFirst(3)) != nil {
            other = "#fnref-" + anchor.dropFirst(3)
        } else {
            return nil
        }
        return lines.firstIndex { line in line.runs.contains { $0.styles.contains(.link(target: other)) } }
    }
}
