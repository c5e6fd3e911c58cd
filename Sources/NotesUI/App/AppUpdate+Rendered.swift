import Foundation
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The read view showing rendered Markdown (the default; `R` shows the raw text): its
/// moves go by rendered lines, `Tab`/`Shift-Tab` go from item to item (tasks, links and
/// attachments, `ReadItems`), `x` (or `Space` on a task) ticks one as a body edit through
/// the one write path, and `Enter` acts on the item in focus (`AppUpdate+ReadItems`).
extension AppUpdate {
    /// What the read view shows for `note` rendered, with the backlinks under it: the
    /// whole body, or the window of a longer body (`RenderedWindow`, from the segment at
    /// `readTop.block`); nil when it shows the raw text (`R`).
    static func shownRendering(_ note: Note?, _ state: AppState, _ snapshot: NotesSnapshot) -> ShownReading? {
        guard !state.readsRaw, let note else { return nil }
        let width = NoteReadScreen.bodyWidth(state.size)
        guard var rendering = RenderedBody.shared.rendering(of: note, width: width, order: snapshot.index.linkOrder(of: note.id)) else {
            return longRendering(note, state, snapshot)
        }
        rendering.append(ReadBacklinks.rendering(of: note, in: snapshot, width: width))
        return ShownReading(rendering: rendering, note: note, window: nil)
    }

    /// An action of the read view that rendering changes; nil when the raw view's
    /// handling applies (it does for every action when the raw text is shown).
    static func renderedReadingAction(_ action: KeyAction, key: Key, _ given: Note?, _ state: inout AppState,
                                      _ snapshot: NotesSnapshot, rows: Int) -> [Effect]? {
        if action == .toggleRaw {
            state.readsRaw.toggle()
            (state.readTop, state.readItem, state.readSearch) = (.top, nil, nil)
            state.message = .init(text: state.readsRaw ? "Raw text (R: rendered)" : "Rendered (R: raw text)", isError: false)
            return []
        }
        if let given, !state.readsRaw, let effects = longReadingAction(action, given, &state, snapshot, rows: rows) {
            return effects
        }
        guard let given, let shown = shownRendering(given, state, snapshot) else {
            if let note = given, action == .showAttachments || action == .openItem && !note.attachments.isEmpty {
                return attachmentsUnrendered(note, &state)
            }
            if [.nextTask, .previousTask, .toggleTask, .openItem].contains(action) {
                state.message = .init(text: "Tasks and links are in the rendered view (R)", isError: true)
                return []
            }
            if [.nextHeading, .previousHeading].contains(action) {
                state.message = .init(text: "Headings are in the rendered view (R)", isError: true)
                return []
            }
            return nil
        }
        defer { settleWindow(&state, snapshot) }
        let rendering = shown.rendering, note = shown.note
        let items = ReadItems.items(in: rendering, attachments: note.attachments.count)
        let focused = state.readItem.flatMap { $0 < items.count ? items[$0] : nil }
        let page = max(1, state.size.height - 4)
        let lastTop = max(0, rendering.lines.count + ReadAttachments.lineCount(note) - rows)
        let top = min(state.readTop.line, lastTop)
        let block = state.readTop.block
        switch action {
        case .down: state.readTop = ReadPosition(block: block, line: min(top + 1, lastTop))
        case .up: state.readTop = ReadPosition(block: block, line: max(top - 1, 0))
        case .pageDown where key == .character(" ") && focused.map(isTask) == true: return tick(note, shown, items, &state, rows: rows)
        case .pageDown: state.readTop = ReadPosition(block: block, line: min(top + page, lastTop))
        case .pageUp: state.readTop = ReadPosition(block: block, line: max(top - page, 0))
        case .first: state.readTop = .top
        case .last: state.readTop = ReadPosition(block: block, line: lastTop)
        case .nextTask, .previousTask:
            stepItem(forward: action == .nextTask, note, rendering, items, &state, rows: rows, goesRound: shown.window == nil)
        case .toggleTask: return tick(note, shown, items, &state, rows: rows)
        case .openItem: return openItem(focused, note, shown, items, &state, snapshot, rows: rows)
        case .showAttachments: showAttachments(note, rendering, items, &state, rows: rows)
        case .nextHeading, .previousHeading:
            let forward = action == .nextHeading
            let partial = shown.window.map { forward ? !$0.reachesEnd : state.readTop.block > 0 } ?? false
            stepHeading(forward: forward, rendering, top: top, lastTop: lastTop, partial: partial, &state)
        case .findInNote: state.readSearch = ReadSearch()
        case .nextMatch, .previousMatch: stepRenderedSearch(forward: action == .nextMatch, shown, &state, snapshot, rows: rows)
        default: return nil
        }
        return []
    }

    /// `x` / `Space`: the task in focus ticked or unticked, one byte of the body changed.
    static func tick(_ note: Note, _ shown: ShownReading, _ items: [ReadItem], _ state: inout AppState,
                     rows: Int) -> [Effect] {
        let rendering = shown.rendering
        guard let focused = state.readItem, focused < items.count, case .task(let index) = items[focused],
              index < rendering.tasks.count else {
            stepItem(forward: true, note, rendering, items, &state, rows: rows, goesRound: shown.window == nil, where: isTask)
            if state.readItem != nil { state.message = .init(text: "x ticks this task; Tab moves to the next", isError: false) }
            return []
        }
        let task = shown.bodyTask(rendering.tasks[index])
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
