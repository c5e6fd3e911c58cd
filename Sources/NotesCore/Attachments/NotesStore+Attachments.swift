import Foundation

/// A note deleted for good takes its attachments with it.
extension NotesStore {
    /// Removes the folder `attachments/<id>/` of each note `changes` deleted for good, once
    /// the commit is in the journal: a kill in between leaves a folder no note names (which
    /// `notes doctor` lists), never a note naming a file that is gone. A folder that cannot
    /// be removed is a warning; the commit stands.
    func removeAttachments(ofNotesDeletedBy changes: [StoreChange]) {
        let deleted = changes.compactMap { change -> UUID? in
            guard case .deleteNote(let id) = change, contents.anyNote(id) == nil else { return nil }
            return id
        }
        guard !deleted.isEmpty else { return }
        let storeFolder = url.deletingLastPathComponent()
        for id in deleted {
            do { try AttachmentFiles.removeFolder(of: id, in: storeFolder) } catch {
                warn("the attachments of a note deleted for good could not be removed (\(error)); 'notes doctor' lists the folder")
            }
        }
    }
}
