import Foundation
import NotesBase
import NotesJSON

/// How `notes trash` prints the trash: one line a note, or the stable `--json`
/// array documented in `docs/json-output.md`.
public enum TrashOutput {
    /// A note of `notes list --json` with `category` naming its category even if that
    /// was deleted since, and two more keys: `categoryDeleted` and `deleted` (ISO 8601 UTC).
    public static func json(_ note: Note, in database: NotesDatabase) -> JSONValue {
        let category = note.categoryID.flatMap { database.anyCategory($0) }
        return JSONOutput.note(note, in: database)
            .setting("category", to: .optionalString(category?.name))
            .setting("categoryDeleted", to: .bool(category?.deleted != nil))
            .setting("deleted", to: .string(ISODate.format(note.deleted ?? note.updated)))
    }

    /// The whole trash, most recently deleted first.
    public static func json(in database: NotesDatabase) -> JSONValue {
        .array(database.sortedTrash.map { json($0, in: database) })
    }

    /// One line a note, most recently deleted first: short id, when it was deleted,
    /// category (`Work (deleted)` if the category went too), title.
    ///
    ///     3F2504E0  deleted 2024-05-01 14:03  Work  Buy milk
    public static func lines(in database: NotesDatabase, output: PlainOutput) -> [String] {
        let notes = database.sortedTrash
        let names = notes.map { note -> String in
            guard let category = note.categoryID.flatMap({ database.anyCategory($0) }) else { return "-" }
            return category.deleted == nil ? category.name : category.name + " (deleted)"
        }
        let width = names.map(output.columns).max() ?? 1
        return zip(notes, names).map { note, name in
            let padded = name + String(repeating: " ", count: max(0, width - output.columns(name)))
            return String(note.id.uuidString.prefix(PlainOutput.shortIDLength)) + "  deleted "
                + output.shortDate(note.deleted ?? note.updated) + "  " + padded + "  " + PlainOutput.singleLine(note.title)
        }
    }
}
