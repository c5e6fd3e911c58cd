import Foundation
import NotesModel

/// The store changes that turn one snapshot into another.
public enum SyncChanges {
    /// What turns `current` into `target`, in an order the store accepts: categories that
    /// go away first (so a name they held is free), then categories that are deleted,
    /// then live ones, then notes, then notes deleted for good. Each group in id order;
    /// only what differs is sorted (at 100,000 notes, sorting every id by its text took
    /// seconds of a sync that received one note).
    public static func changes(from current: SyncSnapshot, to target: SyncSnapshot) -> [StoreChange] {
        var changes: [StoreChange] = []
        let goneCategories = current.categories.keys.filter { target.categories[$0] == nil }
        changes += inIDOrder(goneCategories).map(StoreChange.deleteCategory)
        let changedCategories = target.categories.values
            .filter { current.categories[$0.category.id]?.category != $0.category }
            .map(\.category)
            .sorted { ($0.deleted != nil ? 0 : 1, $0.id.uuidString) < ($1.deleted != nil ? 0 : 1, $1.id.uuidString) }
        changes += changedCategories.map(StoreChange.putCategory)
        var put: [UUID] = [], gone: [UUID] = []
        for (id, note) in target.notes where current.notes[id] != note { put.append(id) }
        for id in current.notes.keys where target.notes[id] == nil { gone.append(id) }
        for id in inIDOrder(put) { if let note = target.notes[id] { changes.append(.putNote(note)) } }
        changes += inIDOrder(gone).map(StoreChange.deleteNote)
        return changes
    }

    /// `ids` sorted by their text, each formatted once.
    static func inIDOrder<Ids: Sequence<UUID>>(_ ids: Ids) -> [UUID] {
        ids.map { ($0.uuidString, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
