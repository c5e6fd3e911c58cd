import NotesMarkdown
import NotesTerminal

/// What a click in the rendered read view lands on, found by rendered line and column:
/// one of the items the keys act on (`ReadItems`; decision 0060: a click focuses the
/// item under it and acts as `Enter`, or as `x` on a task box).
enum ReadClickTarget {
    /// The index in `items` of the item at `column` (0-based, in cells) of rendered line
    /// `line`, if one is there: a task's box, a link's text, an attachment's line.
    static func at(line: Int, column: Int, in rendering: MarkdownRendering, items: [ReadItem]) -> Int? {
        guard column >= 0 else { return nil }
        if line >= rendering.lines.count {
            return items.firstIndex { item in
                if case .attachment = item { return item.line(in: rendering) == line }
                return false
            }
        }
        guard line >= 0, let run = runIndex(at: column, of: rendering.lines[line]) else { return nil }
        let styles = rendering.lines[line].runs[run].styles
        return items.firstIndex { item in
            switch item {
            case .task(let index):
                index < rendering.tasks.count && rendering.tasks[index].line == line && styles.contains(where: isTaskBox)
            case .link(let link): link.spots.contains(ReadLink.Spot(line: line, run: run))
            case .attachment: false
            }
        }
    }

    /// The run of `line` under `column`.
    private static func runIndex(at column: Int, of line: MarkdownLine) -> Int? {
        var start = 0
        for (index, run) in line.runs.enumerated() {
            let end = start + DisplayWidth.of(run.text)
            if column < end { return index }
            start = end
        }
        return nil
    }

    private static func isTaskBox(_ style: MarkdownStyle) -> Bool {
        if case .taskBox = style { return true }
        return false
    }
}
