import Foundation
import NotesModel

/// Snapshots of commits read as changes to one already known: only the files that differ
/// (`git diff-tree`, which skips every folder whose tree id is the same) are read and
/// parsed. A sync that receives one note reads one note file, whatever the store holds
/// (a 500 MB note that did not change is never read back).
extension SyncRepository {
    /// One changed path between two trees: the blob it has now (nil: gone).
    struct ChangedFile {
        var path: String
        var blob: String?
    }

    /// The synced files that differ between `from` and `to` (commits or trees).
    func changedFiles(from: String, to: String) throws(SyncError) -> [ChangedFile] {
        // Records: ":<mode> <mode> <old> <new> <status>" NUL "<path>" NUL.
        var files: [ChangedFile] = []
        for (fields, bytes) in try comparedEntries(from: from, to: to) {
            let path = String(decoding: bytes, as: UTF8.self)
            guard fields.count == 5, fields[0].hasPrefix(":") else {
                throw .gitFailed(action: "compare \(from.prefix(10)) with \(to.prefix(10))", status: 1,
                                 message: "unexpected output: \(fields.joined(separator: " "))")
            }
            guard SyncFiles.isSyncedPath(path) else { continue }
            let isGone = fields[4].hasPrefix("D") || fields[1] == "000000"
            files.append(ChangedFile(path: path, blob: isGone ? nil : String(fields[3])))
        }
        return files
    }

    /// The snapshot `commit` holds, given that `known` is the snapshot `knownCommit` holds
    /// (a commit this sync made of it, so each of its notes is at `SyncFiles.path(for:)`):
    /// `known` with the files that differ read and parsed (`delta(_:over:at:)`), or
    /// `commit` read whole when the delta cannot say.
    func snapshot(_ commit: String?, over known: SyncSnapshot, at knownCommit: String) throws(SyncError) -> SyncSnapshot {
        guard let commit else { return SyncSnapshot() }
        if commit == knownCommit { return known }
        guard let delta = try delta(commit, over: known, at: knownCommit) else { return try snapshot(commit) }
        return delta.applied(to: known)
    }

    /// What `commit` changes over `known`, the snapshot `knownCommit` holds: only the files
    /// that differ are read and parsed. Nil when `commit` must be read whole: a note that
    /// did not change names a category `commit` no longer has (its category is then found
    /// by name, which needs its file).
    func delta(_ commit: String, over known: SyncSnapshot, at knownCommit: String) throws(SyncError) -> SyncDelta? {
        var delta = SyncDelta()
        if commit == knownCommit { return delta }
        let changes = try changedFiles(from: knownCommit, to: commit)
        if let categories = changes.first(where: { $0.path == SyncFiles.categoriesFile }) {
            // A commit without the file (no home makes one) leaves the categories as they were, named in the report.
            guard let blob = categories.blob else {
                work.found(unreadable: SyncFiles.categoriesFile, reason: "the commit \(commit.prefix(10)) has none")
                return try noteDelta(delta, changes, commit: commit, over: known)
            }
            guard let data = try blobs([blob], of: commit, paths: [SyncFiles.categoriesFile: blob])[blob] else {
                throw .unreadableFile(path: SyncFiles.categoriesFile, reason: "git did not give its contents")
            }
            let read = try SyncFiles.readCategories(data)
            let lost = known.notes.values.contains { note in note.categoryID.map { read[$0] == nil } ?? false }
            if lost { return nil }
            delta.categories = read
        }
        return try noteDelta(delta, changes, commit: commit, over: known)
    }

    /// `delta` (the categories of `commit`, read) with the notes of `changes` read into it.
    private func noteDelta(_ delta: SyncDelta, _ changes: [ChangedFile], commit: String,
                           over known: SyncSnapshot) throws(SyncError) -> SyncDelta {
        var delta = delta
        var paths: [UUID: String] = [:]  // where the notes read here are
        // Files gone first (a note that moved between notes/ and trash/ is gone from one, new in the other).
        for change in changes where change.blob == nil {
            guard let id = SyncFiles.noteID(inPath: change.path), let note = delta.note(id, over: known),
                  SyncFiles.path(for: note) == change.path else { continue }
            delta.set(id, to: nil)
        }
        let added = changes.filter { $0.blob != nil && $0.path != SyncFiles.categoriesFile }
            .sorted { $0.path < $1.path }
        let addedPaths = Dictionary(added.compactMap { change in change.blob.map { (change.path, $0) } },
                                    uniquingKeysWith: { first, _ in first })
        let contents = try blobs(Array(Set(added.compactMap(\.blob)).filter { cache.note(for: $0) == nil }),
                                 of: commit, paths: addedPaths)
        let categories = delta.categories ?? known.categories
        for change in added {
            guard let blob = change.blob else { continue }
            let note: Note
            if let cached = cache.note(for: blob), SyncFiles.fileKey(SyncFiles.path(for: cached)) == SyncFiles.fileKey(change.path) {
                note = cached
            } else {
                guard let data = contents[blob] else { throw .unreadableFile(path: change.path, reason: "git did not give its contents") }
                // A file that cannot be read leaves its note as the known snapshot has it.
                guard let read = try readNoteOrLeaveOut(path: change.path, data: data, categories: categories) else { continue }
                note = read
                cache.store(note, for: blob)
                work.add(parsed: 1)
            }
            if let existing = delta.note(note.id, over: known), (paths[note.id] ?? SyncFiles.path(for: existing)) != change.path {
                // The id is also in a file that did not change, or in another one read here:
                // the tree holds it twice, resolved as a merge of the two.
                delta.addDuplicate(note, over: known)
                work.found(duplicate: note.id)
                continue
            }
            delta.set(note.id, to: note)
            paths[note.id] = change.path
        }
        return delta
    }
}
