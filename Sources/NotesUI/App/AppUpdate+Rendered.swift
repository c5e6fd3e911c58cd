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
    static func renderedReadingAction(_ action: KeyAction, key: Key, _ note: Note?, _ state: inout AppState) -> [Effect]? {
        if action == .toggleRaw {
            state.readsRaw.toggle()
            (state.readTop, state.readTask, state.readAttachment, state.readSearch) = (.top, nil, nil, nil)
            state.message = .init(text: state.readsRaw ? "Raw text (R: rendered)" : "Rendered (R: raw text)", isError: false)
            return []
        }
        guard let note, let rendering = shownRendering(note, state) else {
            if [.openItem, .showAttachments].contains(action), let note { return attachmentsUnrendered(note, &state) }
            if [.nextTask, .previousTask, .toggleTask].contains(action) {
                let text = state.readsRaw ? "Tasks are ticked in the rendered view (R)"
                    : "This note is too long to render; its tasks are ticked in the editor (e)"
                state.message = .init(text: text, isError: true)
                return []
            }
            return nil
        }
        let rows = NoteReadScreen.bodyRows(state.size)
        let page = max(1, state.size.height - 4)
        let lastTop = max(0, rendering.lines.count + ReadAttachments.lineCount(note) - rows)
        let top = min(state.readTop.line, lastTop)
        switch action {
        case .down: state.readTop = ReadPosition(block: 0, line: min(top + 1, lastTop))
        case .up: state.readTop = ReadPosition(block: 0, line: max(top - 1, 0))
        case .pageDown where key == .character(" ") && state.readTask != nil: return tick(note, rendering, &state)
        case .pageDown: state.readTop = ReadPosition(block: 0, line: min(top + page, lastTop))
        case .pageUp: state.readTop = ReadPosition(block: 0, line: max(top - page, 0))
        case .first: state.readTop = .top
        case .last: state.readTop = ReadPosition(block: 0, line: lastTop)
        case .nextTask, .previousTask: stepItem(forward: action == .nextTask, note, rendering, &state)
        case .toggleTask: return tick(note, rendering, &state)
        case .openItem: return openItem(note, rendering, &state)
        case .showAttachments: showAttachments(note, rendering, &state)
        case .findInNote: state.readSearch = ReadSearch()
        case .nextMatch, .previousMatch: stepRenderedSearch(forward: action == .nextMatch, note, rendering, &state)
        default: return nil
        }
        return []
    }

    /// `x` / `Space`: the current task ticked or unticked, one byte of the body changed.
    static func tick(_ note: Note, _ rendering: MarkdownRendering, _ state: inout AppState) -> [Effect] {
        guard let index = state.readTask, index < rendering.tasks.count else {
            stepItem(forward: true, note, rendering, &state, tasksOnly: true)
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
