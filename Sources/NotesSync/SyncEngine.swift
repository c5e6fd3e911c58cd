import Foundation
import NotesBase
import NotesModel
import NotesStore

/// `notes sync`: commits the store's changes, fetches, merges by note (`SyncMerge`),
/// pushes, and applies the merge to the store in one commit.
///
/// Order, so that a failure or a kill at any point loses nothing:
/// 1. the store as it is → a commit on `main` (the last synced state); no store lock held;
/// 2. fetch; merge with the remote's `main` into a new commit (retried when a push is
///    rejected because someone pushed first); push it;
/// 3. apply it to the store in one commit, under the store's lock, three-way against
///    what the store holds by then (edits made during the sync are kept);
/// 4. move `main` to it.
/// A failure in 1–2 leaves the store untouched; a kill after 2 leaves a pushed merge that
/// the next sync finds again (conflict copies have derived ids, so none are doubled).
/// A store opened for a few notes fetches before 1, to load the notes that come in
/// (`SyncEngine+Partial`).
public struct SyncEngine {
    public let store: NotesStore
    public let repository: SyncRepository
    /// Called with a short line for each step ("fetching", "pushing"): the UI's status line.
    public var progress: (String) -> Void = { _ in }
    /// Called with how many of a large batch of files (a first sync writes every note) are
    /// written, and of how many: a terminal's progress line.
    public var fileProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// How many times a rejected push is retried after a new fetch and merge.
    public var attempts = 4
    /// Whether a rename received from another home rewrites the links to the note's old
    /// title in this store's notes (`SyncRenames`; the config file's `update_links`).
    public var updatesLinks = true
    /// The most notes a store opened for a few loads through the rename index for the
    /// renames a sync receives (`PartialRenames`): more read every note.
    public var renameLoadLimit = 1_000

    public init(store: NotesStore, environment: [String: String] = [:]) {
        self.store = store
        repository = SyncRepository(folder: SyncRepository.folder(forStore: store.url), environment: environment)
    }

    /// Sets up the repository beside the store, with `remote` as its `origin`, syncing in
    /// plain text (refused against an encrypted remote: `initialize(remote:encryption:)`).
    public func initialize(remote: String) throws(SyncError) {
        try initialize(remote: remote, encryption: .none)
    }

    public func sync(now: Date = Date()) throws -> Report {
        guard repository.exists else { throw SyncError.notInitialized(repository: repository.folder.path) }
        let lock = try StoreLock(path: repository.folder.appendingPathComponent(".git/notes-sync.lock").path, readOnly: false)
        try lock.lock(timeout: 30)
        defer { lock.close() }
        repository.removeStaleGitLocks()
        _ = repository.work.take()
        _ = repository.work.takeFetches()
        _ = repository.work.takeGitRuns()
        repository.answers.forget()
        // The configuration a sync reads, in one git run.
        let config = try repository.configValues(matching: SyncRepository.syncSettingsPattern)
        try repository.applySafetySettings(known: config)
        try repository.removeOldWorkTree()
        repository.work.report(progress: fileProgress)
        defer { repository.work.report(progress: nil) }
        // An encrypted sync with a missing or wrong key stops here, before anything is done.
        let key = try repository.encryptionKey(known: config)
        guard store.isPartial else { return try attempt(now: now, key: key, fetched: false, renames: PartialRenames()) }
        do {
            try loadIncoming(key: key)
            return try attempt(now: now, key: key, fetched: true, renames: PartialRenames())
        } catch is NeedsAllNotes {
            _ = repository.work.take()
            try store.loadAllNotes()
        }
        // The remote fetched above serves the whole store too: had it moved since, only a push
        // could tell, and a push it rejects fetches and merges again.
        return try attempt(now: now, key: key, fetched: true, renames: PartialRenames())
    }

