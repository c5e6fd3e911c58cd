import Foundation
import NotesModel
import NotesStore

/// Receiving, the attachment entries a received commit changed, and the files it dropped
/// (a note's file detached on another home, or the note's list changed): such a file is
/// removed here too, so that the two homes' folders stay the same and the same name with
/// other bytes can come in later; but only when the file here is still the blob this home
/// last synced (its stamp, `SyncAttachmentStamps`) and the note as received no longer
/// names it. A file edited here since is kept, with a warning, as a file replaced elsewhere is.
extension SyncRepository {
    /// The attachment entries of a received commit that differ from the store's state:
    /// tree path → blob for the new or changed ones (`added`), → the blob changed on the other
    /// side (`replaced`), and → the blob the store's state held for the ones gone (`dropped`).
    struct AttachmentChanges {
        var added: [String: String] = [:]
        var replaced: [String: String] = [:]
        var dropped: [String: String] = [:]
    }

    /// The attachment entries `commit` changes over `known` (`git diff-tree`, no renames;
    /// the comparison is git's once a sync, `comparison(from:to:)`).
    func attachmentChanges(of commit: String, over known: String) throws(SyncError) -> AttachmentChanges {
        var changes = AttachmentChanges()
        for (fields, bytes) in try comparedEntries(from: known, to: commit, under: Self.attachmentsFolder) {
            // ":<old mode> <new mode> <old blob> <new blob> <status>", then the path.
            guard fields.count == 5 else { continue }
            let path = String(decoding: bytes, as: UTF8.self)
            if fields[4].hasPrefix("D") {
                if fields[0] != ":000000" { changes.dropped[path] = String(fields[2]) }
                continue
            }
            guard fields[1] != "000000" else { continue }
            changes.added[path] = String(fields[3])
            if fields[0] != ":000000" { changes.replaced[path] = String(fields[2]) }
        }
        return changes
    }

    /// Removes from the store's folder the file at each tree path of `dropped` (entries a
    /// received commit dropped: `AttachmentChanges.dropped`) whose note does not name it
    /// (`keeps(id, file)` false), when the file here is still the blob `synced` (the commit
    /// of the last sync) holds there, and forgets its stamp. Returns warnings for the files
    /// kept because they changed here since.
    func removeDroppedAttachments(_ dropped: [String: String], synced: String?,
                                  keeps: (UUID, AttachmentPath) -> Bool) throws(SyncError) -> [String] {
        guard let synced, !dropped.isEmpty else { return [] }
        let key = try encryptionKey()
        let folders = Set(dropped.keys.map { $0.split(separator: "/").dropLast().joined(separator: "/") })
        let lastSynced = try attachmentBlobs(synced, under: folders.sorted())
        var stamps = SyncAttachmentStamps.load(from: gitFolder)
        defer { stamps.save(to: gitFolder) }
        var warnings: [String] = []
        for entry in dropped.keys.sorted() {
            let parts = entry.split(separator: "/")
            guard parts.count == 4, let id = UUID(uuidString: String(parts[2])),
                  let file = storeFile(at: entry, owner: id, key: key), !keeps(id, file),
                  let now = AttachmentFiles.stamp(file, in: storeFolder) else { continue }
            guard let blob = lastSynced[entry], stamps.blob(of: file, now: now) == blob else {
                warnings.append("the attachment \(file.relativePath) was removed on another home, but the file here "
                                + "changed since it was last synced; the file here was kept")
                continue
            }
            do throws(AttachmentFiles.Failure) {
                try AttachmentFiles.remove(file, in: storeFolder)
                stamps.entries[file.relativePath] = nil
            } catch {
                warnings.append("the attachment \(file.relativePath) was removed on another home, but \(error.reason); "
                                + "the file here was kept")
            }
        }
        return warnings
    }

    /// The file in note `owner`'s folder of the store whose tree path is `entry` (in an
    /// encrypted sync the tree holds a keyed hash of its name), or nil when there is none.
    private func storeFile(at entry: String, owner: UUID, key: SyncKey?) -> AttachmentPath? {
        for name in AttachmentFiles.names(inNoteFolderOf: owner, storeFolder: storeFolder).sorted() {
            guard let file = try? AttachmentPath("\(Self.attachmentsFolder)/\(owner.uuidString)/\(name)") else { continue }
            if treePath(of: file, owner: owner, key: key) == entry { return file }
        }
        return nil
    }
}

extension SyncEngine {
    /// After the store's commit that applied a received commit (the store was at commit
    /// `before`): removes the attachment files it dropped (`dropped`), unless a note names
    /// them — their owner as the store holds it now (edits made while the sync ran included;
    /// a note not loaded or gone for good keeps them: the store removes a deleted note's
    /// folder), or a note that commit put (a conflict copy) — or they changed here since the
    /// last sync (a warning). A kill before this leaves files no note names (`notes doctor`
    /// lists them), never a note naming a file that is gone.
    func removeDroppedAttachments(_ dropped: [String: String], since before: Int) throws -> [String] {
        // The notes that commit put; when the store cannot say (a compaction folded it in), nothing is removed.
        guard !dropped.isEmpty, let touched = store.notesChanged(after: before) else { return [] }
        let contents = store.contents
        let named = Set(touched.compactMap { contents.anyNote($0) }.flatMap(\.attachments))
        let synced = try repository.syncedCommit()
        return try repository.removeDroppedAttachments(dropped, synced: synced) { id, file in
            named.contains(file) || (contents.anyNote(id)?.attachments.contains(file) ?? true)
        }
    }
}
