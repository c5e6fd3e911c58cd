import Foundation
import NotesModel

/// Merging categories: by id field by field, then by name.
extension SyncMerge {
    /// Each category id merged: one-sided changes taken; a field (name, color, deletion)
    /// changed on both sides takes the side whose `changed` date is later. A category
    /// deleted for good on one side and changed on the other comes back.
    static func mergeCategories(base: SyncSnapshot, local: SyncSnapshot, remote: SyncSnapshot) -> [UUID: SyncCategory] {
        var merged: [UUID: SyncCategory] = [:]
        let ids = Set(base.categories.keys).union(local.categories.keys).union(remote.categories.keys)
        for id in ids {
            let base = base.categories[id], local = local.categories[id], remote = remote.categories[id]
            if local?.category == remote?.category {
                if var kept = local, let other = remote { kept.changed = max(kept.changed, other.changed); merged[id] = kept }
                continue
            }
            if remote?.category == base?.category { merged[id] = local; continue }
            if local?.category == base?.category { merged[id] = remote; continue }
            guard let local, let remote else {
                merged[id] = local ?? remote
                continue
            }
            let localWins = local.changed >= remote.changed
            func pick<Value: Equatable>(_ field: (Category) -> Value) -> Value {
                let ours = field(local.category), theirs = field(remote.category)
                if ours == theirs { return ours }
                if let base, field(base.category) == ours { return theirs }
                if let base, field(base.category) == theirs { return ours }
                return localWins ? ours : theirs
            }
            let category = Category(id: id, name: pick(\.name), color: pick(\.color), deleted: pick(\.deleted))
            var entry = SyncCategory(category, changed: max(local.changed, remote.changed))
            let colorSide = category.color == local.category.color ? local : remote
            entry.archive = colorSide.archive
            entry.archiveProblem = colorSide.archiveProblem
            merged[id] = entry
        }
        return merged
    }

    /// Two live categories with one name (made on two machines) become one: the one
    /// with the smallest id stays, with the color changed last; notes follow it. Then
    /// a live note whose category is not live, or a trashed note whose category is
    /// gone, is left uncategorized, as the store would do.
    static func unifyCategoriesByName(_ snapshot: inout SyncSnapshot) {
        var byName: [String: [SyncCategory]] = [:]
        for entry in snapshot.categories.values where entry.category.deleted == nil {
            byName[Category.nameKey(entry.category.name), default: []].append(entry)
        }
        var replaced: [UUID: UUID] = [:]
        for group in byName.values where group.count > 1 {
            let sorted = group.sorted { $0.category.id.uuidString < $1.category.id.uuidString }
            guard var kept = sorted.first,
                  let latest = group.max(by: { $0.changed < $1.changed || ($0.changed == $1.changed && $0.category.id.uuidString > $1.category.id.uuidString) })
            else { continue }
            kept.category.color = latest.category.color
            kept.archive = latest.archive
            kept.archiveProblem = latest.archiveProblem
            kept.changed = latest.changed
            snapshot.categories[kept.category.id] = kept
            for other in sorted.dropFirst() {
                replaced[other.category.id] = kept.category.id
                snapshot.categories[other.category.id] = nil
            }
        }
        for (id, note) in snapshot.notes {
            guard let categoryID = note.categoryID else { continue }
            let target = replaced[categoryID] ?? categoryID
            let category = snapshot.categories[target]?.category
            let fits = note.deleted == nil ? category?.deleted == nil && category != nil : category != nil
            let wanted = fits ? target : nil
            if wanted != categoryID { snapshot.notes[id]?.categoryID = wanted }
        }
    }
}
