import Foundation
import NotesLinks
import NotesModel
import NotesStore

/// How `notes set ID --title` finds the notes whose links follow the rename without
/// reading every body (decision 0070). The store is opened for the note alone; the link
/// index beside the snapshot (`LinkIndexFile`) names the snapshot's notes that link to the
/// old title or share it, and those are loaded too. Every note the journal changed since
/// the snapshot is loaded by the store itself, so the notes the index names and the notes
/// loaded are all the notes that can link there. Under the lock the index must still
/// name the snapshot the store holds, and the title must still be the one looked up;
/// otherwise (`Stale`) the rename is made again on the whole store, which writes a new
/// index: a stale or missing index costs time, never an edit.
struct TitleRename {
    /// The index read beside the snapshot, or nil: the store must be read whole.
    let sources: RenameSources?
    /// The title the index was asked about.
    let lookedUp: String

    /// Thrown under the lock when what the index said no longer holds.
    struct Stale: Error {}

    /// Loads into `store` (opened for `note` alone) the notes the index names for its
    /// title. `sources` is nil when there is no usable index: open the whole store then.
    static func prepare(_ store: NotesStore, renaming note: Note) throws -> TitleRename {
        guard store.isPartial, let sources = LinkIndexFile.read(for: store.url) else {
            return TitleRename(sources: nil, lookedUp: note.title)
        }
        try store.load(touching: sources.notesToLoad(renamingFrom: note.title))
        return TitleRename(sources: sources, lookedUp: note.title)
    }

    /// The link rewrites of renaming the note `id` from `old` (its title under the lock) to
    /// `new`, on `database` (the store's contents under the lock). Throws `Stale` when a
    /// store opened for a few notes no longer holds everything they need.
    func edits(renaming id: UUID, from old: String, to new: String, in database: NotesDatabase,
               store: NotesStore) throws -> DerivedEdits {
        guard store.isPartial else { return Self.wholeStoreEdits(renaming: id, from: old, to: new, store: store, database: database) }
        guard let sources, sources.describesSnapshot(of: store.url),
              LinkResolver.key(ofTitle: old) == LinkResolver.key(ofTitle: lookedUp) else { throw Stale() }
        let scope = sources.scope(renamingFrom: old, loaded: database.notes.keys)
        return DerivedEdits { database in
            RenameLinks.edits(renaming: id, from: old, to: new, in: database, scope: scope)
        }
    }

    /// On the whole store: a new index of it, written for the next rename, gives the notes;
    /// without a snapshot to describe, every body is read.
    private static func wholeStoreEdits(renaming id: UUID, from old: String, to new: String, store: NotesStore,
                                        database: NotesDatabase) -> DerivedEdits {
        guard let index = LinkIndexFile.write(for: store, from: database) else {
            return DerivedEdits { RenameLinks.edits(renaming: id, from: old, to: new, in: $0) }
        }
        let linking = index.notes(linkingTo: old), sharing = index.notes(titled: old)
        return DerivedEdits { database in
            RenameLinks.edits(renaming: id, from: old, to: new, in: database, sources: linking, sharing: sharing)
        }
    }
}
