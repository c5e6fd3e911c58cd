import NotesMarkdown
import NotesTerminal

/// What a click in the rendered read view lands on, found by rendered line and column
/// among the rendering's runs: the same items the keys act on (decision 0060: a click
/// focuses the item under it and acts as `Enter`, or as `x` on a task box). An item kind
/// added to the rendering (a link, an attachment) adds its case here.
enum ReadClickTarget: Equatable {
    /// The box of task `index` (an index into `MarkdownRendering.tasks`): ticked as `x` does.
    case taskBox(Int)

    /// The item at `column` (0-based, in cells) of rendered line `line`, if one is there.
    static func at(line: Int, column: Int, in rendering: MarkdownRendering) -> ReadClickTarget? {
        guard rendering.lines.indices.contains(line), column >= 0 else { return nil }
        var start = 0
        for run in rendering.lines[line].runs {
            let end = start + DisplayWidth.of(run.text)
            if column < end {
                guard run.styles.contains(where: isTaskBox),
                      let index = rendering.tasks.firstIndex(where: { $0.line == line }) else { return nil }
                return .taskBox(index)
            }
            start = end
        }
        return nil
    }

    private static func isTaskBox(_ style: MarkdownStyle) -> Bool {
        if case .taskBox = style { return true }
        return false
    }
}
