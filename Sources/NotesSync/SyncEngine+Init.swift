import Foundation
import AgeFormat

/// `notes sync init REMOTE [--encrypt | --identity FILE]`: the repository is set up in a
/// folder of its own beside the store, the remote fetched into it and looked at, and only
/// when the remote can be synced the way asked is the folder moved into place. So a setup
/// that cannot work (a plain home against an encrypted remote, a key that is not the
/// remote's) is refused before anything is written.
extension SyncEngine {
    /// How `notes sync init` encrypts.
    public enum InitEncryption: Equatable, Sendable {
        /// Plain text.
        case none
        /// A new key (`--encrypt`).
        case newKey
        /// The identity in this file (`--identity FILE`): another home's key.
        case identity(String)
    }

    /// What the remote's `main` holds, as `initialize` sees it.
    enum RemoteKind: Equatable {
        case empty
        case plain(tip: String)
        /// Encrypted: `categories.json` is an age file, or a recent commit carries a manifest.
        case encrypted(tip: String)
    }

    /// Sets up the repository beside the store with `remote` as its `origin`, encrypting as
    /// asked, after checking the remote (when it answers): refused, with nothing written,
    /// when this home would sync in plain text or with a new key against an encrypted
    /// remote, or when the identity given is not the remote's. Against a plain remote with
    /// encryption asked, what the remote holds now is this home's plain history
    /// (`notes.plainUntil`): read in plain text, then sent back encrypted.
    @discardableResult
    public func initialize(remote: String, encryption: InitEncryption) throws(SyncError) -> EncryptionSetup? {
        if repository.exists {
            throw .alreadyInitialized(repository: repository.folder.path, remote: repository.remoteURL() ?? "none")
        }
        var identity: AgeX25519Identity?
        if case .identity(let path) = encryption {
            guard let first = try SyncKeys.read(path: SyncKeys.absolute(path)).first else {
                throw .encryption(.unreadableKey(path: path, reason: "it holds no key"))
            }
            identity = first
        }
        let probe = SyncRepository(folder: URL(fileURLWithPath: repository.folder.path + ".init-\(UUID().uuidString)"),
                                   environment: repository.git.environment)
        defer { try? WorkTreeEntry.remove(probe.folder) }
        try probe.create(remote: Self.remote(remote, from: FileManager.default.currentDirectoryPath))
        let kind = try probe.remoteKind()
        try Self.check(kind, encryption: encryption, identity: identity, probe: probe)
        guard rename(probe.folder.path, repository.folder.path) == 0 else {
            throw .gitFailed(action: "move \(probe.folder.path) to \(repository.folder.path)", status: 1,
                             message: String(cString: strerror(errno)))
        }
        var identityFile: String?
        switch encryption {
        case .none: return nil
        case .newKey: identityFile = nil
        case .identity(let path): identityFile = path
        }
        var setup = try encrypt(identityFile: identityFile)
        if case .plain(let tip) = kind {
            try repository.git.check("configure the repository", ["config", "notes.plainUntil", tip])
            repository.encryption.loaded = nil
            setup.plainHistory = tip
        }
        return setup
    }

    /// Throws when a home set up as `encryption` asks cannot sync with a remote of `kind`.
    private static func check(_ kind: RemoteKind, encryption: InitEncryption, identity: AgeX25519Identity?,
                              probe: SyncRepository) throws(SyncError) {
        guard case .encrypted(let tip) = kind else { return }
        switch encryption {
        case .none:
            throw .encryption(.remoteIsEncrypted(path: SyncFiles.categoriesFile))
        case .newKey:
            throw .encryption(.notRemoteKey(path: nil, recipient: nil))
        case .identity(let path):
            guard let identity, try probe.isKey(identity, of: tip) else {
                throw .encryption(.notRemoteKey(path: path, recipient: identity?.recipient.text))
            }
        }
    }
}

extension SyncRepository {
    /// Fetches and tells what the remote's `main` holds. A remote that does not answer
    /// reads as empty: nothing can be checked, and the first sync says why it fails.
    func remoteKind() throws(SyncError) -> SyncEngine.RemoteKind {
        guard (try? fetch()) != nil, let tip = try remoteCommit() else { return .empty }
        let messages = try git.check("read the remote's history", ["log", "--first-parent", "--max-count=64", "--format=%B", tip]).text
        if messages.contains(SyncManifest.prefix) { return .encrypted(tip: tip) }
        return try encryptedCategories(of: tip) ? .encrypted(tip: tip) : .plain(tip: tip)
    }

    /// Whether `commit`'s `categories.json` is an age file.
    func encryptedCategories(of commit: String) throws(SyncError) -> Bool {
        guard let entry = try topLevel(of: commit).first(where: { $0.path == SyncFiles.categoriesFile && $0.type == "blob" }) else {
            return false
        }
        let head = try git.check("read \(SyncFiles.categoriesFile)", ["cat-file", "blob", entry.object]).output.prefix(64)
        return AgeFormat.looksEncrypted(head)
    }

    /// Whether `identity` is the key of the encrypted remote commit `tip`: its manifest is
    /// valid under it, or its `categories.json` decrypts with it.
    func isKey(_ identity: AgeX25519Identity, of tip: String) throws(SyncError) -> Bool {
        let object = try commitObject(tip)
        if let manifest = SyncManifest.parse(message: object.message),
           manifest.isValid(tree: object.tree, key: identity.derivedKey(label: SyncKey.manifestLabel)) {
            return true
        }
        guard let entry = try topLevel(of: tip).first(where: { $0.path == SyncFiles.categoriesFile && $0.type == "blob" }) else {
            return false
        }
        let data = try git.check("read \(SyncFiles.categoriesFile)", ["cat-file", "blob", entry.object]).output
        return (try? AgeFormat.decrypt([UInt8](data), with: [identity])) != nil
    }
}

extension SyncEngine {
    /// `remote` as git should keep it: a relative local path (`../notes.git`) is made
    /// absolute from `folder`, the folder the user typed it in (git would read it from the
    /// sync repository's folder instead). URLs (`https://…`, `ssh://…`), scp-like
    /// `host:path` and absolute paths are kept as they are.
    public static func remote(_ remote: String, from folder: String) -> String {
        if remote.hasPrefix("/") || remote.contains("://") { return remote }
        if let colon = remote.firstIndex(of: ":"), remote[..<colon].firstIndex(of: "/") == nil { return remote }
        return URL(fileURLWithPath: folder).appendingPathComponent(remote).standardizedFileURL.path
    }
}
