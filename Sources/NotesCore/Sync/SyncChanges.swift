import Foundation

/// The store changes that turn one snapshot into another.
public enum SyncChanges {
    /// What turns `current` into `target`, in an order the store accepts: categories that
    /// go away first (so a name they held is free), then categories that are deleted,
    /// then live ones, then notes, then notes deleted for good.
    public static func changes(from current: SyncSnapshot, to target: SyncSnapshot) -> [StoreChange] {
        var changes: [StoreChange] = []
        for id in current.categories.keys.sorted(by: uuidOrder) where target.categories[id] == nil {
            changes.append(.deleteCategory(id))
        }
        let changedCategories = target.categories.values
            .filter { current.categories[$0.category.id]?.category != $0.category }
            .map(\.category)
            .sorted { ($0.deleted != nil ? 0 : 1, $0.id.uuidString) < ($1.deleted != nil ? 0 : 1, $1.id.uuidString) }
        changes += changedCategories.map(StoreChange.putCategory)
        for id in target.notes.keys.sorted(by: uuidOrder) {
            guard let note = target.notes[id], current.notes[id] != note else { continue }
            changes.append(.putNote(note))
        }
        for id in current.notes.keys.sorted(by: uuidOrder) where target.notes[id] == nil {
            changes.append(.deleteNote(id))
        }
        return changes
    }

    private static func uuidOrder(_ left: UUID, _ right: UUID) -> Bool { left.uuidString < right.uuidString }
}
