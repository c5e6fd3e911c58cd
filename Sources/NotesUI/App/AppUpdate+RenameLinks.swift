import Foundation
import NotesLinks
import NotesModel

/// A rename that keeps the links to the note working (PRODUCT §5.3): the notes that link
/// to it are known from the link index; their bodies are rewritten from the store as it is
/// under the lock (`DerivedEdits`), in the rename's own commit, so that one `u` undoes both.
extension AppUpdate {
    /// `edit` (from the editor), and when it changes the title and the setting is on, the
    /// rewrites of the links to the note, in the same commit.
    static func withLinkUpdates(_ edit: NoteEdit, _ state: AppState, _ snapshot: NotesSnapshot) -> [StoreEdit] {
        guard state.updatesLinksOnRename, let title = edit.title, title.from != title.to,
              let note = snapshot.database.notes[edit.noteID],
              let links = linkUpdate(renaming: note, to: title.to, snapshot) else { return [.note(edit)] }
        return [.note(edit), .derived(links.edits)]
    }

    /// The link rewrites for renaming `note` to `title`, and how many notes the index says
    /// they touch; nil when nothing links to it. Waits for an index still being built (a
    /// rename must not skip the links because the index is not there yet).
    static func linkUpdate(renaming note: Note, to title: String, _ snapshot: NotesSnapshot)
        -> (edits: DerivedEdits, count: Int)? {
        let sources = snapshot.index.backlinks(of: note).map(\.source.id)
        guard !sources.isEmpty else { return nil }
        let sharing = snapshot.index.notes(titled: note.title)
        let (id, old) = (note.id, note.title)
        let edits = DerivedEdits { database in
            RenameLinks.edits(renaming: id, from: old, to: title, in: database, sources: sources, sharing: sharing)
        }
        return (edits, sources.count)
    }
}
