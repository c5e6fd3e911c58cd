/// GFM tables in columns that fit the width: each column as wide as its widest cell,
/// narrowed (widest first) when the table is wider than the width, cells cut with `…`.
/// Columns are separated by ` │ ` and the header row is underlined with `─┼─`.
struct TableLayout {
    let layout: BlockLayout

    private static let separator = " │ "

    func render(_ node: CMarkNode, width: Int) -> MarkdownRendering {
        let rows = node.children.filter { $0.kind == .tableRow }
        let alignments = node.tableAlignments
        let cells: [[[MarkdownRun]]] = rows.map { row in
            row.children.filter { $0.kind == .tableCell }.map { cell in
                InlineRuns.of(cell, styles: row.isHeaderRow ? [.tableHeader] : [], order: layout.options.wikiLinkOrder).map { run in
                    run.text == "\n" ? MarkdownRun(" ", run.styles) : run
                }
            }
        }
        let columns = max(alignments.count, cells.map(\.count).max() ?? 0)
        guard columns > 0 else { return MarkdownRendering() }
        var natural = Array(repeating: 0, count: columns)
        for row in cells {
            for (column, runs) in row.enumerated() where column < columns {
                natural[column] = max(natural[column], columnsOf(runs))
            }
        }
        let widths = Self.fit(natural, available: width - Self.separator.count * (columns - 1))
        var result = MarkdownRendering()
        for (index, row) in rows.enumerated() {
            var runs: [MarkdownRun] = []
            for column in 0..<columns {
                if column > 0 { runs.append(MarkdownRun(Self.separator, [.tableBorder])) }
                let content = column < cells[index].count ? cells[index][column] : []
                let alignment = column < alignments.count ? alignments[column] : 0
                runs += cell(content, width: widths[column], alignment: alignment, isLast: column == columns - 1)
            }
            result.lines.append(layout.line(InlineRuns.merged(runs), row))
            if row.isHeaderRow {
                let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
                result.lines.append(layout.line([MarkdownRun(rule, [.tableBorder])], row))
            }
        }
        return result
    }

    /// Column widths that fit `available` columns: the natural widths when they fit, else
    /// each capped at the largest width that fits, the columns left over shared out.
    static func fit(_ natural: [Int], available: Int) -> [Int] {
        let wanted = natural.map { max($0, 1) }
        if wanted.reduce(0, +) <= available { return wanted }
        guard available > wanted.count else { return wanted.map { _ in 1 } }
        var low = 1, high = wanted.max() ?? 1
        while low < high {
            let cap = (low + high + 1) / 2
            if wanted.reduce(0, { $0 + min($1, cap) }) <= available { low = cap } else { high = cap - 1 }
        }
        var widths = wanted.map { min($0, low) }
        var left = available - widths.reduce(0, +)
        for index in widths.indices where left > 0 && wanted[index] > widths[index] {
            widths[index] += 1
            left -= 1
        }
        return widths
    }

    /// A cell's runs cut to `width` (ending in `…` when cut) and padded as aligned.
    private func cell(_ runs: [MarkdownRun], width: Int, alignment: UInt8, isLast: Bool) -> [MarkdownRun] {
        let content = cut(runs, to: width)
        let missing = max(width - columnsOf(content), 0)
        switch alignment {
        case UInt8(ascii: "r"):
            return [MarkdownRun(String(repeating: " ", count: missing))] + content
        case UInt8(ascii: "c"):
            let before = missing / 2
            let after = isLast ? 0 : missing - before
            return [MarkdownRun(String(repeating: " ", count: before))] + content
                + [MarkdownRun(String(repeating: " ", count: after))]
        default:
            return content + [MarkdownRun(String(repeating: " ", count: isLast ? 0 : missing))]
        }
    }

    private func cut(_ runs: [MarkdownRun], to width: Int) -> [MarkdownRun] {
        if columnsOf(runs) <= width { return runs }
        let ellipsis: Character = "…"
        let room = width - layout.widthOf(ellipsis)
        var result: [MarkdownRun] = []
        var used = 0
        var lastStyles: Set<MarkdownStyle> = runs.first?.styles ?? []
        outer: for run in runs {
            lastStyles = run.styles
            var text = ""
            for character in run.text {
                let columns = layout.widthOf(character)
                if used + columns > room { if !text.isEmpty { result.append(MarkdownRun(text, run.styles)) }; break outer }
                text.append(character)
                used += columns
            }
            result.append(MarkdownRun(text, run.styles))
        }
        result.append(MarkdownRun(String(ellipsis), lastStyles))
        return InlineRuns.merged(result)
    }

    private func columnsOf(_ runs: [MarkdownRun]) -> Int {
        runs.reduce(0) { total, run in total + run.text.reduce(0) { $0 + max(layout.widthOf($1), 0) } }
    }
}
