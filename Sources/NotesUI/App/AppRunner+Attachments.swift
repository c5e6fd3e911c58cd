import Foundation
import NotesModel

/// The runner's part in attachments: the files held for undo, the sizes the read view
/// lists, and `Enter`'s opener (`AttachmentAccess`).
extension AppRunner {
    /// Lets the repository go of the attachments it holds for notes deleted for good that no
    /// step left in the history can bring back (a new change cleared the redo steps, the
    /// oldest step went past the limit, a step was dropped): they are removed.
    func releaseUnreachableAttachments() {
        let held = repository.heldAttachmentNoteIDs
        guard !held.isEmpty else { return }
        let unreachable = held.subtracting(history.noteIDs)
        if !unreachable.isEmpty { repository.releaseHeldAttachments(of: unreachable) }
    }

    /// Opens an attachment (`Effect.openAttachment`); what came of it goes on the status line.
    func open(_ path: AttachmentPath) {
        let opened = attachments.open(path)
        answer(.notice(opened.message, isError: opened.isError))
    }

    /// Opens a web address (`Effect.openAddress`); what came of it goes on the status line.
    func open(address: String) {
        let opened = attachments.openAddress(address)
        answer(.notice(opened.message, isError: opened.isError))
    }

    /// Puts on the status line each opener that failed since the last look (an opener runs in
    /// the background: `Enter` said it was opening, its end comes later). True while one runs,
    /// so that the loop keeps looking without a key.
    @discardableResult
    func showOpenerFailures() -> Bool {
        let (failures, stillRunning) = attachments.openerFailures()
        for failure in failures { answer(.notice(failure, isError: true)) }
        return stillRunning
    }

    /// Looks up the sizes of the read note's attachment files once per note and list of
    /// attachments, before a draw (`EffectResult.attachmentSizes`).
    func lookUpAttachmentSizes() {
        guard case .reading(let id) = state.screen, let note = snapshot.database.notes[id], !note.attachments.isEmpty,
              state.attachmentSizes?.describe(note) != true else { return }
        var sizes: [AttachmentPath: Int] = [:]
        for path in note.attachments { sizes[path] = attachments.size(path) }
        answer(.attachmentSizes(AttachmentSizes(noteID: id, paths: note.attachments, sizes: sizes)))
    }
}
