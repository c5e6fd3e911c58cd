import Foundation
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The read view showing rendered Markdown (the default; `R` shows the raw text): its
/// moves go by rendered lines, `Tab`/`Shift-Tab` go from task to task and `x` (or `Space`
/// on a task) ticks one as a body edit through the one write path.
extension AppUpdate {
    /// The rendering the read view shows for `note`, nil when it shows the raw text (`R`,
    /// or a body too long to render, see `RenderedBody`).
    static func shownRendering(_ note: Note?, _ state: AppState) -> MarkdownRendering? {
        guard !state.readsRaw, let note else { return nil }
        return RenderedBody.shared.rendering(of: note, width: NoteReadScreen.bodyWidth(state.size))
    }

    /// An action of the read view that rendering changes; nil when the raw view's
    /// handling applies (it does for every action when the raw text is shown).
    static func renderedReadingAction(_ action: KeyAction, key: Key, _ note: Note?, _ state: inout AppState,
                                      rows: Int) -> [Effect]? {
        if action == .toggleRaw {
            state.readsRaw.toggle()
            (state.readTop, state.readTask, state.readSearch) = (.top, nil, nil)
            state.message = .init(text: state.readsRaw ? "Raw text (R: rendered)" : "Rendered (R: raw text)", isError: false)
            return []
        }
        guard let note, let rendering = shownRendering(note, state) else {
            if [.nextTask, .previousTask, .toggleTask].contains(action) {
                let text = state.readsRaw ? "Tasks are ticked in the rendered view (R)"
                    : "This note is too long to render; its tasks are ticked in the editor (e)"
                state.message = .init(text: text, isError: true)
                return []
            }
            return nil
        }
        let page = max(1, state.size.height - 4)
        let lastTop = max(0, rendering.lines.count - rows)
        let top = min(state.readTop.line, lastTop)
        switch action {
        case .down: state.readTop = ReadPosition(block: 0, line: min(top + 1, lastTop))
        case .up: state.readTop = ReadPosition(block: 0, line: max(top - 1, 0))
        case .pageDown where key == .character(" ") && state.readTask != nil: return tick(note, rendering, &state, rows: rows)
        case .pageDown: state.readTop = ReadPosition(block: 0, line: min(top + page, lastTop))
        case .pageUp: state.readTop = ReadPosition(block: 0, line: max(top - page, 0))
        case .first: state.readTop = .top
        case .last: state.readTop = ReadPosition(block: 0, line: lastTop)
        case .nextTask, .previousTask: stepTask(forward: action == .nextTask, rendering, &state, rows: rows)
        case .toggleTask: return tick(note, rendering, &state, rows: rows)
        case .findInNote, .nextMatch, .previousMatch:
            // Search works on the raw text: show it, and search there.
            (state.readsRaw, state.readTop, state.readTask) = (true, .top, nil)
            return nil
        default: return nil
        }
        return []
    }

    /// `Tab` / `Shift-Tab`: the next or previous task (round the ends), scrolled into view.
    private static func stepTask(forward: Bool, _ rendering: MarkdownRendering, _ state: inout AppState, rows: Int) {
        let tasks = rendering.tasks
        guard !tasks.isEmpty else {
            state.message = .init(text: "No tasks in this note", isError: false)
            return
        }
        let index: Int
        if let current = state.readTask, current < tasks.count {
            index = (current + (forward ? 1 : tasks.count - 1)) % tasks.count
        } else {
            let top = state.readTop.line
            index = forward ? (tasks.firstIndex { $0.line >= top } ?? 0) : (tasks.lastIndex { $0.line >= top } ?? tasks.count - 1)
        }
        state.readTask = index
        let line = tasks[index].line
        if line < state.readTop.line || line >= state.readTop.line + rows {
            let lastTop = max(0, rendering.lines.count - rows)
            state.readTop = ReadPosition(block: 0, line: min(max(0, line - rows / 3), lastTop))
        }
    }

    /// `x` / `Space`: the current task ticked or unticked, one byte of the body changed.
    private static func tick(_ note: Note, _ rendering: MarkdownRendering, _ state: inout AppState,
                             rows: Int) -> [Effect] {
        guard let index = state.readTask, index < rendering.tasks.count else {
            stepTask(forward: true, rendering, &state, rows: rows)
            if state.readTask != nil { state.message = .init(text: "x ticks this task; Tab moves to the next", isError: false) }
            return []
        }
        let task = rendering.tasks[index]
        let body = note.body
        guard let ticked = MarkdownRenderer.toggleTask(in: body, at: task) else {
            state.message = .init(text: "That task changed meanwhile; nothing ticked", isError: true)
            return []
        }
        var edit = NoteEdit(noteID: note.id)
        edit.setBody(from: body, to: ticked)
        state.message = .init(text: task.checked ? "Task unticked" : "Task ticked", isError: false)
        return [.commit([.note(edit)])]
    }
}
