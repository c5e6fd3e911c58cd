import Foundation
import NotesModel
import NotesStore
import AgeFormat

/// Attachments in the sync repository: the file `attachments/<id>/<name>` of the store's
/// folder is `attachments/<XY>/<ID>/<name>` in the tree (`XY` the id's first two hex digits,
/// as for notes). In an encrypted sync the name is a keyed hash of it, so the tree reveals
/// nothing but the id; each side maps the names of a note's `attachments` list (which its
/// file carries) to the tree and back, so a name in the tree is never used as a file name.
///
/// Sending: an attachment whose stamp is unchanged since sync last read or wrote it
/// (`SyncAttachmentStamps`) keeps the blob the tree a commit builds on holds, unread; new and
/// edited ones are read from the store's folder, and one over `maximumFileBytes` stops the
/// sync by name before anything is committed. Receiving: only the attachment entries that
/// differ from the commit of this store's state are read, and written into the store's folder
/// (never through a link; over a file only when it is still what this home last synced)
/// before the commit that brings their notes.
extension SyncRepository {
    static let attachmentsFolder = AttachmentFiles.folderName

    /// The folder of the store this repository syncs (`STORE.sync` is beside the store file).
    var storeFolder: URL { folder.deletingLastPathComponent() }

    /// The tree path of `path`, an attachment owned by `owner`.
    func treePath(of path: AttachmentPath, owner: UUID, key: SyncKey?) -> String {
        let name = String(path.relativePath.split(separator: "/").last ?? "")
        let shown = key.map { key in
            AgeCrypto.keyedHash(Data(name.utf8), key: key.nameKey).prefix(16).map { String(format: "%02x", $0) }.joined()
        } ?? name
        let id = owner.uuidString
        return "\(Self.attachmentsFolder)/\(id.prefix(2))/\(id)/\(shown)"
    }

    /// The attachment files of `commit`'s tree (of its folders `folders` only, when given):
    /// tree path → blob id (none for nil).
    func attachmentBlobs(_ commit: String?, under folders: [String] = [attachmentsFolder]) throws(SyncError) -> [String: String] {
        guard let commit else { return [:] }
        let output = [UInt8](try git.check("list the attachments of \(commit.prefix(10))",
                                           ["ls-tree", "-r", "-z", commit, "--"] + folders).output)
        var blobs: [String: String] = [:]
        for entry in TreeEntry.lines(of: output) where entry.type == "blob" { blobs[entry.path] = entry.object }
        return blobs
    }

    /// The `attachments` tree for `snapshot`'s notes (nil when none has one).
    ///
    /// Sending (one source, the commit built on): a file whose stamp is the one recorded
    /// when sync last read or wrote it (`SyncAttachmentStamps`) and whose blob that commit
    /// holds at its path keeps that blob, unread; any other is read from the store's folder
    /// (edited in place: sent again) and stored, and its stamp recorded. One over the limit
    /// stops the sync by name; a file missing from the store is left out (`notes doctor`
    /// names it).
    ///
    /// Merging (`sources` = local, remote; `mergeBase` their base): per path, the side that
    /// changed it since the base wins; changed on both sides, the local one is kept and the
    /// path is added to `conflicts` (the other stays in the remote's history). When the
    /// entries are those of `sources[0]`, its tree is reused as it is.
    func attachmentsTree(for snapshot: SyncSnapshot, sources: [String?], mergeBase: String? = nil,
                         conflicts: inout [String]) throws(SyncError) -> String? {
        let owned = snapshot.notes.values.lazy.filter { !$0.attachments.isEmpty }
            .flatMap { note in note.attachments.compactMap { path in AttachmentFiles.owner(of: path) == note.id ? (note, path) : nil } }
        guard !owned.isEmpty else { return nil }
        let key = try encryptionKey()
        let sourceBlobs = try sources.map { source throws(SyncError) in try attachmentBlobs(source) }
        let baseBlobs = sourceBlobs.first ?? [:]
        let merging = sources.count > 1
        let ancestor = merging ? try attachmentBlobs(mergeBase) : [:]
        var stamps = SyncAttachmentStamps.load(from: gitFolder)
        var entries: [String: String] = [:]
        var toRead: [AttachmentToRead] = []
        var owns = Set<String>()
        for (note, path) in owned {
            let treePath = treePath(of: path, owner: note.id, key: key)
            owns.insert(path.relativePath)
            if merging {
                let remote = sourceBlobs.dropFirst().lazy.compactMap { $0[treePath] }.first
                let (blob, conflict) = Self.mergedBlob(local: sourceBlobs[0][treePath], remote: remote, base: ancestor[treePath])
                if conflict { conflicts.append(path.relativePath) }
                if let blob { entries[treePath] = blob; continue }
            }
            take(path, of: note, at: treePath, base: baseBlobs, stamps: stamps, entries: &entries, toRead: &toRead)
        }
        try read(toRead, into: &entries, stamps: &stamps)
        if !merging {
            stamps.entries = stamps.entries.filter { owns.contains($0.key) }
        }
        stamps.save(to: gitFolder)
        // Only the note folders that differ from the first source's are made again.
        guard let previous = try attachmentsTreeID(of: sources.first ?? nil) else { return try makeNestedTree(entries) }
        return try nestedTree(over: previous, replacing: Self.changedAttachmentFolders(entries, from: baseBlobs))
    }

    /// The blob a merge keeps at one attachment path, from the blobs `local`, `remote` and
    /// their `base` hold there: the side that changed it since the base wins; changed on
    /// both sides, the local one, and `conflict` is set. Nil when neither side holds one.
    static func mergedBlob(local: String?, remote: String?, base: String?) -> (blob: String?, conflict: Bool) {
        guard let local, let remote, local != remote else { return (local ?? remote, false) }
        if base == local { return (remote, false) }
        return (local, base != remote)
    }

