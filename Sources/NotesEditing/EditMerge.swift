import Foundation
import NotesModel

/// How an edit that took a while (an editor session) is saved over whatever happened
/// to the note meanwhile, so that no change silently replaces another.
///
/// The editor's save is a `NoteEdit` of the fields that differ from the note as it was
/// when the edit began (`base`), resolved by the same rules as every other edit
/// (`StoreEdit.resolve`): fields changed elsewhere that the edit did not touch stay;
/// tags merge as sets; a title, category or kind changed on both sides keeps the edit's
/// and names the one it replaced; a body changed on both sides keeps the edit's and the
/// other as a conflict copy (a new note, tagged `conflict`, title marked). Unlike the
/// other edits, it keeps `base` whole: a note deleted meanwhile comes back, with the edit
/// (the editor holds all the text the user typed).
public enum EditMerge {
    public static let conflictTag = StoreEdit.conflictTag

    /// The edit an editor's save makes. `copyID` is the id a conflict copy gets.
    public static func edit(base: Note, edited: Note, copyID: UUID = UUID()) -> NoteEdit {
        NoteEdit(from: base, to: edited, keepingSeen: true, conflictCopyID: copyID)
    }

    /// The changes the save comes to on `database` (the store's caught-up contents), and
    /// what it met there.
    public static func changes(base: Note, edited: Note, in database: NotesDatabase, now: Date,
                               copyID: UUID = UUID()) throws -> (changes: [StoreChange], outcome: EditOutcome) {
        let resolution = try StoreEdit.resolve([.note(edit(base: base, edited: edited, copyID: copyID))], in: database, now: now)
        return (resolution.changes, resolution.outcomes.first ?? EditOutcome(subject: .note(base.id)))
    }

    /// Whether `edited` differs from `base` in anything the user edits (`NoteField`).
    /// Bodies are compared byte for byte.
    public static func isChanged(_ base: Note, _ edited: Note) -> Bool {
        !NoteField.changed(from: base, to: edited).isEmpty
    }
}
