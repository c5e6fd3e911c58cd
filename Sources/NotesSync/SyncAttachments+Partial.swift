import Foundation
import NotesModel
import NotesStore

/// The `attachments` tree of a store opened for a few notes (`treeFromPrevious`): the
/// previous tree's attachments of the notes not touched since the position are kept as
/// they are, and those of the touched notes are taken as `attachmentsTree` takes them when
/// sending (unchanged stamp: the blob kept, unread; else read and stored). The result is
/// the tree the whole store makes, as long as every kept file is still what this home last
/// synced: one whose stamp is not recorded with that blob (edited in place, removed, never
/// written here) needs the whole store.
extension SyncRepository {
    /// What a store opened for a few notes makes of the `attachments` tree.
    enum PartialAttachments: Equatable {
        /// No attachment at all: the tree has no `attachments` folder.
        case none
        /// The `attachments` tree.
        case tree(String)
        /// A kept file is not what this home last synced: only the whole store can tell.
        case needsAllNotes
    }

    /// The `attachments` tree of `snapshot` (which holds every note of `changed`) over
    /// `base`'s, whose `top` entries are given.
    func partialAttachmentsTree(for snapshot: SyncSnapshot, base: String?, top: [TreeEntry],
                                changed: Set<UUID>) throws(SyncError) -> PartialAttachments {
        let key = try encryptionKey()
        let previous = try attachmentBlobs(base)
        var stamps = SyncAttachmentStamps.load(from: gitFolder)
        // The recorded stamps by tree path: each names its owner and file.
        var recorded: [String: (file: AttachmentPath, entry: SyncAttachmentStamps.Entry)] = [:]
        for (relative, entry) in stamps.entries {
            guard let file = try? AttachmentPath(relative), let owner = AttachmentFiles.owner(of: file) else { continue }
            recorded[treePath(of: file, owner: owner, key: key)] = (file, entry)
        }
        var entries: [String: String] = [:]
        for (path, blob) in previous {
            let parts = path.split(separator: "/")
            guard parts.count == 4, let owner = UUID(uuidString: String(parts[2])) else { return .needsAllNotes }
            if changed.contains(owner) { continue }
            guard let known = recorded[path], known.entry.blob == blob,
                  AttachmentFiles.stamp(known.file, in: storeFolder) == known.entry.stamp else { return .needsAllNotes }
            entries[path] = blob
        }
        var toRead: [AttachmentToRead] = []
        var owns = Set<String>()
        for id in changed.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let note = snapshot.notes[id] else { continue }  // deleted for good: its attachments go
            for file in note.attachments where AttachmentFiles.owner(of: file) == id {
                owns.insert(file.relativePath)
                take(file, of: note, at: treePath(of: file, owner: id, key: key), base: previous, stamps: stamps,
                     entries: &entries, toRead: &toRead)
            }
        }
        try read(toRead, into: &entries, stamps: &stamps)
        // The touched notes' files they no longer hold are forgotten, as the whole store forgets them.
        stamps.entries = stamps.entries.filter { relative, _ in
            guard let file = try? AttachmentPath(relative), let owner = AttachmentFiles.owner(of: file),
                  changed.contains(owner) else { return true }
            return owns.contains(relative)
        }
        stamps.save(to: gitFolder)
        // Only the touched notes' folders are made again; the others keep their trees.
        return try nestedTree(over: Self.attachmentsTreeID(in: top), replacing: Self.changedAttachmentFolders(entries, from: previous)).map { .tree($0) } ?? .none
    }
}

extension SyncRepository {
    /// The notes whose attachment files differ between the commits `from` and `to`; nil when
    /// an entry under `attachments` is not `attachments/XY/ID/name`.
    func attachmentOwners(from: String, to: String) throws(SyncError) -> Set<UUID>? {
        var owners = Set<UUID>()
        for (_, path) in try comparedEntries(from: from, to: to, under: Self.attachmentsFolder) {
            let parts = String(decoding: path, as: UTF8.self).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, let id = UUID(uuidString: String(parts[2])), String(parts[2]) == id.uuidString,
                  parts[1] == SyncFiles.bucket(of: id) else { return nil }
            owners.insert(id)
        }
        return owners
    }
}
