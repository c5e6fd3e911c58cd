import Foundation
import NotesModel
import NotesStore

/// A sync with a store opened for a few notes (`NotesStore.open(at:options:touching:)`):
/// the notes its journal touched, and, when something comes in, the notes whose files or
/// attachment folders the remote changed since the position's commit (`SyncPosition`),
/// read through the snapshot's index. That is enough when the position holds and what
/// comes in is a few note files and attachment folders, with categories added
/// (`SyncCategoryAdditions`): the merge, the apply and the trees then need no other note.
/// Anything else (another change to categories.json, a conflict, a rename the rename index
/// cannot serve, a note not loaded, no position) throws `NeedsAllNotes`, and the sync
/// starts again with every note, as a whole store does. A received rename loads the notes
/// the rename index names for it (`SyncEngine+PartialRenames`).
extension SyncEngine {
    /// A store opened for a few notes that this sync needs whole.
    struct NeedsAllNotes: Error {}

    /// The most note files a sync takes in through the snapshot's index: more read the whole store.
    static let partialReceiveLimit = 1_000

    /// Fetches, then loads the notes changed since the position that the store does not hold
    /// yet (folded into a snapshot by a compaction since), and, when the remote moved from the
    /// position's commit by note files only, those notes (the position must hold: else the
    /// sync needs every note anyway). Throws `NeedsAllNotes` when too many notes would load.
    func loadIncoming(key: SyncKey?) throws {
        progress("sync: fetching")
        try repository.fetch()
        guard let position = SyncPosition.load(from: repository.gitFolder),
              let changed = position.changedNotes(in: store, key: key) else { return }
        // Notes a compaction folded in since the position: not among those the journal loaded.
        let folded = changed.filter { !store.holdsNotes([$0]) }
        guard folded.count <= Self.partialReceiveLimit else { throw NeedsAllNotes() }
        try store.load(touching: folded.sorted { $0.uuidString < $1.uuidString })
        guard let fetched = try repository.remoteCommit(), fetched != position.commit,
              let files = try? repository.changedFiles(from: position.commit, to: fetched) else { return }
        var ids = try Self.noteIDs(of: files)
        // The notes whose attachment folders changed (a file edited in place elsewhere, its note unchanged).
        if let owners = try? repository.attachmentOwners(from: position.commit, to: fetched) { ids.formUnion(owners) }
        guard ids.count <= Self.partialReceiveLimit else { throw NeedsAllNotes() }
        try store.load(touching: ids.sorted { $0.uuidString < $1.uuidString })
    }

    /// The ids of the note files of `files`, categories.json aside (`loadedDelta` reads
    /// it); throws `NeedsAllNotes` for any other file or more than `partialReceiveLimit` files.
    static func noteIDs(of files: [SyncRepository.ChangedFile]) throws -> Set<UUID> {
        guard files.count <= partialReceiveLimit else { throw NeedsAllNotes() }
        var ids = Set<UUID>()
        for file in files where file.path != SyncFiles.categoriesFile {
            guard let id = SyncFiles.noteID(inPath: file.path) else { throw NeedsAllNotes() }
            ids.insert(id)
        }
        return ids
    }

    /// Throws `NeedsAllNotes` unless the store as loaded is enough to take in `remote` over
    /// `local` (the commit of `exported`), merging against their base when `remote` does not
    /// hold `local`: only note files changed, each of those notes loaded (or known to be
    /// absent), and attachments only in the folders of notes loaded (or known absent):
    /// `apply` writes them as the whole store does, and a merge merges those folders alone
    /// (`partialMergeTree`). A rename of a live note coming in loads the notes that may link
    /// to it (`loadRenamed`).
    func checkPartialReceive(local: String, remote: String, remoteHasLocal: Bool, exported: SyncSnapshot,
                             renames: PartialRenames) throws {
        guard store.isPartial else { return }
        let incoming = try loadedDelta(remote, local: local, exported: exported)
        if try repository.mayHoldAttachments(remote) {
            guard let owners = try repository.attachmentOwners(from: local, to: remote), store.holdsNotes(owners)
            else { throw NeedsAllNotes() }
        }
        var base = SyncDelta()  // the base is `local` when `remote` holds it
        if !remoteHasLocal {
            guard let commit = try repository.mergeBase(local, remote) else { throw NeedsAllNotes() }
            base = try loadedDelta(commit, local: local, exported: exported)
        }
        try loadRenamed(incoming, base: base, exported: exported, renames: renames)
    }

