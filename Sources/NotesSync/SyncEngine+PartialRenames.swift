import Foundation
import NotesBase
import NotesLinks
import NotesModel
import NotesStore

/// A rename received by a sync with a store opened for a few notes (decision 0078): the
/// links to the old title may be in any note (decision 0070), so the rename index beside
/// the snapshot (`RenameSources`) names the notes that may link to it or share it, and
/// those are loaded too (`NotesStore.load(touching:)`). With the notes the store's journal
/// touched (always loaded) they are every note that can link there, so the link rewrites
/// (`SyncRenames`) are those a whole store makes. Never trusted alone: no index, a stale
/// one, more notes than `SyncEngine.renameLoadLimit`, or a rename under the lock whose old
/// title was not looked up here, and the sync reads every note (`NeedsAllNotes`).
final class PartialRenames {
    /// The index read for this sync's first rename; nil before it, or for a whole store.
    private(set) var index: RenameSources?
    /// The title keys of the old titles whose notes were loaded.
    private var covered = Set<[UInt8]>()
    /// The notes the index named, over every rename.
    private var named = Set<UUID>()

    /// Loads into `store` (opened for a few notes) the notes the index names for a rename
    /// from `old`; throws `NeedsAllNotes` when there is no usable index, when they number
    /// more than `limit`, or when the store had to be read whole to load them.
    func load(renamingFrom old: String, into store: NotesStore, limit: Int) throws {
        let key = LinkResolver.key(ofTitle: old)
        guard !covered.contains(key) else { return }
        guard let index = index ?? RenameSources.read(besideStore: store.url) else { throw SyncEngine.NeedsAllNotes() }
        self.index = index
        named.formUnion(index.notesToLoad(renamingFrom: old))
        guard named.count <= limit else { throw SyncEngine.NeedsAllNotes() }
        try store.load(touching: named.sorted { $0.uuidString < $1.uuidString })
        // The index could not answer and the store read every note: start again as a whole store.
        guard store.isPartial else { throw SyncEngine.NeedsAllNotes() }
        covered.insert(key)
    }

    /// Whether a rename from `old` can be applied to `store` as loaded (under its lock): its
    /// notes were loaded through an index that still describes the snapshot at the store's
    /// path (no compaction since).
    func covers(renamingFrom old: String, in store: NotesStore) -> Bool {
        guard let index, covered.contains(LinkResolver.key(ofTitle: old)) else { return false }
        return index.describesSnapshot(of: store.url)
    }
}

extension SyncEngine {
    /// Loads what a store opened for a few notes needs to take in the renames of live notes
    /// that `incoming` (the remote's notes that differ from `local`) makes over `base` (the
    /// merge base, as a delta over `exported`): the notes the rename index names for the
    /// title each has in the store (`PartialRenames`).
    func loadRenamed(_ incoming: SyncDelta, base: SyncDelta, exported: SyncSnapshot, renames: PartialRenames) throws {
        guard updatesLinks else { return }
        for note in incoming.notes.values.sorted(by: { $0.id.uuidString < $1.id.uuidString }) where note.deleted == nil {
            guard let before = base.note(note.id, over: exported), before.deleted == nil, before.title != note.title,
                  let held = exported.notes[note.id], held.deleted == nil, held.title != note.title else { continue }
            try renames.load(renamingFrom: held.title, into: store, limit: renameLoadLimit)
        }
    }

    /// `changes` with the link rewrites of the renames they bring, dated `now`, unless
    /// `updatesLinks` is off; a store opened for a few notes looks through the rename index.
    func relinking(_ changes: [StoreChange], in database: NotesDatabase, now: Date, renames: PartialRenames,
                   count: inout Int) throws -> [StoreChange] {
        guard updatesLinks else { return changes }
        let index = store.isPartial ? renames.index : nil
        let (all, relinked) = try SyncRenames.withLinkUpdates(changes, in: database, now: ISODate.rounded(now), index: index)
        count = relinked
        return all
    }
}