    /// One sync of the store as loaded (`fetched`: the remote was just fetched). A store
    /// opened for a few notes is enough when the position holds (only the notes touched
    /// since are sent) and what comes in is a few notes it loaded (`SyncEngine+Partial`);
    /// else this throws `NeedsAllNotes`, before anything is applied.
    private func attempt(now: Date, key: SyncKey?, fetched: Bool, renames: PartialRenames) throws -> Report {
        progress("sync: committing local changes")
        _ = try store.refresh()
        let synced = try repository.syncedCommit()
        // Of the last synced state, only the categories' `changed` dates are needed here.
        let previous = SyncSnapshot(categories: try repository.categories(of: synced))
        let exported = SyncSnapshot(store.contents, previous: previous, now: now)
        // Where the store stood at the last sync: only the notes its commits touched since are rendered.
        let position = SyncPosition.load(from: repository.gitFolder)
        let since = position.flatMap { known in known.changedNotes(in: store, key: key).map { (known.commit, $0) } }
        let start = SyncPosition(store: store, commit: "", key: key)
        let tree: String
        if store.isPartial {
            // Never a tree of the notes loaded alone: it would take the others off the remote.
            guard let since, synced != nil, store.holdsNotes(since.1),
                  let updated = try repository.treeFromPrevious(for: exported, base: synced, since: since) else { throw NeedsAllNotes() }
            tree = updated
        } else {
            tree = try repository.tree(for: exported, base: synced, since: since)
        }
        let local = try repository.commit(tree: tree, parents: synced.map { [$0] } ?? [], message: "notes: changes on \(Self.hostName)")
        start.map { SyncPosition(snapshot: $0.snapshot, sequence: $0.sequence, commit: local, format: $0.format) }?
            .save(to: repository.gitFolder)

        let (merged, conflictCopies, pushed, leftOut) = try fetchMergePush(local: local, synced: synced, exported: exported,
                                                                            fetched: fetched, renames: renames)

        progress("sync: updating the notes")
        let (received, relinked, warnings) = try apply(merged: merged, local: local, exported: exported, now: now,
                                                       renames: renames)
        let work = repository.work.take()
        if merged != local {
            // The store now holds `merged`, but for the notes its commits touched since `start`
            // (this apply's among them); a tree this home would not have written is not a position.
            if let start, leftOut.isEmpty, work.unreadable.isEmpty, work.duplicates.isEmpty {
                SyncPosition(snapshot: start.snapshot, sequence: start.sequence, commit: merged, format: start.format)
                    .save(to: repository.gitFolder)
            } else {
                SyncPosition.remove(from: repository.gitFolder)
            }
        }
        do { try repository.markSynced(merged, previous: synced) } catch {
            guard case .gitFailed(let action, _, let message) = error else { throw error }
            throw SyncError.notRecorded(action: action, message: message)
        }
        var report = Report(received: received, pushed: pushed, conflictCopies: conflictCopies, commit: merged,
                            notesRendered: work.rendered, notesParsed: work.parsed, notesMerged: work.merged)
        report.linksUpdated = relinked
        report.notesFingerprinted = work.fingerprinted
        report.notesLoaded = store.contents.notes.count + store.contents.trash.count
        report.fetches = repository.work.takeFetches()
        report.gitRuns = repository.work.takeGitRuns()
        report.warnings = Self.warnings(leftOut: leftOut, unreadable: work.unreadable, archives: warnings,
                                        duplicates: work.duplicates, attachmentConflicts: work.attachmentConflicts, merged: merged)
        return report
    }

