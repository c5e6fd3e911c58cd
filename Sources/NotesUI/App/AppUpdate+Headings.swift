import NotesMarkdown

/// `]` and `[` in the rendered read view: the next or previous heading to the top of the
/// screen, as vim's Markdown plugins move with `]]` and `[[` and Obsidian's outline does.
extension AppUpdate {
    /// Scrolls the heading after (or before) the one at the top, `top` being the first line
    /// shown and `lastTop` the lowest it may be; says so when there is none. A long body is
    /// rendered a window at a time (`partial`: lines above or below it are not rendered yet),
    /// so there the message says to page on.
    static func stepHeading(forward: Bool, _ rendering: MarkdownRendering, top: Int, lastTop: Int, partial: Bool,
                            _ state: inout AppState) {
        let starts = headingStarts(in: rendering)
        let found = forward ? starts.first { $0 > top } : starts.last { $0 < top }
        guard let target = found.map({ min($0, max(lastTop, 0)) }), target != top else {
            let text = forward ? (partial ? "No heading in the next screens; Space pages on" : "No heading below")
                : (partial ? "No heading in the screens above; PgUp pages back" : "No heading above")
            state.message = .init(text: text, isError: false)
            return
        }
        state.readTop.line = target
        state.readItem = nil
    }

    /// The index of each heading's first line (a heading wraps onto several lines sharing its source).
    static func headingStarts(in rendering: MarkdownRendering) -> [Int] {
        rendering.lines.indices.filter { index in
            let line = rendering.lines[index]
            return line.isHeading && (index == 0 || rendering.lines[index - 1].source != line.source)
        }
    }
}
