import Foundation
import NotesModel

/// The trash screen's state (`T`): the selected row, its scroll, the filter typed
/// with `/`, and a pending "delete for good?" question.
public struct TrashBrowser: Equatable, Sendable {
    public var row = 0
    public var scroll = 0
    /// The filter: notes whose title or category contains it (as `notes list --search` matches).
    public var query = ""
    /// Open while `/` is taking the filter text.
    public var filterField: TextField?
    /// The note `D` asks about; `y` deletes it for good.
    public var confirmingPurge: UUID?

    public init() {}

    /// Whether the filter field or the "delete for good?" question is open (keys go there).
    public var isAsking: Bool { filterField != nil || confirmingPurge != nil }

    /// The notes shown: the trash, most recently deleted first, narrowed by `query`
    /// (the search rule of the list's filter).
    public func entries(in database: NotesDatabase) -> [Note] {
        let notes = database.sortedTrash
        let text = (filterField?.text ?? query).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return notes }
        // The same rule as the list's filter and `notes list --search`.
        var search = TextSearch(text)
        var shown: [Note] = []
        for note in notes where search.isFound(in: note, categoryName: Self.categoryName(of: note, in: database)) {
            shown.append(note)
        }
        return shown
    }

    /// The note's category name, even if the category was deleted since.
    public static func categoryName(of note: Note, in database: NotesDatabase) -> String? {
        note.categoryID.flatMap { database.anyCategory($0)?.name }
    }

    /// The selected note, if any (the last one if the list has shrunk below the row).
    public func selected(in database: NotesDatabase) -> Note? {
        let notes = entries(in: database)
        return notes.isEmpty ? nil : notes[max(0, min(row, notes.count - 1))]
    }

    /// Keeps the row inside the list and visible in `rows` lines.
    mutating func clamp(count: Int, rows: Int) {
        row = max(0, min(row, count - 1))
        scroll = AppState.scroll(scroll, showing: row, rows: rows, count: count)
    }
}