    /// Fetches, merges the remote into `local` and pushes, again while someone else pushed
    /// first (up to `attempts`): the commit the notes now follow, the notes copied in a
    /// conflict, whether it was pushed, and the remote's entries left out.
    private func fetchMergePush(local: String, synced: String?, exported: SyncSnapshot, fetched justFetched: Bool,
                                renames: PartialRenames) throws
        -> (merged: String, conflictCopies: [UUID], pushed: Bool, leftOut: [SyncRepository.RefusedEntry]) {
        var merged = local, conflictCopies: [UUID] = [], pushed = false, leftOut: [SyncRepository.RefusedEntry] = []
        var attempt = 0
        while true {
            attempt += 1
            if attempt > 1 || !justFetched {
                progress("sync: fetching")
                try repository.fetch()
            }
            let fetched = try repository.remoteCommit()
            let (remote, refused) = try checkedRemote(fetched, synced: synced)
            leftOut = refused
            // A tip with refused entries is replaced by a commit without them: pushed, so the remote heals.
            var needsPush = true
            var remoteHasLocal = false, localHasRemote = true
            if let remote {
                remoteHasLocal = try remote == local || repository.isAncestor(local, of: remote)
                localHasRemote = try repository.isAncestor(remote, of: local)
            }
            if let remote, remote != local, !localHasRemote {
                try checkPartialReceive(local: local, remote: remote, remoteHasLocal: remoteHasLocal, exported: exported,
                                        renames: renames)
            }
            // A new machine with nothing yet takes the remote as it is, without a merge commit.
            let startsEmpty = synced == nil && exported.notes.isEmpty && exported.categories.isEmpty
            if let remote, remoteHasLocal || startsEmpty {
                merged = remote
                needsPush = !refused.isEmpty
            } else if let remote, !localHasRemote {
                progress("sync: merging")
                (merged, conflictCopies) = try mergeCommit(local: local, remote: remote, exported: exported)
            } else {
                merged = local
            }
            guard needsPush else { break }
            progress("sync: pushing")
            let result = try repository.push(merged)
            if result.status == 0 { pushed = true; break }
            // Rejected because someone pushed first? Then fetch, merge and try again.
            try repository.fetch()
            let moved = try repository.remoteCommit()
            guard moved != fetched, attempt < attempts else {
                if moved != fetched { throw SyncError.pushKeptFailing(attempts: attempt) }
                throw SyncError.gitFailed(action: "push to '\(repository.remoteURL() ?? "origin")'", status: result.status,
                                          message: result.errorText)
            }
        }
        return (merged, conflictCopies, pushed, leftOut)
    }

    /// The fetched commit as this sync may use it, checked before anything of it is read: in
    /// an encrypted sync its manifest must be valid and newer than the synced commit's (else
    /// it throws); then its tree's entries that differ from the synced commit (checked when it
    /// came in, or made here). With refused entries, a commit on it without them stands in
    /// (`commit(_:without:restoringFrom:)`), and they are returned to be named.
    private func checkedRemote(_ fetched: String?, synced: String?) throws(SyncError)
        -> (String?, [SyncRepository.RefusedEntry]) {
        guard let fetched, fetched != synced else { return (fetched, []) }
        try repository.checkManifest(of: fetched, synced: synced)
        let refused = try repository.refusedEntries(of: fetched, since: synced)
        guard !refused.isEmpty else { return (fetched, []) }
        return (try repository.commit(fetched, without: refused, restoringFrom: synced), refused)
    }

    /// A merge commit of `local` (the commit of `exported`) and `remote`, by note id against
    /// their merge base. The base and the remote are read as changes to `local`: only the
    /// note files that differ from it are parsed.
    /// When neither the base nor the remote changed `categories.json`, only the ids their
    /// files touch are merged (`SyncMerge.merge(base:remote:over:)`).
    private func mergeCommit(local: String, remote: String, exported: SyncSnapshot) throws -> (String, [UUID]) {
        let base = try repository.mergeBase(local, remote)
        let merged: SyncSnapshot, copies: [UUID]
        // With the categories unchanged, the merge is `local`'s tree with the notes it changes: only those are rendered.
        var since: (commit: String, changed: Set<UUID>)?
        if let base, let baseDelta = try repository.delta(base, over: exported, at: local), baseDelta.categories == nil,
           let remoteDelta = try repository.delta(remote, over: exported, at: local), remoteDelta.categories == nil {
            let outcome = SyncMerge.merge(base: baseDelta, remote: remoteDelta, over: exported)
            repository.work.add(merged: outcome.merged)
            (merged, copies) = (outcome.delta.applied(to: exported), outcome.conflictCopies)
            since = (local, Set(outcome.delta.touchedIDs))
        } else {
            let outcome = SyncMerge.merge(base: try repository.snapshot(base, over: exported, at: local), local: exported,
                                          remote: try repository.snapshot(remote, over: exported, at: local))
            repository.work.add(merged: outcome.notesMerged)
            (merged, copies) = (outcome.snapshot, outcome.conflictCopies)
        }
        let tree: String
        if store.isPartial {
            // Never a tree of the notes loaded alone; a conflict copy may be in a note not loaded.
            guard let since, copies.isEmpty,
                  let updated = try partialMergeTree(merged, local: local, remote: remote, base: base, since: since)
            else { throw NeedsAllNotes() }
            tree = updated
        } else {
            tree = try repository.tree(for: merged, base: local, attachmentSources: [local, remote], mergeBase: base, since: since)
        }
        let counted = copies.count == 1 ? "1 conflict copy" : "\(copies.count) conflict copies"
        let message = "notes: merge on \(Self.hostName)" + (copies.isEmpty ? "" : " (\(counted))")
        return (try repository.commit(tree: tree, parents: [local, remote], message: message), copies)
    }

