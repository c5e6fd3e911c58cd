import Foundation
import NotesModel

/// A note deleted for good takes its attachments with it; in the UI they are held aside
/// for undo (`HeldAttachments`), and come back with the note.
extension NotesStore {
    /// Removes the folder `attachments/<id>/` of each note `changes` deleted for good, once
    /// the commit is in the journal: a kill in between leaves a folder no note names (which
    /// `notes doctor` lists), never a note naming a file that is gone. With
    /// `holdsDeletedAttachments` the folder is moved into the holding place instead. A folder
    /// that cannot be removed is a warning; the commit stands.
    func removeAttachments(ofNotesDeletedBy changes: [StoreChange]) {
        let deleted = changes.compactMap { change -> UUID? in
            guard case .deleteNote(let id) = change, contents.anyNote(id) == nil else { return nil }
            return id
        }
        guard !deleted.isEmpty else { return }
        let storeFolder = url.deletingLastPathComponent()
        for id in deleted {
            if let heldAttachments {
                do {
                    try heldAttachments.hold(id)
                    continue
                } catch {
                    warn("the attachments of a note deleted for good could not be kept for undo (\(error)); they are removed")
                }
            }
            do { try AttachmentFiles.removeFolder(of: id, in: storeFolder) } catch {
                warn("the attachments of a note deleted for good could not be removed (\(error)); 'notes doctor' lists the folder")
            }
        }
    }

    /// Puts back the held attachments of each note `changes` brings back (a note the store
    /// does not have, put), before the journal line: returns what moved, for `putBack`
    /// if that line cannot be written. A folder that cannot be put back is a warning: the
    /// note comes back, and `notes doctor` names its missing files.
    func restoreHeldAttachments(ofNotesPutBackBy changes: [StoreChange]) -> [HeldAttachments.Restored] {
        guard let heldAttachments, !heldAttachments.heldIDs.isEmpty else { return [] }
        var restored: [HeldAttachments.Restored] = []
        for case .putNote(let note) in changes where contents.anyNote(note.id) == nil && heldAttachments.heldIDs.contains(note.id) {
            do {
                if let item = try heldAttachments.restore(note) { restored.append(item) }
            } catch {
                warn("the attachments of \"\(note.title)\" could not be put back (\(error)); 'notes doctor' names what is missing")
            }
        }
        return restored
    }

    /// The notes deleted for good whose attachments this store holds for undo.
    public var heldAttachmentNoteIDs: Set<UUID> { heldAttachments?.heldIDs ?? [] }

    /// Lets go of the held attachments of `ids` (removed): no undo can bring their notes back.
    public func releaseHeldAttachments(of ids: Set<UUID>) {
        heldAttachments?.release(ids)
    }
}
