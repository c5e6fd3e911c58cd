import Foundation
import NotesLinks
import NotesModel

/// A rename that keeps the links to the note working (PRODUCT §5.3): the notes that link
/// to it are known from the link index; their bodies are rewritten from the store as it is
/// under the lock (`DerivedEdits`), in the rename's own commit, so that one `u` undoes both.
extension AppUpdate {
    /// The link rewrites for renaming `note` to `title`, and how many notes the index says
    /// they touch; nil when nothing links to it (or the index is still being built).
    static func linkUpdate(renaming note: Note, to title: String, _ snapshot: NotesSnapshot)
        -> (edits: DerivedEdits, count: Int)? {
        guard snapshot.index.isSearchable else { return nil }
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