    /// Applies the merged commit to the store: three-way, with what was exported as the base, so that edits made
    /// to the store while the sync ran are merged, not lost; then removes the attachment files it dropped
    /// (`removeDroppedAttachments`). Returns how many notes and categories changed, how many notes had their
    /// links pointed at a note renamed elsewhere (`SyncRenames`, same commit), and the problems of the color
    /// archives that came in (an archive this side already had is not told again). When `categories.json` did not
    /// change, only the notes whose files differ are merged (`SyncMerge.changes(merging:base:into:)`). Links: `now`.
    private func apply(merged: String, local: String, exported: SyncSnapshot, now: Date,
                       renames: PartialRenames) throws -> (Int, Int, [String]) {
        guard merged != local else { return (0, 0, []) }
        // The merged commit as changes to `local`: a note whose file did not change is never read back.
        let delta = try repository.delta(merged, over: exported, at: local)
        var received = 0, relinked = 0
        let before = store.committedSequence
        // The attachment entries it changes: the files written before the store's commit, those removed after.
        let attachments = try repository.attachmentChanges(of: merged, over: local)
        // A store opened for a few notes takes categories added here too (a whole store merges them below).
        if let delta, let added = delta.addedCategories(over: exported), delta.categories == nil || store.isPartial {
            // The attachments first: a kill before the commit leaves files no note names yet, never a note naming no file.
            let warnings = added.compactMap(\.archiveProblem)
                + (try repository.receiveAttachments(attachments, of: merged) { delta.note($0, over: exported) })
            try store.commit(derivedFrom: { database in
                let (notes, count) = SyncMerge.changes(merging: delta, base: exported, into: database, added: added.map(\.category))
                let changes = try Self.putting(added, into: database) + notes
                try checkPartialApply(changes, delta: delta, database: database, renames: renames)
                repository.work.add(merged: count)
                received = changes.count
                return try relinking(changes, in: database, now: now, renames: renames, count: &relinked)
            })
            return (received, relinked, warnings + (try removeDroppedAttachments(attachments.dropped, since: before)))
        }
        if store.isPartial { throw NeedsAllNotes() }
        let target = try delta.map { $0.applied(to: exported) } ?? repository.snapshot(merged)
        let warnings = target.categories.values
            .filter { $0.archiveProblem != nil && exported.categories[$0.category.id]?.archive != $0.archive }
            .sorted { $0.category.name < $1.category.name }
            .compactMap(\.archiveProblem)
            + (try repository.receiveAttachments(attachments, of: merged) { target.notes[$0] })
        try store.commit(derivedFrom: { database in
            let current = SyncSnapshot(database, previous: exported)
            let outcome = SyncMerge.merge(base: exported, local: current, remote: target)
            repository.work.add(merged: outcome.notesMerged)
            let changes = SyncChanges.changes(from: current, to: outcome.snapshot)
            received = changes.count
            return try relinking(changes, in: database, now: now, renames: renames, count: &relinked)
        })
        return (received, relinked, warnings + (try removeDroppedAttachments(attachments.dropped, since: before)))
    }

    static var hostName: String {
        ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "localhost"
    }
}