    /// What `commit` changes over `exported` (the snapshot `local` holds), when it is note
    /// files and categories added only, and the store holds each of those notes; else
    /// throws `NeedsAllNotes`.
    private func loadedDelta(_ commit: String, local: String, exported: SyncSnapshot) throws -> SyncDelta {
        guard store.holdsNotes(try Self.noteIDs(of: repository.changedFiles(from: local, to: commit))),
              let delta = try repository.delta(commit, over: exported, at: local), delta.addedCategories(over: exported) != nil,
              store.holdsNotes(delta.touchedIDs) else { throw NeedsAllNotes() }
        return delta
    }

    /// The tree of the merge commit of `local` and `remote` (base `base`) that `merged`
    /// holds, made by a store opened for a few notes from `local`'s tree: the notes of
    /// `since.changed` and the attachment folders of those notes and of the notes whose
    /// folders differ between the two sides, each loaded or known absent (else this throws
    /// `NeedsAllNotes`). Nil when `local`'s tree cannot serve (`updatedTree`).
    func partialMergeTree(_ merged: SyncSnapshot, local: String, remote: String, base: String?,
                          since: (commit: String, changed: Set<UUID>)) throws -> String? {
        var attachmentNotes: Set<UUID>?
        if try repository.mayHoldAttachments(local) || repository.mayHoldAttachments(remote) {
            guard let owners = try repository.attachmentOwners(from: local, to: remote) else { throw NeedsAllNotes() }
            let notes = since.changed.union(owners)
            guard store.holdsNotes(notes) else { throw NeedsAllNotes() }
            attachmentNotes = notes
        }
        return try repository.treeFromPrevious(merging: merged, local: local, remote: remote, base: base, since: since,
                                               attachmentNotes: attachmentNotes)
    }

    /// Throws `NeedsAllNotes` when the store is opened for a few notes and `changes` (what
    /// applying `delta` makes of `database`) reach beyond the ids the delta touched (a
    /// conflict copy, which may already be in a note not loaded) or rename a live note
    /// whose linking notes were not loaded through an index that still holds (`PartialRenames`).
    func checkPartialApply(_ changes: [StoreChange], delta: SyncDelta, database: NotesDatabase,
                           renames: PartialRenames) throws {
        guard store.isPartial else { return }
        let touched = Set(delta.touchedIDs)
        for change in changes {
            switch change {
            case .putNote(let note) where touched.contains(note.id): continue
            case .deleteNote(let id) where touched.contains(id): continue
            case .putCategory(let category) where delta.categories?[category.id]?.category == category: continue
            default: throw NeedsAllNotes()
            }
        }
        guard updatesLinks else { return }
        for rename in SyncRenames.renames(in: changes, of: database) where !renames.covers(renamingFrom: rename.old, in: store) {
            throw NeedsAllNotes()
        }
    }

    /// The changes that put `added` (categories another home added) into `database`:
    /// `NeedsAllNotes` when it has one of their ids or names already (made here while the
    /// sync ran), which the merge of every note resolves.
    static func putting(_ added: [SyncCategory], into database: NotesDatabase) throws -> [StoreChange] {
        try added.map { entry in
            let category = entry.category
            guard database.categories[category.id] == nil, database.deletedCategories[category.id] == nil,
                  category.deleted != nil || database.category(named: category.name) == nil else { throw NeedsAllNotes() }
            return .putCategory(category)
        }
    }
}
