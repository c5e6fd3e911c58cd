import Foundation
import NotesModel

extension UndoStep {
    /// A few words for what `changes` do, read against the state before them:
    /// `move "Plan" to the trash`, `rename category Work`, `3 changes`.
    static func summarize(_ changes: [StoreChange], in database: NotesDatabase) -> String {
        let described = changes.compactMap { describe($0, in: database) }
        if described.count == 1, let only = described.first { return only }
        // A tag renamed or merged across notes (the tags screen's `r`).
        if described.count > 1, changes.allSatisfy({ changesTagsOnly($0, in: database) }) {
            return "tags of \(described.count) notes"
        }
        return described.isEmpty ? "a change" : "\(described.count) changes"
    }

    /// Whether `change` changes a live note's tags and neither its title nor its category.
    private static func changesTagsOnly(_ change: StoreChange, in database: NotesDatabase) -> Bool {
        guard case .putNote(let note) = change, let old = database.anyNote(note.id) else { return false }
        return old.deleted == nil && note.deleted == nil && old.title == note.title && old.categoryID == note.categoryID
            && old.tags != note.tags
    }

    private static func describe(_ change: StoreChange, in database: NotesDatabase) -> String? {
        func title(_ id: UUID) -> String { "\"\(database.anyNote(id)?.title ?? "")\"" }
        func name(_ id: UUID) -> String { database.anyCategory(id)?.name ?? "" }
        switch change {
        case .putNote(let note):
            guard let old = database.anyNote(note.id) else { return "new note \"\(note.title)\"" }
            if old.deleted != nil, note.deleted == nil { return "restore \"\(note.title)\"" }
            if old.title != note.title { return "rename \"\(old.title)\"" }
            if old.categoryID != note.categoryID { return "move \"\(note.title)\"" }
            if old.tags != note.tags { return "tags of \"\(note.title)\"" }
            if old.pinned != note.pinned { return "\(note.pinned ? "pin" : "unpin") \"\(note.title)\"" }
            return "edit \"\(note.title)\""
        case .deleteNote(let id): return "delete \(title(id)) for good"
        case .trashNote(let id, _): return "move \(title(id)) to the trash"
        case .restoreNote(let id): return "restore \(title(id))"
        case .putCategory(let category):
            guard let old = database.anyCategory(category.id) else { return "add category \(category.name)" }
            if old.deleted != nil { return "bring back category \(category.name)" }
            if old.name != category.name { return "rename category \(old.name)" }
            return "recolor category \(category.name)"
        case .deleteCategory(let id), .trashCategory(let id, _): return "delete category \(name(id))"
        case .setRecentColors, .putImportSource, .dropImportSource: return nil
        }
    }
}
