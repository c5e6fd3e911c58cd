import Foundation

/// The nested `attachments` tree (`attachments/XY/ID/name`) made from an earlier one: only
/// the note folders whose files changed are made again, with their `XY` folders and the
/// top; every other folder keeps its tree id. Git trees are content-addressed, so the
/// result is the tree made from every entry, at the cost of what changed, not of every
/// attachment file the store holds.
extension SyncRepository {
    /// Note folders by `XY/ID`, each its files' blobs by name (`[:]`: the folder goes).
    typealias AttachmentFolders = [String: [String: String]]

    /// The files of `files` (tree paths `attachments/XY/ID/name` → blob) by note folder;
    /// a path of another shape is left out, as the tree made of them leaves it out.
    static func attachmentFolders(_ files: [String: String]) -> AttachmentFolders {
        var folders: AttachmentFolders = [:]
        for (path, blob) in files {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty }) else { continue }
            folders[parts[1] + "/" + parts[2], default: [:]][String(parts[3])] = blob
        }
        return folders
    }

    /// The folders of `files` that differ from those of `previous` (both tree path → blob),
    /// each with its files now (`[:]`: gone).
    static func changedAttachmentFolders(_ files: [String: String], from previous: [String: String]) -> AttachmentFolders {
        let now = attachmentFolders(files), before = attachmentFolders(previous)
        var changed: AttachmentFolders = [:]
        for folder in Set(now.keys).union(before.keys) where now[folder] != before[folder] {
            changed[folder] = now[folder] ?? [:]
        }
        return changed
    }

    /// The `attachments` tree id `commit` holds, nil without one.
    func attachmentsTreeID(of commit: String?) throws(SyncError) -> String? {
        Self.attachmentsTreeID(in: try topLevel(of: commit))
    }

    /// The `attachments` tree id among a commit's top-level entries, nil without one.
    static func attachmentsTreeID(in top: [TreeEntry]) -> String? {
        top.first { $0.path == attachmentsFolder && $0.type == "tree" }?.object
    }

    /// The `attachments` tree of every file of `files` (tree path → blob); nil for none.
    func makeNestedTree(_ files: [String: String]) throws(SyncError) -> String? {
        try nestedTree(over: nil, replacing: Self.attachmentFolders(files))
    }

    /// The `attachments` tree `previous` (a tree id; nil: none) becomes with the note folders
    /// of `folders` put in its place (an empty one taken out): nil when nothing is left.
    func nestedTree(over previous: String?, replacing folders: AttachmentFolders) throws(SyncError) -> String? {
        if folders.isEmpty { return previous }
        let changed = folders.keys.sorted()
        let filled = changed.filter { !(folders[$0]?.isEmpty ?? true) }
        let noteTrees = try makeTrees(filled.map { folder in
            (folders[folder] ?? [:]).sorted { $0.key < $1.key }.map { Self.line("100644", "blob", $0.value, $0.key) }
        })
        let made = Dictionary(uniqueKeysWithValues: zip(filled, noteTrees))
        let buckets = Set(changed.compactMap { $0.split(separator: "/").first.map(String.init) })
        // The touched XY folders as `previous` holds them, then the changed note folders in them.
        var children = try previousChildren(of: previous, in: buckets)
        for folder in changed {
            let parts = folder.split(separator: "/").map(String.init)
            guard parts.count == 2 else { continue }
            children[parts[0], default: [:]][parts[1]] = made[folder].map { Self.line("040000", "tree", $0, parts[1]) }
        }
        let order = buckets.sorted().filter { !(children[$0]?.isEmpty ?? true) }
        let bucketTrees = try makeTrees(order.map { bucket in (children[bucket] ?? [:]).sorted { $0.key < $1.key }.map(\.value) })
        var top = try previousChildren(of: previous, in: nil)[""] ?? [:]
        for bucket in buckets { top[bucket] = nil }
        for (bucket, tree) in zip(order, bucketTrees) { top[bucket] = Self.line("040000", "tree", tree, bucket) }
        guard !top.isEmpty else { return nil }
        return try makeTree(top.sorted { $0.key < $1.key }.map(\.value))
    }

    /// The entries of tree `tree` (nil: none) as `mktree` lines by name: those of the folders
    /// `buckets` by folder, or with nil, those at its top under the key "".
    private func previousChildren(of tree: String?, in buckets: Set<String>?) throws(SyncError) -> [String: [String: [UInt8]]] {
        guard let tree, buckets.map({ !$0.isEmpty }) ?? true else { return [:] }
        let paths = buckets.map { $0.sorted().map { $0 + "/" } } ?? []
        let listed = try git.check("list the attachment folders", ["ls-tree", "-z", tree, "--"] + paths).output
        var children: [String: [String: [UInt8]]] = [:]
        for entry in TreeEntry.lines(of: [UInt8](listed)) {
            let parts = entry.path.split(separator: "/", maxSplits: 1).map(String.init)
            let (folder, name) = parts.count == 2 ? (parts[0], parts[1]) : ("", parts[0])
            children[folder, default: [:]][name] = Self.line(entry.mode, entry.type, entry.object, name)
        }
        return children
    }
}
