import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal
import Synchronization

/// The read view's rendered Markdown of one note at one width, kept while the body and
/// width stay. A body longer than `longestRendered` is not rendered whole: the read view
/// shows a window of its segments (`RenderedWindow`, `RenderedSegmentCache`).
final class RenderedBody: Sendable {
    static let shared = RenderedBody()

    /// A note's line breaks are kept (as Obsidian, Joplin and Bear show them): a note
    /// typed or imported as lines stays in lines.
    static let options = MarkdownOptions(keepsLineBreaks: true)

    /// The longest body (UTF-8 bytes) rendered whole.
    static let longestRendered = 1 << 20

    /// What was rendered last: the body itself is compared (it is short), so an edit that
    /// keeps the length and the time (a tick in the same millisecond) is never missed.
    private struct Kept {
        let body: String
        let width: Int
        let order: WikiLinkOrder
        let rendering: MarkdownRendering
    }

    private let kept = Mutex<Kept?>(nil)
    private let progressKept = Mutex<[UUID: (note: Note, progress: TaskProgress)]>([:])

    /// The rendering of `note` at `width`, its wiki links read in `order`, or nil when the
    /// body is too long to render whole.
    func rendering(of note: Note, width: Int, order: WikiLinkOrder) -> MarkdownRendering? {
        guard note.bodyUTF8CountBound <= Self.longestRendered else { return nil }
        let body = note.body, width = max(1, width)
        if let found = kept.withLock({ $0?.width == width && $0?.order == order && $0?.body == body ? $0?.rendering : nil }) {
            return found
        }
        var options = Self.options
        options.wikiLinkOrder = order
        let rendering = MarkdownRenderer.render(body, width: width, displayWidth: DisplayWidth.of, options: options)
        kept.withLock { $0 = Kept(body: body, width: width, order: order, rendering: rendering) }
        return rendering
    }

    /// The longest body whose tasks a list row counts.
    static let longestCounted = 1 << 18

    /// The tasks ticked and all the tasks of a body up to `longestCounted` (nil for a
    /// longer one: its row and header show no progress, as counting would render it
    /// whole); kept per note while its body is the same bytes (`Note.hasSameBody`: a body
    /// still in the snapshot file is the same without reading it), a few hundred at most,
    /// so a list drawn again neither decodes nor hashes its rows' bodies.
    func progress(of note: Note) -> TaskProgress? {
        guard note.bodyUTF8CountBound <= Self.longestCounted else { return nil }
        if let kept = progressKept.withLock({ $0[note.id] }), kept.note.hasSameBody(as: note) { return kept.progress }
        let tasks = MarkdownRenderer.render(note.body, width: 1 << 12, displayWidth: DisplayWidth.of).tasks
        let progress = TaskProgress(done: tasks.filter(\.checked).count, total: tasks.count)
        progressKept.withLock { kept in
            if kept.count >= 512 { kept = [:] }
            kept[note.id] = (note, progress)
        }
        return progress
    }
}

/// A checklist's progress as the list row and the read view's header show it.
public enum ChecklistProgress {
    /// `3/5` for a checklist note (ticked and all tasks, counted by the renderer), nil for
    /// another kind, a checklist with no task yet (a row saying `0/0` reads as a fault; the
    /// row's `C` and the header's "checklist" say what it is), or a body too long to count.
    public static func text(of note: Note) -> String? {
        guard note.kind == .checklist, let progress = RenderedBody.shared.progress(of: note), progress.total > 0 else { return nil }
        return progress.text
    }
}

/// How many of a note's tasks are ticked: `3/5`.
struct TaskProgress: Equatable, Sendable {
    let done: Int
    let total: Int

    var text: String { "\(done)/\(total)" }
}
