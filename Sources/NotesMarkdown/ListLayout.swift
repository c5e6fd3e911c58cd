/// Ordered and bullet lists: each item's blocks indented by its marker's width, the
/// marker (`•`, `3.`) on its first line; a task item shows its box (`☐`, `☑`) in place
/// of the bullet, or after the number, and is recorded with its box's body offset.
struct ListLayout {
    let layout: BlockLayout

    func render(_ node: CMarkNode, width: Int, quoteDepth: Int) -> MarkdownRendering {
        let items = node.children
        let ordered = node.isOrderedList
        let numberWidth = ordered ? "\(node.listStart + max(items.count - 1, 0)).".count : 0
        let tight = node.isTightList
        var result = MarkdownRendering()
        for (index, item) in items.enumerated() {
            var marker = ""
            if ordered {
                let number = "\(node.listStart + index)."
                marker = String(repeating: " ", count: max(numberWidth - number.count, 0)) + number + " "
            }
            let rendered = self.item(item, marker: marker, width: width, quoteDepth: quoteDepth, tight: tight)
            if !tight, index > 0, let first = rendered.lines.first {
                let at = first.source.lowerBound
                result.lines.append(MarkdownLine(runs: [], source: at..<at))
            }
            result.append(rendered)
        }
        return result
    }

    private func item(_ item: CMarkNode, marker: String, width: Int, quoteDepth: Int, tight: Bool) -> MarkdownRendering {
        let plainTask = Self.plainTaskBox(item)
        let isTask = item.kind == .taskItem || plainTask != nil
        let checked = item.kind == .taskItem ? item.isTaskChecked : plainTask == true
        var first = [MarkdownRun(marker.isEmpty && !isTask ? "• " : marker, [.listMarker])]
        if isTask { first.append(MarkdownRun(checked ? "☑ " : "☐ ", [.taskBox(checked: checked)])) }
        let prefixWidth = first.reduce(0) { total, run in total + run.text.reduce(0) { $0 + layout.widthOf($1) } }
        var inner = layout.blocks(item.children, width: max(width - prefixWidth, 1), quoteDepth: quoteDepth,
                                  separated: !tight, dropping: plainTask == nil ? 0 : 4)
        if inner.lines.isEmpty { inner.lines.append(layout.line([], item)) }
        if isTask, let offset = layout.source.taskBox(line: item.startLine, column: item.startColumn) {
            inner.tasks.insert(MarkdownTask(boxOffset: offset, checked: checked, line: 0), at: 0)
        }
        let indent = [MarkdownRun(String(repeating: " ", count: prefixWidth))]
        return BlockLayout.prefixed(inner, first: first, rest: indent, blank: [])
    }

    /// Whether an item cmark did not take for a task starts with a box anyway: its
    /// tasklist extension only sees items at the start of a line, not inside a quote.
    /// Nil when it does not, else whether the box is ticked.
    private static func plainTaskBox(_ item: CMarkNode) -> Bool? {
        guard item.kind == .item, let paragraph = item.children.first, paragraph.kind == .paragraph,
              let text = paragraph.children.first, text.kind == .text else { return nil }
        let literal = text.literal
        for (box, checked) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where literal.hasPrefix(box) {
            return checked
        }
        return nil
    }
}
