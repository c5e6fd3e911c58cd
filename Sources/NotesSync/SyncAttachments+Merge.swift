import Foundation
import NotesModel
import NotesStore

/// The tree of a merge commit made by a store opened for a few notes: the notes come from
/// `local`'s tree with the merged ones put in (`updatedTree`), and the `attachments` tree
/// from `local`'s with the folders of `notes` merged file by file as the whole store merges
/// them (`mergedBlob`): the side that changed a file since the base wins, a file neither side
/// holds is taken from the store's folder. The caller gives as `notes` every note the merge
/// touches and every note whose attachment folder differs between `local` and `remote`
/// (`attachmentOwners`): every other folder is the same on both sides, so the whole store
/// keeps it as `local` holds it. The result is the whole store's tree.
extension SyncRepository {
    /// The merge of `local` and `remote` (base `base`) that `merged` holds, given that `local`
    /// holds every note of `merged` but those of `since.changed`. `attachmentNotes`: nil when
    /// neither side nor the store holds an attachment; else the notes whose folders are merged.
    func treeFromPrevious(merging merged: SyncSnapshot, local: String, remote: String, base: String?,
                          since: (commit: String, changed: Set<UUID>),
                          attachmentNotes: Set<UUID>?) throws(SyncError) -> String? {
        let top = try topLevel(of: local)
        var attachments: String?
        if let attachmentNotes {
            var conflicts: [String] = []
            let previous = Self.attachmentsTreeID(in: top)
            attachments = try mergedAttachmentsTree(for: merged, local: (local, previous), remote: remote, base: base,
                                                    notes: attachmentNotes, conflicts: &conflicts)
            work.found(attachmentConflicts: conflicts)
        }
        return try updatedTree(for: merged, top: top, attachments: attachments, since: since)
    }

    /// `local`'s `attachments` tree (`local.tree`; nil: none) with the folders of `notes` made
    /// again from `merged`'s notes; paths edited on both sides are added to `conflicts`.
    private func mergedAttachmentsTree(for merged: SyncSnapshot, local: (commit: String, tree: String?), remote: String,
                                       base: String?, notes: Set<UUID>, conflicts: inout [String]) throws(SyncError) -> String? {
        let key = try encryptionKey()
        let localBlobs = try attachmentBlobs(local.commit, of: notes)
        let remoteBlobs = try attachmentBlobs(remote, of: notes), ancestor = try attachmentBlobs(base, of: notes)
        var stamps = SyncAttachmentStamps.load(from: gitFolder)
        var entries: [String: String] = [:]
        var toRead: [AttachmentToRead] = []
        for id in notes.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let note = merged.notes[id] else { continue }  // deleted for good: its attachments go
            for file in note.attachments where AttachmentFiles.owner(of: file) == id {
                let treePath = treePath(of: file, owner: id, key: key)
                let (blob, conflict) = Self.mergedBlob(local: localBlobs[treePath], remote: remoteBlobs[treePath],
                                                       base: ancestor[treePath])
                if conflict { conflicts.append(file.relativePath) }
                if let blob { entries[treePath] = blob; continue }
                take(file, of: note, at: treePath, base: localBlobs, stamps: stamps, entries: &entries, toRead: &toRead)
            }
        }
        try read(toRead, into: &entries, stamps: &stamps)
        stamps.save(to: gitFolder)
        return try nestedTree(over: local.tree, replacing: Self.changedAttachmentFolders(entries, from: localBlobs))
    }

    /// The attachment files of `commit` (nil: none) in the folders of `owners`: tree path → blob.
    func attachmentBlobs(_ commit: String?, of owners: Set<UUID>) throws(SyncError) -> [String: String] {
        guard let commit, !owners.isEmpty else { return [:] }
        let folders = owners.map { "\(Self.attachmentsFolder)/\(SyncFiles.bucket(of: $0))/\($0.uuidString)/" }.sorted()
        let output = [UInt8](try git.check("list the attachments of \(commit.prefix(10))",
                                           ["ls-tree", "-r", "-z", commit, "--"] + folders).output)
        var blobs: [String: String] = [:]
        for entry in TreeEntry.lines(of: output) where entry.type == "blob" { blobs[entry.path] = entry.object }
        return blobs
    }
}
