import Foundation

/// Looking things up across the live notes and the trash, and what emptying the trash commits.
extension NotesDatabase {
    /// The note with this id, live or in the trash.
    public func anyNote(_ id: UUID) -> Note? {
        notes[id] ?? trash[id]
    }

    /// The category with this id, live or kept as deleted.
    public func anyCategory(_ id: UUID) -> Category? {
        categories[id] ?? deletedCategories[id]
    }

    /// The trashed note whose id is `text` or starts with it (at least 4 characters), if exactly one does.
    public func trashedNote(idOrPrefix text: String) -> Note? {
        if let id = UUID(uuidString: text) { return trash[id] }
        let prefix = text.uppercased()
        guard prefix.count >= 4 else { return nil }
        let matches = trash.keys.filter { $0.uuidString.hasPrefix(prefix) }
        guard matches.count == 1, let id = matches.first else { return nil }
        return trash[id]
    }

    /// The trash, most recently deleted first (then by title, then id).
    public var sortedTrash: [Note] {
        trash.values.sorted { left, right in
            let leftDate = left.deleted ?? .distantPast, rightDate = right.deleted ?? .distantPast
            if leftDate != rightDate { return leftDate > rightDate }
            if left.title != right.title { return left.title < right.title }
            return left.id.uuidString < right.id.uuidString
        }
    }

    /// What deletes for good the trashed notes deleted before `cutoff` (all with nil), and
    /// then the deleted categories no note left in the trash refers to.
    public func emptyTrashChanges(deletedBefore cutoff: Date? = nil) -> [StoreChange] {
        let purged = trash.values.filter { note in cutoff.map { (note.deleted ?? .distantPast) < $0 } ?? true }
        let purgedIDs = Set(purged.map(\.id))
        let stillReferenced = Set(trash.values.lazy.filter { !purgedIDs.contains($0.id) }.compactMap(\.categoryID))
        let notes = purged.sorted { $0.id.uuidString < $1.id.uuidString }.map { StoreChange.deleteNote($0.id) }
        let categories = deletedCategories.keys.filter { !stillReferenced.contains($0) }
            .sorted { $0.uuidString < $1.uuidString }.map { StoreChange.deleteCategory($0) }
        return notes + categories
    }

    /// A small database with every category and just the notes `changes` name (live
    /// or trashed): applying the changes to it checks them as on the whole database,
    /// without copying every note or building the category tables again (a store opened
    /// for one note checks each journal line it replays this way).
    public func validationProxy(for changes: [StoreChange]) -> NotesDatabase {
        var touched: [Note] = []
        for change in changes {
            switch change {
            case .putNote(let note): if let existing = anyNote(note.id) { touched.append(existing) }
            case .deleteNote(let id), .trashNote(let id, _), .restoreNote(let id):
                if let existing = anyNote(id) { touched.append(existing) }
            case .putCategory, .deleteCategory, .trashCategory, .setRecentColors, .putImportSource, .dropImportSource: break
            }
        }
        return withNotes(touched)
    }
}
