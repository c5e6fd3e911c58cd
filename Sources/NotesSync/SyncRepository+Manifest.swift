import Foundation

/// Writing and checking the manifests of an encrypted sync's commits (`SyncManifest`).
/// Each costs one `git cat-file` of a commit: a sync pays the same whatever the store holds.
extension SyncRepository {
    /// A commit's tree id and message (`git cat-file commit`).
    func commitObject(_ commit: String) throws(SyncError) -> (tree: String, message: Substring) {
        let text = try git.check("read the commit \(commit.prefix(10))", ["cat-file", "commit", commit]).text
        let tree = text.split(separator: "\n", maxSplits: 1).first.map { $0.dropFirst("tree ".count) } ?? ""
        let message = text.range(of: "\n\n").map { text[$0.upperBound...] } ?? ""
        return (String(tree), message)
    }

    /// The valid manifest `commit` carries under `key`, or nil when it has none or a wrong one.
    func manifest(of commit: String, key: SyncKey) throws(SyncError) -> SyncManifest? {
        let object = try commitObject(commit)
        guard let manifest = SyncManifest.parse(message: object.message),
              manifest.isValid(tree: object.tree, key: key.manifestKey) else { return nil }
        return manifest
    }

    /// The manifest line for a commit of `tree` on `parents`, nil in a plain sync.
    func manifestLine(tree: String, parents: [String]) throws(SyncError) -> String? {
        guard let key = try encryptionKey() else { return nil }
        var version: UInt64 = 0
        for parent in parents { version = max(version, try manifest(of: parent, key: key)?.version ?? 0) }
        return SyncManifest(tree: tree, version: version + 1, key: key.manifestKey).line
    }

    /// Whether `commit` may stand as it is in this sync: always in a plain one; in an
    /// encrypted one, when it carries a valid manifest.
    func hasManifestIfNeeded(_ commit: String) throws(SyncError) -> Bool {
        guard let key = try encryptionKey() else { return true }
        return try manifest(of: commit, key: key) != nil
    }

    /// Throws unless the fetched `remote` may be taken in an encrypted sync: it is the
    /// synced commit or behind it (nothing of it is taken), or it carries a valid manifest
    /// whose version is above the synced commit's. A synced commit without a manifest (made
    /// by an earlier version of notes) lets a remote without one through, once: the first
    /// commit this home makes carries one, and from then on every remote must.
    func checkManifest(of remote: String, synced: String?) throws(SyncError) {
        guard let key = try encryptionKey(), remote != synced else { return }
        if let synced, try isAncestor(remote, of: synced) { return }
        // The plain history this home turned encryption on over: read as plain files, not commits of the key.
        if let until = key.plainUntil, remote == until { return }
        if let until = key.plainUntil, try isAncestor(remote, of: until) { return }
        var syncedVersion: UInt64?
        if let synced { syncedVersion = try manifest(of: synced, key: key)?.version }
        guard let manifest = try manifest(of: remote, key: key) else {
            if synced != nil, syncedVersion == nil { return }
            // A remote encrypted for another key says so, rather than that its commit is not this key's.
            if try !isKey(key.identity, of: remote), try encryptedCategories(of: remote) {
                throw .encryption(.undecryptable(path: SyncFiles.categoriesFile, reason: .noMatchingIdentity,
                                                 recipient: key.recipient.text))
            }
            let base = try lastAuthenticated(before: remote, key: key) ?? synced
            throw .encryption(.unauthenticatedCommit(commit: String(remote.prefix(10)), paths: try notePaths(from: base, to: remote)))
        }
        if let syncedVersion, let synced, manifest.version <= syncedVersion {
            throw .encryption(.rolledBack(commit: String(remote.prefix(10)), version: manifest.version, synced: syncedVersion,
                                          paths: try notePaths(from: synced, to: remote)))
        }
    }

    /// The nearest commit on `commit`'s first-parent line (64 at most) with a valid manifest:
    /// the last state a key holder made, to name what a refused commit changed over it.
    private func lastAuthenticated(before commit: String, key: SyncKey) throws(SyncError) -> String? {
        let list = try git.check("list the commits before \(commit.prefix(10))",
                                 ["rev-list", "--first-parent", "--max-count=64", commit]).text
        for ancestor in list.split(separator: "\n").dropFirst() where try manifest(of: String(ancestor), key: key) != nil {
            return String(ancestor)
        }
        return nil
    }

    /// The synced files that differ between `base` and `commit` (every one of `commit`
    /// without a base), for messages.
    private func notePaths(from base: String?, to commit: String) throws(SyncError) -> [String] {
        guard let base else { return try blobIDs(commit).keys.sorted() }
        return try changedFiles(from: base, to: commit).map(\.path).sorted()
    }
}
