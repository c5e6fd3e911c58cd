import Foundation
import NotesModel

/// Merging what a commit changed, not the whole store: when `categories.json` is the one
/// exported, a merge that takes one side's notes for every id the other side did not
/// touch leaves all those notes as the store holds them, so only the ids the commit's
/// files touched are merged. A sync that receives one note merges one.
extension SyncMerge {
    /// The store changes that merge `delta` (a commit's changes over `base`, with
    /// `categories.json` unchanged, or only `added` to) into `database`, three-way
    /// against `base`, the snapshot that was exported: the same changes as
    /// `merge(base:local:remote:)` of the whole snapshots followed by
    /// `SyncChanges.changes`, by the same rules (an edit beats a delete, conflict copies,
    /// a note whose category is gone or deleted left uncategorized), for the touched ids
    /// only. Every other id has the same note in `base` and in the commit, so its merge
    /// keeps what the store holds, edits made during the sync included; and the merged
    /// categories are the store's, which already keeps the rules by name, with `added`
    /// (put before these changes). Returns the changes and how many ids were merged.
    static func changes(merging delta: SyncDelta, base: SyncSnapshot, into database: NotesDatabase,
                        added: [Category] = []) -> (changes: [StoreChange], merged: Int) {
        func current(_ id: UUID) -> Note? { database.notes[id] ?? database.trash[id] }
        var put: [UUID: Note] = [:], gone: [UUID] = []
        let ids = delta.touchedIDs
        for id in ids {
            let local = current(id)
            let (merged, copy) = mergeNote(base: base.notes[id], local: local, remote: delta.note(id, over: base))
            if let merged, merged != local { put[id] = merged }
            if merged == nil, local != nil { gone.append(id) }
            if let copy, current(copy.id) == nil, delta.note(copy.id, over: base) == nil, put[copy.id] == nil {
                put[copy.id] = copy
            }
        }
        // As `unifyCategoriesByName` does: a live note needs a live category, a trashed one any.
        let addedLive = Set(added.filter { $0.deleted == nil }.map(\.id)), addedAny = Set(added.map(\.id))
        for (id, note) in put {
            guard let categoryID = note.categoryID else { continue }
            let fits = note.deleted == nil ? database.categories[categoryID] != nil || addedLive.contains(categoryID)
                : database.anyCategory(categoryID) != nil || addedAny.contains(categoryID)
            guard !fits else { continue }
            var uncategorized = note
            uncategorized.categoryID = nil
            put[id] = uncategorized == current(id) ? nil : uncategorized
        }
        var changes: [StoreChange] = []
        for id in SyncChanges.inIDOrder(put.keys) { if let note = put[id] { changes.append(.putNote(note)) } }
        changes += SyncChanges.inIDOrder(gone).map(StoreChange.deleteNote)
        return (changes, ids.count)
    }

    /// The merge commit of `local` (the exported snapshot) with a remote that changed
    /// notes but not `categories.json`, `base` (their merge base) and `remote` given as
    /// deltas over `local` whose categories are `local`'s: only the ids either delta
    /// touches are merged; every other id is the same on all three sides, so the whole
    /// merge keeps it as it is. Returns the merge as a delta over `local`, the conflict
    /// copies (sorted as `Outcome` sorts them) and how many ids were merged; the same
    /// notes as `merge(base:local:remote:)` of the whole snapshots.
    static func merge(base: SyncDelta, remote: SyncDelta, over local: SyncSnapshot)
        -> (delta: SyncDelta, conflictCopies: [UUID], merged: Int) {
        var result = SyncDelta(), copies: [UUID] = []
        let ids = Set(base.touchedIDs).union(remote.touchedIDs)
        for id in ids {
            let mine = local.notes[id]
            let (merged, copy) = mergeNote(base: base.note(id, over: local), local: mine, remote: remote.note(id, over: local))
            if merged != mine { result.set(id, to: merged) }
            if let copy, local.notes[copy.id] == nil, remote.note(copy.id, over: local) == nil, result.notes[copy.id] == nil {
                result.set(copy.id, to: copy)
                copies.append(copy.id)
            }
        }
        // As `unifyCategoriesByName` does: a live note needs a live category, a trashed one any.
        for (id, note) in result.notes {
            guard let categoryID = note.categoryID else { continue }
            let category = local.categories[categoryID]?.category
            let fits = note.deleted == nil ? category != nil && category?.deleted == nil : category != nil
            guard !fits else { continue }
            var uncategorized = note
            uncategorized.categoryID = nil
            if uncategorized == local.notes[id] { result.notes[id] = nil } else { result.notes[id] = uncategorized }
        }
        return (result, copies.sorted { $0.uuidString < $1.uuidString }, ids.count)
    }
}
