import Foundation
import NotesBase
import NotesModel
import NotesStore

/// One note's field edit committed through the store's one write path, resolved under its
/// lock (`StoreEdit.resolve`), then what changed printed as `notes set` prints it.
/// Shared by `set`, `pin`, `unpin` and `append`.
enum FieldEditCommit {
    /// Commits `edit` of `base` (the note as read) and prints the changed fields, or
    /// "no changes"; a field changed elsewhere meanwhile is named in a warning.
    static func run(_ edit: NoteEdit, of base: Note, in store: NotesStore) throws {
        try run(of: base, in: store) { _ in edit }
    }

    /// `run`, the edit made under the lock from the note as the store holds it then
    /// (`base` when it is gone): `append` adds to the body as it is, not as it was read.
    static func run(of base: Note, in store: NotesStore, making edit: (Note) -> NoteEdit) throws {
        var before = base
        var resolution = EditResolution()
        try store.commit(derivedFrom: { database in
            before = database.notes[base.id] ?? base
            resolution = try StoreEdit.resolve([.note(edit(before))], in: database, now: ISODate.rounded(Date()))
            return resolution.changes
        })
        guard let after = store.contents.notes[base.id], !resolution.changes.isEmpty else {
            Console.out("no changes")
            return
        }
        Console.out(lines: NoteChangeSummary.lines(from: before, to: after, in: store.contents))
        if !resolution.replaced.isEmpty {
            Console.warning("the note changed meanwhile elsewhere: \(ReplacedValue.note(resolution.replaced))")
        }
    }
}
