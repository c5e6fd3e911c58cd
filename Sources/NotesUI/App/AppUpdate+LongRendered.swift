import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel

/// What the rendered read view shows (`AppUpdate.shownRendering`).
struct ShownReading {
    var rendering: MarkdownRendering
    /// The note, without its attachments while a long body's window does not reach the
    /// end (they are listed under the body).
    var note: Note
    /// The window of a body longer than `RenderedBody.longestRendered`; nil for a body
    /// rendered whole.
    var window: RenderedWindow?

    /// `task` with its box's offset in the whole body: a window's offsets count from the
    /// decoded start of the segment that shows the task.
    func bodyTask(_ task: MarkdownTask) -> MarkdownTask {
        guard let window, let part = window.part(showing: task.line) else { return task }
        let start = note.withBodyBytes { bytes in
            bytes.isEscaped ? bytes.withDecoded(0..<part.range.lowerBound) { $0.count } : part.range.lowerBound
        }
        return MarkdownTask(boxOffset: start + task.boxOffset, checked: task.checked, line: task.line)
    }
}

/// The rendered read view of a body longer than `RenderedBody.longestRendered`: it shows
/// a window of the body's segments (`RenderedWindow`), from the segment at
/// `readTop.block` on, and every key costs the segments it passes or shows. Before a key
/// the window starts far enough up for a page up; after it, it starts at the segment
/// showing the top line, so line numbers (the top, the item in focus, the current match)
/// stay small and are moved along with the window's start.
extension AppUpdate {
    static func isLong(_ note: Note) -> Bool { note.bodyUTF8CountBound > RenderedBody.longestRendered }

    /// The window of `note` from the segment at `readTop.block`, three screens past the top
    /// line, with the backlinks and attachments when it reaches the end of the body.
    static func longRendering(_ note: Note, _ state: AppState, _ snapshot: NotesSnapshot) -> ShownReading {
        let width = NoteReadScreen.bodyWidth(state.size)
        let window = RenderedSegmentCache.shared.window(of: note, width: width, order: snapshot.index.linkOrder(of: note.id),
                                                         from: state.readTop.block,
                                                         minimumLines: state.readTop.line + 3 * max(1, state.size.height))
        var rendering = window.rendering
        var shown = note
        if window.reachesEnd {
            rendering.append(ReadBacklinks.rendering(of: note, in: snapshot, width: width))
        } else {
            shown.attachments = []
        }
        return ShownReading(rendering: rendering, note: shown, window: window)
    }

    /// A key of a long body's rendered view done here (`g`, `G`); for another key, the
    /// window is moved up first (`extendWindowBack`) and nil is returned.
    static func longReadingAction(_ action: KeyAction, _ note: Note, _ state: inout AppState, _ snapshot: NotesSnapshot,
                                  rows: Int) -> [Effect]? {
        guard isLong(note), action != .toggleRaw else { return nil }
        let width = NoteReadScreen.bodyWidth(state.size)
        switch action {
        case .first:
            moveWindow(to: 0, &state)
            return []
        case .last:
            moveWindow(to: RenderedSegmentCache.shared.lastSegmentStart(of: note, width: width), &state)
            extendWindowBack(note, &state, snapshot, lines: rows)
            let shown = longRendering(note, state, snapshot)
            state.readTop.line = max(0, shown.rendering.lines.count + ReadAttachments.lineCount(shown.note) - rows)
            settleWindow(&state, snapshot)
            return []
        default:
            extendWindowBack(note, &state, snapshot, lines: max(1, state.size.height - 4) + rows)
            return nil
        }
    }

    /// A jump: the window from the segment at `start`, its first line at the top; nothing
    /// in focus, and the current match taken as above the window (`n` looks from the top).
    static func moveWindow(to start: Int, _ state: inout AppState) {
        state.readTop = ReadPosition(block: start, line: 0)
        state.readItem = nil
        if var search = state.readSearch, var match = search.currentMatch {
            match.position.line = -1
            search.currentMatch = match
            state.readSearch = search
        }
    }

    /// Starts the window earlier, a segment at a time, until at least `lines` lines are
    /// above the top line (or it starts at the body's start).
    static func extendWindowBack(_ note: Note, _ state: inout AppState, _ snapshot: NotesSnapshot, lines: Int) {
        let cache = RenderedSegmentCache.shared, width = NoteReadScreen.bodyWidth(state.size)
        let order = snapshot.index.linkOrder(of: note.id)
        var steps = 0
        while state.readTop.line < lines, steps < 64,
              let previous = cache.segmentStart(before: state.readTop.block, of: note, width: width) {
            steps += 1
            let window = cache.window(of: note, width: width, order: order, from: previous, minimumLines: 1,
                                      through: state.readTop.block)
            guard let part = window.parts.first(where: { $0.range.lowerBound == state.readTop.block }) else { return }
            shiftWindow(&state, to: previous, lines: part.firstLine, items: itemCount(in: window.rendering, before: part.firstLine))
        }
    }

    /// After a key: the window starts at the segment showing the top line.
    static func settleWindow(_ state: inout AppState, _ snapshot: NotesSnapshot) {
        guard !state.readsRaw, case .reading(let id) = state.screen, let note = snapshot.database.notes[id], isLong(note)
        else { return }
        let window = RenderedSegmentCache.shared.window(of: note, width: NoteReadScreen.bodyWidth(state.size),
                                                         order: snapshot.index.linkOrder(of: note.id),
                                                         from: state.readTop.block, minimumLines: state.readTop.line + 1)
        guard let part = window.part(showing: state.readTop.line), part.firstLine > 0 else { return }
        shiftWindow(&state, to: part.range.lowerBound, lines: -part.firstLine,
                    items: -itemCount(in: window.rendering, before: part.firstLine))
    }

    /// The window's start moved to `start`: the top, the current match and the item in
    /// focus move by `lines` lines and `items` items (no focus when it scrolled out).
    private static func shiftWindow(_ state: inout AppState, to start: Int, lines: Int, items: Int) {
        state.readTop = ReadPosition(block: start, line: state.readTop.line + lines)
        state.readItem = state.readItem.flatMap { $0 + items >= 0 ? $0 + items : nil }
        if var search = state.readSearch, var match = search.currentMatch {
            match.position.line += lines
            search.currentMatch = match
            state.readSearch = search
        }
    }

    /// How many read-view items (tasks, links) start above `line`.
    private static func itemCount(in rendering: MarkdownRendering, before line: Int) -> Int {
        ReadItems.items(in: rendering, attachments: 0).filter { $0.line(in: rendering) < line }.count
    }
}
