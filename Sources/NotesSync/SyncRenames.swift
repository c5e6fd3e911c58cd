import Foundation
import NotesLinks
import NotesModel

/// Renames that arrive by sync keep links working (PRODUCT §5.3, decision 0070): a note
/// whose title the received changes change was renamed on another home, which rewrote the
/// links it knew of; the links to the old title in this store's notes (one written here
/// meanwhile, or left as they were there) are pointed at the new title as `notes set
/// --title` would (`RenameLinks`), in the same commit as the sync's changes. They are this
/// home's changes: the next sync sends them.
enum SyncRenames {
    /// `changes` (what the sync applies to `database`, the store's contents under its lock)
    /// with the link rewrites of the renames among them, dated `now`; and how many notes
    /// had their links updated. A rewritten note the changes also put is put once, rewritten.
    /// `index`: `database` holds a few notes, those the rename index names for each old title
    /// among them (`PartialRenames`); nil: it holds every note, each body is scanned.
    static func withLinkUpdates(_ changes: [StoreChange], in database: NotesDatabase, now: Date,
                                index: RenameSources? = nil) throws -> (changes: [StoreChange], relinked: Int) {
        let renames = self.renames(in: changes, of: database)
        guard !renames.isEmpty else { return (changes, 0) }
        var after = database
        try after.apply(changes)
        var result = changes
        var position: [UUID: Int] = [:]
        for (index, change) in changes.enumerated() {
            if case .putNote(let note) = change { position[note.id] = index }
        }
        var relinked = Set<UUID>()
        for rename in renames {
            let edits = index.map { index in
                RenameLinks.edits(renaming: rename.id, from: rename.old, to: rename.new, in: after,
                                  scope: index.scope(renamingFrom: rename.old, loaded: after.notes.keys))
            } ?? RenameLinks.edits(renaming: rename.id, from: rename.old, to: rename.new, in: after)
            guard !edits.isEmpty else { continue }
            let resolution = try StoreEdit.resolve(edits.map(StoreEdit.note), in: after, now: now)
            try after.apply(resolution.changes)
            for change in resolution.changes {
                guard case .putNote(let note) = change else { result.append(change); continue }
                relinked.insert(note.id)
                if let index = position[note.id] {
                    result[index] = change
                } else {
                    position[note.id] = result.count
                    result.append(change)
                }
            }
        }
        return (result, relinked.count)
    }

    /// The live notes of `database` whose title `changes` change, in id order.
    static func renames(in changes: [StoreChange], of database: NotesDatabase) -> [(id: UUID, old: String, new: String)] {
        var renames: [(id: UUID, old: String, new: String)] = []
        for change in changes {
            guard case .putNote(let note) = change, note.deleted == nil,
                  let old = database.notes[note.id]?.title, old != note.title else { continue }
            renames.append((note.id, old, note.title))
        }
        return renames.sorted { $0.id.uuidString < $1.id.uuidString }
    }
}
