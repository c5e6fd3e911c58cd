import Foundation
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The rendered read view's items (decision 0060): its tasks in reading order, then its
/// attachments, listed under the body. `Tab`/`Shift-Tab` move the one focus among them,
/// `Enter` opens the attachment in focus (or ticks the task in focus), `A` goes to the
/// attachments.
extension AppUpdate {
    /// `Tab` / `Shift-Tab`: the next or previous item (round the ends), scrolled into view.
    /// With nothing in focus, the first item at or after the top line (the last, backwards).
    static func stepItem(forward: Bool, _ note: Note, _ rendering: MarkdownRendering, _ state: inout AppState,
                         tasksOnly: Bool = false) {
        let bodyLines = rendering.lines.count
        var lines = rendering.tasks.map(\.line)
        if !tasksOnly {
            lines += note.attachments.indices.map { ReadAttachments.line(of: $0, bodyLines: bodyLines) }
        }
        guard !lines.isEmpty else {
            state.message = .init(text: "No tasks in this note", isError: false)
            return
        }
        let count = lines.count
        let current = state.readTask.flatMap { $0 < rendering.tasks.count ? $0 : nil }
            ?? state.readAttachment.flatMap { tasksOnly || $0 >= note.attachments.count ? nil : rendering.tasks.count + $0 }
        let index: Int
        if let current {
            index = (current + (forward ? 1 : count - 1)) % count
        } else {
            let top = state.readTop.line
            index = forward ? (lines.firstIndex { $0 >= top } ?? 0) : (lines.lastIndex { $0 >= top } ?? count - 1)
        }
        (state.readTask, state.readAttachment) = index < rendering.tasks.count ? (index, nil) : (nil, index - rendering.tasks.count)
        show(line: lines[index], documentLines: bodyLines + ReadAttachments.lineCount(note), &state)
    }

    /// `Enter`: opens the attachment in focus, ticks the task in focus; with nothing in
    /// focus, says how to pick one.
    static func openItem(_ note: Note, _ rendering: MarkdownRendering, _ state: inout AppState) -> [Effect] {
        if let index = state.readAttachment, index < note.attachments.count {
            state.message = .init(text: "Opening " + ReadAttachments.text(note.attachments[index], size: nil), isError: false)
            return [.openAttachment(note.attachments[index])]
        }
        if state.readTask != nil { return tick(note, rendering, &state) }
        let text = note.attachments.isEmpty ? "Tab moves to a task; x ticks it" : "Tab or A moves to an attachment; Enter opens it"
        state.message = .init(text: text, isError: false)
        return []
    }

    /// `A`: the focus on the first attachment (the list under the body scrolled into view).
    static func showAttachments(_ note: Note, _ rendering: MarkdownRendering, _ state: inout AppState) {
        guard !note.attachments.isEmpty else {
            state.message = .init(text: "This note has no attachments ('notes attach ID FILE' adds one)", isError: false)
            return
        }
        (state.readTask, state.readAttachment) = (nil, 0)
        let bodyLines = rendering.lines.count
        show(line: bodyLines, documentLines: bodyLines + ReadAttachments.lineCount(note), &state)
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
    static func show(line: Int, documentLines: Int, _ state: inout AppState) {
        let rows = NoteReadScreen.bodyRows(state.size)
        guard line < state.readTop.line || line >= state.readTop.line + rows else { return }
        let lastTop = max(0, documentLines - rows)
        state.readTop = ReadPosition(block: 0, line: min(max(0, line - rows / 3), lastTop))
    }
}
