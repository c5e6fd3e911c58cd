import Foundation
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The rendered read view's items (decision 0060, `ReadItems`): its tasks and links in
/// reading order, then its attachments, listed under the body. `Tab`/`Shift-Tab` move the
/// one focus among them, `Enter` acts on the one in focus (follows a link, opens an
/// attachment, ticks a task), `A` goes to the attachments.
extension AppUpdate {
    static func isTask(_ item: ReadItem) -> Bool {
        if case .task = item { return true }
        return false
    }

    static func isAttachment(_ item: ReadItem) -> Bool {
        if case .attachment = item { return true }
        return false
    }

    /// `Tab` / `Shift-Tab`: the next or previous item (round the ends, unless the rendering
    /// is a long body's window, `goesRound` false) that `fits`, scrolled into view. With
    /// nothing in focus, the first at or after the top line (the last, backwards).
    static func stepItem(forward: Bool, _ note: Note, _ rendering: MarkdownRendering, _ items: [ReadItem],
                         _ state: inout AppState, rows: Int, goesRound: Bool = true,
                         where fits: (ReadItem) -> Bool = { _ in true }) {
        let candidates = items.indices.filter { fits(items[$0]) }
        guard !candidates.isEmpty else {
            state.message = .init(text: items.isEmpty ? "No tasks, links or attachments in this note"
                                                      : "No \(items.contains(where: isTask) ? "links" : "tasks") in this note",
                                  isError: false)
            return
        }
        let index: Int
        if let current = state.readItem, current < items.count {
            let next = forward ? candidates.first { $0 > current } : candidates.last { $0 < current }
            guard next != nil || goesRound else {
                state.message = .init(text: "No more tasks or links " + (forward ? "in the next screens" : "above"),
                                      isError: false)
                return
            }
            index = next ?? (forward ? candidates[0] : candidates[candidates.count - 1])
        } else {
            let top = state.readTop.line
            let onScreen = candidates.filter { items[$0].line(in: rendering) >= top }
            index = forward ? (onScreen.first ?? candidates[0]) : (onScreen.last ?? candidates[candidates.count - 1])
        }
        state.readItem = index
        show(line: items[index].line(in: rendering), documentLines: rendering.lines.count + ReadAttachments.lineCount(note),
             rows: rows, &state)
    }

    /// `Enter`: follows the link in focus, opens the attachment in focus, ticks the task in
    /// focus; with nothing in focus, moves to the first link or attachment and says so.
    static func openItem(_ focused: ReadItem?, _ note: Note, _ shown: ShownReading, _ items: [ReadItem],
                         _ state: inout AppState, _ snapshot: NotesSnapshot, rows: Int) -> [Effect] {
        let rendering = shown.rendering
        switch focused {
        case .link(let link)?: return follow(link, in: note, &state, snapshot)
        case .attachment(let index)? where index < note.attachments.count:
            state.message = .init(text: "Opening " + ReadAttachments.text(note.attachments[index], size: nil), isError: false)
            return [.openAttachment(note.attachments[index])]
        case .task?: return tick(note, shown, items, &state, rows: rows)
        default:
            stepItem(forward: true, note, rendering, items, &state, rows: rows, goesRound: shown.window == nil,
                     where: { !isTask($0) })
            if state.readItem != nil {
                state.message = .init(text: "Enter opens this; Tab moves to the next", isError: false)
            }
            return []
        }
    }

    /// `A`: the focus on the first attachment (the list under the body scrolled into view).
    static func showAttachments(_ note: Note, _ rendering: MarkdownRendering, _ items: [ReadItem], _ state: inout AppState,
                                rows: Int) {
        guard let first = items.firstIndex(where: isAttachment) else {
            state.message = .init(text: "This note has no attachments ('notes attach ID FILE' adds one)", isError: false)
            return
        }
        state.readItem = first
        let bodyLines = rendering.lines.count
        show(line: bodyLines, documentLines: bodyLines + ReadAttachments.lineCount(note), rows: rows, &state)
        state.message = .init(text: "Enter opens the attachment in focus; Tab the next", isError: false)
    }

    /// `Enter` or `A` where nothing is rendered (raw text, or a body too long to render):
    /// the attachments are items of the rendered view, so the message names them.
    static func attachmentsUnrendered(_ note: Note, _ state: inout AppState) -> [Effect] {
        let names = note.attachments.compactMap { $0.relativePath.split(separator: "/").last.map(String.init) }
        let text = names.isEmpty ? "This note has no attachments"
            : state.readsRaw ? "Attachments are opened from the rendered view (R): " + names.joined(separator: ", ")
            : "Attachments: " + names.joined(separator: ", ") + " (notes open ID NAME)"
        state.message = .init(text: text, isError: false)
        return []
    }

    /// Scrolls the read view so that `line` of a document of `documentLines` lines shows,
    /// a third of the way down when it must move.
    static func show(line: Int, documentLines: Int, rows: Int, _ state: inout AppState) {
        guard line < state.readTop.line || line >= state.readTop.line + rows else { return }
        let lastTop = max(0, documentLines - rows)
        state.readTop = ReadPosition(block: state.readTop.block, line: min(max(0, line - rows / 3), lastTop))
    }
}
