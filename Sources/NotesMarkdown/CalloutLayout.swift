/// Obsidian's callouts and GitHub's alerts: a block quote whose first line is `[!kind]`,
/// perhaps `+` or `-` (folded or open in Obsidian; shown whole here), then a title. The
/// first line becomes the kind's name, then the title when it says more than the name
/// (`Tip: Drag and drop embed`, `Note`), styled `.calloutTitle(kind:)`; the rest of the
/// quote is laid out as a quote's content is. Any other quote is an ordinary quote.
struct CalloutLayout {
    let layout: BlockLayout

    /// The quote's content as a callout, or nil when its first line is no callout header.
    func render(_ quote: CMarkNode, width: Int, depth: Int) -> MarkdownRendering? {
        guard let first = quote.children.first, first.kind == .paragraph else { return nil }
        let options = layout.options
        let (line, rest) = InlineRuns.splitAtFirstBreak(first, keepsLineBreaks: options.keepsLineBreaks, order: options.wikiLinkOrder)
        guard let header = Self.header(line) else { return nil }
        let style = MarkdownStyle.calloutTitle(kind: header.kind)
        let title = BlockLayout.dropping(header.length, from: line)
        let titleText = title.map(\.text).joined().trimmingSpaces
        let name = header.kind.prefix(1).uppercased() + header.kind.dropFirst()
        var runs = [MarkdownRun(name, [style])]
        if !titleText.isEmpty, titleText.lowercased() != header.kind {
            runs += [MarkdownRun(": ", [style])] + title.map { MarkdownRun($0.text, $0.styles.union([style])) }
        }
        var result = layout.wrapped(InlineRuns.merged(runs), node: first, width: width)
        if let rest, !rest.isEmpty { result.append(layout.wrapped(rest, node: first, width: width)) }
        let others = layout.blocks(Array(quote.children.dropFirst()), width: width, quoteDepth: depth, separated: true)
        if let next = others.lines.first {
            result.lines.append(MarkdownLine(runs: [], source: next.source.lowerBound..<next.source.lowerBound))
            result.append(others)
        }
        return result
    }

    /// The kind (lowercased) and the length in characters of `[!kind]`, its `+`/`-` and the
    /// blanks after, when the first line's text starts so; nil otherwise.
    static func header(_ runs: [MarkdownRun]) -> (kind: String, length: Int)? {
        guard let first = runs.first, first.styles.isEmpty else { return nil }
        let characters = Array(first.text)
        guard characters.count > 3, characters[0] == "[", characters[1] == "!" else { return nil }
        var index = 2
        while index < characters.count, characters[index].isLetter || characters[index].isNumber
                || characters[index] == "-" || characters[index] == "_" {
            index += 1
        }
        guard index > 2, index < characters.count, characters[index] == "]" else { return nil }
        let kind = String(characters[2..<index]).lowercased()
        index += 1
        if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        return (kind, index)
    }
}
