import Foundation
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The read view showing rendered Markdown (the default; `R` shows the raw text): its
/// moves go by rendered lines, `Tab`/`Shift-Tab` go from item to item (tasks and links,
/// `ReadItems`), `x` (or `Space` on a task) ticks one as a body edit through the one write
/// path, and `Enter` follows a link (`AppUpdate+Links`).
extension AppUpdate {
    /// The rendering the read view shows for `note`, with the backlinks under it; nil when
    /// it shows the raw text (`R`, or a body too long to render, see `RenderedBody`).
    static func shownRendering(_ note: Note?, _ state: AppState, _ snapshot: NotesSnapshot) -> MarkdownRendering? {
        guard !state.readsRaw, let note else { return nil }
        let width = NoteReadScreen.bodyWidth(state.size)
        guard var rendering = RenderedBody.shared.rendering(of: note, width: width) else { return nil }
        rendering.append(ReadBacklinks.rendering(of: note, in: snapshot.index, width: width))
        return rendering
    }

    /// An action of the read view that rendering changes; nil when the raw view's
    /// handling applies (it does for every action when the raw text is shown).
    static func renderedReadingAction(_ action: KeyAction, key: Key, _ note: Note?, _ state: inout AppState,
                                      _ snapshot: NotesSnapshot) -> [Effect]? {
        if action == .toggleRaw {
            state.readsRaw.toggle()
            (state.readTop, state.readItem, state.readSearch) = (.top, nil, nil)
            state.message = .init(text: state.readsRaw ? "Raw text (R: rendered)" : "Rendered (R: raw text)", isError: false)
            return []
        }
        guard let note, let rendering = shownRendering(note, state, snapshot) else {
            if [.nextTask, .previousTask, .toggleTask, .follow].contains(action) {
                let text = state.readsRaw ? "Tasks and links are in the rendered view (R)"
                    : "This note is too long to render; its tasks and links are in the editor (e)"
                state.message = .init(text: text, isError: true)
                return []
            }
            return nil
        }
        let items = ReadItems.items(in: rendering)
        let focused = state.readItem.flatMap { $0 < items.count ? items[$0] : nil }
        let rows = NoteReadScreen.bodyRows(state.size)
        let page = max(1, state.size.height - 4)
        let lastTop = max(0, rendering.lines.count - rows)
        let top = min(state.readTop.line, lastTop)
        switch action {
        case .down: state.readTop = ReadPosition(block: 0, line: min(top + 1, lastTop))
        case .up: state.readTop = ReadPosition(block: 0, line: max(top - 1, 0))
        case .pageDown where key == .character(" ") && focused.map(isTask) == true: return tick(note, rendering, items, &state)
        case .pageDown: state.readTop = ReadPosition(block: 0, line: min(top + page, lastTop))
        case .pageUp: state.readTop = ReadPosition(block: 0, line: max(top - page, 0))
        case .first: state.readTop = .top
        case .last: state.readTop = ReadPosition(block: 0, line: lastTop)
        case .nextTask, .previousTask: stepItem(forward: action == .nextTask, rendering, items, &state)
        case .toggleTask: return tick(note, rendering, items, &state)
        case .follow:
            switch focused {
            case .link(let link)?: return follow(link, in: note, &state, snapshot)
            case .task?: return tick(note, rendering, items, &state)
            case nil:
                stepItem(forward: true, rendering, items, &state, where: { !isTask($0) })
                if state.readItem != nil { state.message = .init(text: "Enter follows this link; Tab moves to the next", isError: false) }
            }
        case .findInNote, .nextMatch, .previousMatch:
            // Search works on the raw text: show it, and search there.
            (state.readsRaw, state.readTop, state.readItem) = (true, .top, nil)
            return nil
        default: return nil
        }
        return []
    }

    private static func isTask(_ item: ReadItem) -> Bool {
        if case .task = item { return true }
        return false
    }

    /// `Tab` / `Shift-Tab`: the next or previous item (round the ends) that `fits`, scrolled into view.
    private static func stepItem(forward: Bool, _ rendering: MarkdownRendering, _ items: [ReadItem], _ state: inout AppState,
                                 where fits: (ReadItem) -> Bool = { _ in true }) {
        let candidates = items.indices.filter { fits(items[$0]) }
        guard !candidates.isEmpty else {
            state.message = .init(text: items.isEmpty ? "No tasks or links in this note"
                                                      : "No \(items.contains(where: isTask) ? "links" : "tasks") in this note",
                                  isError: false)
            return
        }
        let index: Int
        if let current = state.readItem, current < items.count {
            index = forward ? (candidates.first { $0 > current } ?? candidates[0])
                            : (candidates.last { $0 < current } ?? candidates[candidates.count - 1])
        } else {
            let top = state.readTop.line
            let onScreen = candidates.filter { items[$0].line(in: rendering) >= top }
            index = forward ? (onScreen.first ?? candidates[0]) : (onScreen.last ?? candidates[candidates.count - 1])
        }
        state.readItem = index
        let rows = NoteReadScreen.bodyRows(state.size)
        let line = items[index].line(in: rendering)
        if line < state.readTop.line || line >= state.readTop.line + rows {
            let lastTop = max(0, rendering.lines.count - rows)
            state.readTop = ReadPosition(block: 0, line: min(max(0, line - rows / 3), lastTop))
        }
    }

    /// `x` / `Space`: the task in focus ticked or unticked, one byte of the body changed.
    private static func tick(_ note: Note, _ rendering: MarkdownRendering, _ items: [ReadItem],
                             _ state: inout AppState) -> [Effect] {
        guard let focused = state.readItem, focused < items.count, case .task(let index) = items[focused],
              index < rendering.tasks.count else {
            stepItem(forward: true, rendering, items, &state, where: isTask)
            if state.readItem != nil { state.message = .init(text: "x ticks this task; Tab moves to the next", isError: false) }
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
