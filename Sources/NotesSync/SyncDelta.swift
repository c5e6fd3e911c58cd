import Foundation
import NotesModel

/// What one commit changes over a snapshot already known (the commit this sync made of
/// the store): the notes whose files differ, with what they hold now, the notes whose
/// files are gone, and the categories when `categories.json` differs. Every other note
/// is as the known snapshot has it. Read by `SyncRepository.delta(_:over:at:)` from the
/// files `git diff-tree` names, so it costs what changed, not the store.
struct SyncDelta: Equatable, Sendable {
    /// Notes as the commit holds them, by id (a conflict copy of an id held twice included).
    var notes: [UUID: Note] = [:]
    /// Ids the commit no longer holds. Never also a key of `notes`.
    var removed: Set<UUID> = []
    /// The commit's categories; nil when `categories.json` is the known one.
    var categories: [UUID: SyncCategory]?

    /// Every id the commit holds differently from the known snapshot.
    var touchedIDs: [UUID] { Array(notes.keys) + Array(removed) }

    /// Note `id` as the commit holds it, `known` being the snapshot the delta is over.
    func note(_ id: UUID, over known: SyncSnapshot) -> Note? {
        if let note = notes[id] { return note }
        return removed.contains(id) ? nil : known.notes[id]
    }

    /// Sets note `id` to `note` (nil: gone).
    mutating func set(_ id: UUID, to note: Note?) {
        if let note {
            notes[id] = note
            removed.remove(id)
        } else {
            notes[id] = nil
            removed.insert(id)
        }
    }

    /// Adds a note read from the commit's tree whose id the commit also holds elsewhere
    /// (`notes/ID.md` and `trash/ID.md`, which only a hand-made commit does): resolved as
    /// `SyncSnapshot.add` does, as a merge of the two, the same way whatever the order.
    mutating func addDuplicate(_ note: Note, over known: SyncSnapshot) {
        guard let other = self.note(note.id, over: known) else { return set(note.id, to: note) }
        let (kept, copy) = SyncMerge.mergeBothChanged(other, note)
        set(note.id, to: kept)
        if let copy { set(copy.id, to: copy) }
    }

    /// The categories the commit adds to `known`'s, none when it holds `known`'s
    /// categories.json; nil when it changes or removes one (`SyncCategoryAdditions`).
    func addedCategories(over known: SyncSnapshot) -> [SyncCategory]? {
        guard let categories else { return [] }
        return SyncCategoryAdditions.added(to: known.categories, in: categories)
    }

    /// The whole snapshot of the commit: `known` with the delta applied (a copy of `known`).
    func applied(to known: SyncSnapshot) -> SyncSnapshot {
        var snapshot = known
        for id in removed { snapshot.notes[id] = nil }
        for (id, note) in notes { snapshot.notes[id] = note }
        if let categories { snapshot.categories = categories }
        return snapshot
    }
}
