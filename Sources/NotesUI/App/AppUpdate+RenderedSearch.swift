import Foundation
import NotesMarkdown
import NotesModel

/// `/`, `n`/`N` in the rendered read view (`RenderedSearch`): the match is found and
/// highlighted where the rendered text shows it, and the status line counts `match k of n`.
extension AppUpdate {
    /// `Enter` in the search field over the rendered view: the first match from the top line
    /// on (going round), scrolled into view.
    static func submitRenderedSearch(_ text: String, _ shown: ShownReading, _ state: inout AppState,
                                     _ snapshot: NotesSnapshot, rows: Int) {
        let note = shown.note, rendering = shown.rendering
        if shown.window != nil {
            state.readSearch = ReadSearch(text: text)
            return longSearchStep(forward: true, shown, &state, snapshot, rows: rows)
        }
        var found = ReadSearch(text: text)
        let all = RenderedSearch.matches(in: rendering, patterns: ReadSearch.patterns(for: text))
        found.place(at: RenderedSearch.first(from: state.readTop.line, in: all)?.match, among: all,
                    lineCount: rendering.lines.count)
        state.readSearch = found
        guard let match = found.currentMatch else {
            state.message = .init(text: "Not found: \(text)", isError: true)
            return
        }
        show(line: match.position.line, documentLines: rendering.lines.count + ReadAttachments.lineCount(note), rows: rows,
             &state)
    }

    /// `n` / `N` over the rendered view: the next or previous match, scrolled into view.
    static func stepRenderedSearch(forward: Bool, _ shown: ShownReading, _ state: inout AppState,
                                   _ snapshot: NotesSnapshot, rows: Int) {
        guard var search = state.readSearch else { return }
        let note = shown.note, rendering = shown.rendering
        if shown.window != nil, search.currentMatch != nil {
            return longSearchStep(forward: forward, shown, &state, snapshot, rows: rows)
        }
        let all = RenderedSearch.matches(in: rendering, patterns: search.patterns)
        guard let current = search.currentMatch,
              let step = RenderedSearch.step(from: current, forward: forward, in: all) else {
            state.message = .init(text: "Not found: \(search.text)", isError: true)
            return
        }
        search.place(at: step.match, among: all, lineCount: rendering.lines.count)
        state.readSearch = search
        if step.wentRound {
            state.message = .init(text: forward ? "Search went round to the top" : "Search went round to the bottom",
                                  isError: false)
        }
        show(line: step.match.position.line, documentLines: rendering.lines.count + ReadAttachments.lineCount(note), rows: rows,
             &state)
    }
}
