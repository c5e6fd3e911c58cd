/// The inline content of a paragraph, heading or table cell as styled runs. A hard line
/// break is a run of "\n"; soft breaks become spaces. Images become `[image: name]`,
/// and `[[wiki links]]` and `![[embeds]]` are found in the text outside code.
enum InlineRuns {
    static func of(_ node: CMarkNode, styles: Set<MarkdownStyle> = []) -> [MarkdownRun] {
        var runs: [MarkdownRun] = []
        for child in node.children { collect(child, styles: styles, into: &runs) }
        return WikiLinks.mark(merged(runs))
    }

    /// The plain text of `node`'s inlines (an image's alt text).
    static func plainText(_ node: CMarkNode) -> String {
        var runs: [MarkdownRun] = []
        for child in node.children { collect(child, styles: [], into: &runs) }
        return runs.map(\.text).joined()
    }

    private static func collect(_ node: CMarkNode, styles: Set<MarkdownStyle>, into runs: inout [MarkdownRun]) {
        switch node.kind {
        case .text, .htmlInline: runs.append(MarkdownRun(node.literal, styles))
        case .softBreak: runs.append(MarkdownRun(" ", styles))
        case .lineBreak: runs.append(MarkdownRun("\n", styles))
        case .code: runs.append(MarkdownRun(node.literal, styles.union([.inlineCode])))
        case .emphasis: collectChildren(node, styles.union([.emphasis]), &runs)
        case .strong: collectChildren(node, styles.union([.strong]), &runs)
        case .strikethrough: collectChildren(node, styles.union([.strikethrough]), &runs)
        case .link: collectChildren(node, styles.union([.link(target: node.url)]), &runs)
        case .image:
            runs.append(MarkdownRun("[image: \(imageName(node))]", styles.union([.image(source: node.url)])))
        default:
            if node.literal.isEmpty { collectChildren(node, styles, &runs) } else { runs.append(MarkdownRun(node.literal, styles)) }
        }
    }

    private static func collectChildren(_ node: CMarkNode, _ styles: Set<MarkdownStyle>, _ runs: inout [MarkdownRun]) {
        for child in node.children { collect(child, styles: styles, into: &runs) }
    }

    /// An image's alt text, or else the last part of its path.
    private static func imageName(_ node: CMarkNode) -> String {
        let alt = plainText(node).trimmingSpaces
        if !alt.isEmpty { return alt }
        let name = node.url.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? node.url : name
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

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
