import NotesLinks

/// The inline content of a paragraph, heading or table cell as styled runs. A hard line
/// break is a run of "\n"; soft breaks become spaces (or line breaks: `keepsLineBreaks`).
/// Images become `[image: name]`, and `[[wiki links]]` and `![[embeds]]` are found in
/// the text outside code, and `==highlights==` (`Highlights`).
enum InlineRuns {
    static func of(_ node: CMarkNode, styles: Set<MarkdownStyle> = [], keepsLineBreaks: Bool = false,
                   order: WikiLinkOrder = .targetFirst) -> [MarkdownRun] {
        var collector = Collector(softBreak: keepsLineBreaks ? "\n" : " ")
        for child in node.children { collector.collect(child, styles: styles) }
        return marked(collector.runs, order: order)
    }

    /// Collected runs merged, with wiki links and highlights marked in them.
    private static func marked(_ runs: [MarkdownRun], order: WikiLinkOrder) -> [MarkdownRun] {
        Highlights.mark(WikiLinks.mark(merged(runs), order: order))
    }

    /// A paragraph's inline runs cut at its first line break (soft or hard): the first
    /// line's runs, and the rest's (nil when there is no break), each as `of` gives them.
    static func splitAtFirstBreak(_ node: CMarkNode, keepsLineBreaks: Bool,
                                  order: WikiLinkOrder) -> (first: [MarkdownRun], rest: [MarkdownRun]?) {
        let softBreak = keepsLineBreaks ? "\n" : " "
        var first = Collector(softBreak: softBreak), rest: Collector?
        for child in node.children {
            if rest == nil, child.kind == .softBreak || child.kind == .lineBreak {
                rest = Collector(softBreak: softBreak)
            } else if rest != nil {
                rest?.collect(child, styles: [])
            } else {
                first.collect(child, styles: [])
            }
        }
        return (marked(first.runs, order: order), rest.map { marked($0.runs, order: order) })
    }

    /// The plain text of `node`'s inlines (an image's alt text).
    static func plainText(_ node: CMarkNode) -> String {
        var collector = Collector(softBreak: " ")
        for child in node.children { collector.collect(child, styles: []) }
        return collector.runs.map(\.text).joined()
    }

    /// Adjacent runs of the same styles joined (cmark splits text at brackets).
    static func merged(_ runs: [MarkdownRun]) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = result.last, last.styles == run.styles, run.text != "\n", last.text != "\n" {
                result[result.count - 1].text += run.text
            } else {
                result.append(run)
            }
        }
        return result
    }
}

/// Walks inline nodes into runs.
private struct Collector {
    /// What a soft break becomes: " ", or "\n" to keep the line break.
    let softBreak: String
    var runs: [MarkdownRun] = []

    mutating func collect(_ node: CMarkNode, styles: Set<MarkdownStyle>) {
        switch node.kind {
        case .text, .htmlInline: runs.append(MarkdownRun(node.literal, styles))
        case .softBreak: runs.append(MarkdownRun(softBreak, styles))
        case .lineBreak: runs.append(MarkdownRun("\n", styles))
        case .code: runs.append(MarkdownRun(node.literal, styles.union([.inlineCode])))
        case .footnoteReference: runs.append(FootnoteLayout.reference(number: node.literal, styles: styles))
        case .emphasis: collectChildren(node, styles.union([.emphasis]))
        case .strong: collectChildren(node, styles.union([.strong]))
        case .strikethrough: collectChildren(node, styles.union([.strikethrough]))
        case .link: collectChildren(node, styles.union([.link(target: node.url)]))
        case .image:
            runs.append(MarkdownRun("[image: \(imageName(node))]", styles.union([.image(source: node.url)])))
        default:
            if node.literal.isEmpty { collectChildren(node, styles) } else { runs.append(MarkdownRun(node.literal, styles)) }
        }
    }

    private mutating func collectChildren(_ node: CMarkNode, _ styles: Set<MarkdownStyle>) {
        for child in node.children { collect(child, styles: styles) }
    }

    /// An image's alt text, or else the last part of its path.
    private func imageName(_ node: CMarkNode) -> String {
        let alt = InlineRuns.plainText(node).trimmingSpaces
        if !alt.isEmpty { return alt }
        let name = node.url.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? node.url : name
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
