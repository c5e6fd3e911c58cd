import Foundation
import NotesLinks
import NotesModel
import NotesStore

/// The one way a command commits a rename with its link updates (`notes set --title`,
/// `notes edit` with a new title in the header): through the rename index when it serves
/// (`TitleRename`), else on the whole store, which writes a new index.
extension TitleRename {
    /// Runs `commit` with the rename of `note` prepared in `store` (opened for the note
    /// alone, or whole). Without a usable index the whole store is opened first
    /// (`openWhole`); when what the index said no longer holds under the lock (`Stale`),
    /// the commit is made again on the whole store. `store` is the store committed to.
    static func committing<T>(renaming note: Note, in store: inout NotesStore, openWhole: () throws -> NotesStore,
                              _ commit: (NotesStore, TitleRename) throws -> T) throws -> T {
        let prepared = try prepare(store, renaming: note)
        // No usable link index: the whole store, whose commit writes one.
        if prepared.sources == nil, store.isPartial { store = try openWhole() }
        do {
            return try commit(store, prepared)
        } catch is Stale {
            // Another process compacted or renamed meanwhile: the whole store.
            store = try openWhole()
            return try commit(store, TitleRename(sources: nil, lookedUp: note.title))
        }
    }

    /// `edit`, and when it changes the note's title (as it is in `database`, the store's
    /// contents under the lock), the rewrites of the links to it.
    func storeEdits(for edit: NoteEdit, in database: NotesDatabase, store: NotesStore) throws -> [StoreEdit] {
        guard let title = edit.title else { return [.note(edit)] }
        let old = database.notes[edit.noteID]?.title ?? title.from
        guard old != title.to else { return [.note(edit)] }
        return [.note(edit), .derived(try edits(renaming: edit.noteID, from: old, to: title.to, in: database, store: store))]
    }

    /// Commits `edit` with the link rewrites of its new title; what the edits came to.
    func commit(_ edit: NoteEdit, in store: NotesStore, now: Date) throws -> EditResolution {
        var resolution = EditResolution()
        try store.commit(derivedFrom: { database in
            resolution = try StoreEdit.resolve(try storeEdits(for: edit, in: database, store: store), in: database, now: now)
            return resolution.changes
        })
        return resolution
    }
}