    /// Sends `file` of `note` at `treePath`: the blob `base` holds there, unread, when the
    /// file's stamp is the one recorded with that blob; else it is queued in `toRead`. A file
    /// missing from the store is left out (`notes doctor` names it).
    func take(_ file: AttachmentPath, of note: Note, at treePath: String, base: [String: String],
              stamps: SyncAttachmentStamps, entries: inout [String: String], toRead: inout [AttachmentToRead]) {
        guard let stamp = AttachmentFiles.stamp(file, in: storeFolder) else { return }
        if let blob = base[treePath], stamps.blob(of: file, now: stamp) == blob {
            entries[treePath] = blob
        } else {
            toRead.append((treePath, file, note, stamp))
        }
    }

    /// Reads and stores the files of `toRead` in path order, puts their blobs in `entries` and
    /// records their stamps.
    func read(_ toRead: [AttachmentToRead], into entries: inout [String: String],
              stamps: inout SyncAttachmentStamps) throws(SyncError) {
        let sorted = toRead.sorted(by: { $0.path < $1.path })
        for (item, blob) in zip(sorted, try storeAttachmentFiles(sorted)) {
            entries[item.path] = blob
            // The stamp taken before the read: a file changed while it was read differs next time.
            stamps.entries[item.file.relativePath] = .init(stamp: item.stamp, blob: blob)
        }
    }

    /// An attachment file to send: its path in the tree, in the store, its note, and its
    /// stamp taken before it is read.
    typealias AttachmentToRead = (path: String, file: AttachmentPath, note: Note, stamp: AttachmentFiles.Stamp)

    /// Reads and stores the files of `items`, in order: their blobs. One over the limit
    /// stops the sync by name before any is read; one that cannot be read stops it after.
    private func storeAttachmentFiles(_ items: [AttachmentToRead]) throws(SyncError) -> [String] {
        var contents: [() -> Data] = []
        var failure: SyncError?
        for item in items {
            guard SyncFileLimit.allows(Int(clamping: item.stamp.size), sealed: false) else {
                throw .attachmentTooLarge(path: item.file.relativePath, title: item.note.title, bytes: Int(item.stamp.size),
                                          limit: Self.maximumFileBytes)
            }
            contents.append { [storeFolder] in
                do throws(AttachmentFiles.Failure) {
                    return try AttachmentFiles.read(item.file, in: storeFolder, limit: Self.maximumFileBytes)
                } catch {
                    if failure == nil { failure = .unreadableFile(path: error.path, reason: error.reason) }
                    return Data()
                }
            }
        }
        let written = try storeFiles(contents)
        if let failure { throw failure }
        return written
    }

    /// Writes into the store's folder the attachments `commit` holds that the commit of the
    /// store's state does not (`changes`, what `attachmentChanges(of:over:)` found), for the
    /// notes `note(id)` gives as `commit` holds them. Returns warnings: a file that differs
    /// from the one already there is kept as it is. (The files `commit` drops are removed
    /// after the commit that applies it, from the same `changes`:
    /// `SyncEngine.removeDroppedAttachments`.)
    func receiveAttachments(_ changes: AttachmentChanges, of commit: String, note: (UUID) -> Note?) throws(SyncError) -> [String] {
        guard !changes.added.isEmpty else { return [] }
        let key = try encryptionKey()
        let added = changes.added, replaced = changes.replaced
        var wanted: [(file: AttachmentPath, treePath: String, blob: String)] = []
        for entry in added.keys.sorted() {
            let parts = entry.split(separator: "/")
            guard parts.count == 4, let id = UUID(uuidString: String(parts[2])), let owner = note(id), let blob = added[entry] else { continue }
            for file in owner.attachments where AttachmentFiles.owner(of: file) == id && treePath(of: file, owner: id, key: key) == entry {
                wanted.append((file, entry, blob))
            }
        }
        var warnings: [String] = []
        var stamps = SyncAttachmentStamps.load(from: gitFolder)
        defer { stamps.save(to: gitFolder) }
        // Sixteen at a time: attachments may be large, and memory holds what is read at once.
        var start = 0
        while start < wanted.count {
            let end = min(start + 16, wanted.count)
            let batch = Array(wanted[start..<end])
            let contents = try blobs(Array(Set(batch.map(\.blob))), of: commit,
                                     paths: Dictionary(batch.map { ($0.treePath, $0.blob) }, uniquingKeysWith: { first, _ in first }))
            for item in batch {
                guard let data = contents[item.blob] else {
                    throw .unreadableFile(path: item.treePath, reason: "git did not give its contents")
                }
                do {
                    // A file the other side edited replaces this one only if it is still what this side last synced.
                    if let old = replaced[item.treePath],
                       stamps.blob(of: item.file, now: AttachmentFiles.stamp(item.file, in: storeFolder)) == old {
                        try AttachmentFiles.replace(item.file, with: data, in: storeFolder)
                    } else {
                        try AttachmentFiles.write(data, to: item.file, in: storeFolder)
                    }
                    if let stamp = AttachmentFiles.stamp(item.file, in: storeFolder) {
                        stamps.entries[item.file.relativePath] = .init(stamp: stamp, blob: item.blob)
                    }
                } catch {
                    warnings.append("the attachment \(item.file.relativePath) came in, but \(error.reason); the file here was kept")
                }
            }
            start = end
        }
        return warnings
    }
}
