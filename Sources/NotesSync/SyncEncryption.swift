import Foundation
import AgeFormat

/// End-to-end encryption of a sync repository (issue 26): every file the remote receives is
/// an age file (age-encryption.org/v1) for this sync's X25519 recipient, so the notes can
/// always be had back with the standard `age` tool and the key alone.
///
/// It sits at the two places where file contents cross into git and back, and nowhere else:
/// - writing (`storeFiles`): each rendered file is encrypted and padded to a size bucket;
///   a file whose plaintext this machine has already seen as some blob (received, or
///   written before) takes that blob again, so an unchanged note is never re-encrypted;
/// - reading (`decryptedContents`): each blob is decrypted and authenticated; one that does
///   not decrypt is refused, naming its path, and so is a plain file, except in history
///   from before encryption was turned on.
/// Merging therefore always works on plaintext; ciphertexts are never compared.
///
/// The settings live in the sync repository's git configuration (`notes.encryption`,
/// `notes.recipient`, `notes.identity`, `notes.plainUntil`); the identity in a file of the
/// user's configuration folder (`SyncKeys`).
extension SyncRepository {
    /// This sync's key, or nil when it syncs in plain text. Throws when the key is missing
    /// or is not the one the sync was set up with.
    func encryptionKey(known: [String: String]? = nil) throws(SyncError) -> SyncKey? {
        if let loaded = encryption.loaded { return loaded.key }
        let settings = if let known { SyncEncryptionSettings(values: known) } else { try encryptionSettings() }
        guard settings.isEncrypted else {
            encryption.loaded = (nil, SyncPlaintextCache())
            return nil
        }
        let key = try SyncKey(settings: settings)
        encryption.loaded = (key, SyncPlaintextCache.load(from: gitFolder, key: key.cacheKey))
        return key
    }

    /// The settings as the repository's configuration holds them.
    public func encryptionSettings() throws(SyncError) -> SyncEncryptionSettings {
        SyncEncryptionSettings(values: try configValues(matching: "^notes\\."))
    }

    /// Records that this repository encrypts for `identity`, kept at `identityPath`. Files
    /// written in plain text before (the blob cache) are forgotten, and the commit synced
    /// so far is remembered as the end of the plain history.
    func recordEncryption(recipient: AgeX25519Recipient, identityPath: String) throws(SyncError) {
        try git.check("configure the repository", ["config", "notes.recipient", recipient.text])
        try git.check("configure the repository", ["config", "notes.identity", identityPath])
        if let synced = try syncedCommit() {
            try git.check("configure the repository", ["config", "notes.plainUntil", synced])
        }
        try? FileManager.default.removeItem(at: gitFolder.appendingPathComponent(SyncBlobCache.fileName))
        try? FileManager.default.removeItem(at: gitFolder.appendingPathComponent(SyncPlaintextCache.fileName))
        SyncPosition.remove(from: gitFolder)
        // Last: until this is set, the repository still syncs in plain text.
        try git.check("configure the repository", ["config", "notes.encryption", "age"])
        encryption.loaded = nil
    }

    // MARK: - Writing

    /// Stores each of `contents` as a blob, as `writeBlobs` does, encrypted when this sync
    /// encrypts: a plaintext already known (by its keyed hash) takes its blob again.
    func storeFiles(_ contents: [() -> Data]) throws(SyncError) -> [String] {
        guard let key = try encryptionKey(), let cache = encryption.loaded?.cache else { return try writeBlobs(contents) }
        var ids = [String?](repeating: nil, count: contents.count)
        var hashes: [[UInt8]] = []
        hashes.reserveCapacity(contents.count)
        for (index, content) in contents.enumerated() {
            let hash = AgeCrypto.keyedHash(content(), key: key.cacheKey)
            hashes.append(hash)
            ids[index] = cache.blob(for: hash)
        }
        // Known blobs must still be in git (a cache is only a shortcut).
        let known = Set(ids.compactMap { $0 })
        let present = try existingObjects(known)
        for index in ids.indices where ids[index].map({ !present.contains($0) }) ?? false { ids[index] = nil }
        let missing = ids.indices.filter { ids[$0] == nil }
        var failure: SyncError?
        let written = try writeBlobs(missing.map { index in
            {
                do { return Data(try key.encrypt(contents[index]())) } catch {
                    failure = error as? SyncError ?? .encryption(.cannotEncrypt(reason: "\(error)"))
                    return Data()
                }
            }
        })
        if let failure { throw failure }
        for (index, blob) in zip(missing, written) {
            ids[index] = blob
            cache.record(hashes[index], blob: blob)
        }
        cache.save(to: gitFolder, key: key.cacheKey)
        return ids.map { $0 ?? "" }
    }

    /// Which of `ids` git has (`cat-file --batch-check`).
    private func existingObjects(_ ids: Set<String>) throws(SyncError) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        let input = Data(ids.joined(separator: "\n").appending("\n").utf8)
        let output = try git.check("check files", ["cat-file", "--batch-check"], input: input).text
        var present = Set<String>()
        for line in output.split(separator: "\n") where !line.hasSuffix(" missing") {
            if let id = line.split(separator: " ").first { present.insert(String(id)) }
        }
        return present
    }

    // MARK: - Reading

    /// `contents` (blob id → bytes, read from `commit`) as plaintext. `paths` names the
    /// blobs in errors. In a plain sync an age file is refused (this machine has no key);
    /// in an encrypted one every file must decrypt, and a plain file is taken only from the
    /// history before encryption (`acceptsPlain`).
    func decryptedContents(_ contents: [String: Data], of commit: String?, paths: [String: String]) throws(SyncError) -> [String: Data] {
        let key = try encryptionKey()
        func path(of blob: String) -> String {
            paths.first { $0.value == blob }?.key ?? "blob \(blob.prefix(10))"
        }
        guard let key, let cache = encryption.loaded?.cache else {
            if let blob = contents.first(where: { AgeFormat.looksEncrypted($0.value) })?.key {
                throw .encryption(.remoteIsEncrypted(path: path(of: blob)))
            }
            return contents
        }
        var plaintexts: [String: Data] = [:]
        plaintexts.reserveCapacity(contents.count)
        var plainChecked = false
        var replaced: [String: String] = [:]
        for (blob, data) in contents {
            guard AgeFormat.looksEncrypted(data) else {
                if !plainChecked {
                    guard try acceptsPlain(in: commit, key: key) else { throw .encryption(.plainFile(path: path(of: blob))) }
                    plainChecked = true
                }
                plaintexts[blob] = data
                continue
            }
            do {
                let plaintext = Data(try AgeFormat.decrypt([UInt8](data), with: [key.identity]))
                let hash = AgeCrypto.keyedHash(plaintext, key: key.cacheKey)
                if let own = cache.blob(for: hash), own != blob { replaced[own] = blob }
                cache.record(hash, blob: blob)
                plaintexts[blob] = plaintext
            } catch {
                throw .encryption(.undecryptable(path: path(of: blob), reason: error, recipient: key.recipient.text))
            }
        }
        cache.save(to: gitFolder, key: key.cacheKey)
        if !replaced.isEmpty { preferReceivedBlobs(replaced) }
        return plaintexts
    }

    /// Two encryptions of one plaintext are two blobs: when one comes in that holds what a
    /// blob of ours holds, the blob cache (`SyncBlobCache`) forgets ours, so that the next
    /// tree renders that file, finds the received blob by its plaintext, and has the
    /// remote's blob rather than a change. (Dropping entries never makes the cache wrong.)
    private func preferReceivedBlobs(_ replaced: [String: String]) {
        var blobCache = SyncBlobCache.load(from: gitFolder)
        let before = blobCache
        blobCache.notes = blobCache.notes.filter { replaced[$0.value.blob] == nil }
        if let categories = blobCache.categories, replaced[categories.blob] != nil { blobCache.categories = nil }
        guard blobCache != before else { return }
        blobCache.save(to: gitFolder)
    }

    /// Whether plain files may be read from `commit` in an encrypted sync: only from the
    /// history that was plain before (at or before `notes.plainUntil`: the commit this home
    /// synced in plain text, or the plain remote it turned encryption on for when it was set
    /// up). A home joining an encrypted remote takes nothing but age files from it.
    private func acceptsPlain(in commit: String?, key: SyncKey) throws(SyncError) -> Bool {
        guard let commit, let until = key.plainUntil else { return false }
        if commit == until { return true }
        return try isAncestor(commit, of: until)
    }
}

/// What the repository's configuration says about encryption.
public struct SyncEncryptionSettings: Equatable, Sendable {
    public var isEncrypted: Bool
    public var recipient: String?
    public var identityPath: String?
    /// The last commit synced in plain text before encryption was turned on.
    public var plainUntil: String?
}

extension SyncEncryptionSettings {
    /// The settings of configuration values by key (`SyncRepository.configValues`).
    init(values: [String: String]) {
        self.init(isEncrypted: values["notes.encryption"] == "age", recipient: values["notes.recipient"],
                  identityPath: values["notes.identity"], plainUntil: values["notes.plainuntil"])
    }
}

/// A loaded key: the identity, its recipient, and the key of the plaintext cache.
struct SyncKey {
    let identity: AgeX25519Identity
    let recipient: AgeX25519Recipient
    let cacheKey: [UInt8]
    /// The key of attachment names in the tree (`SyncRepository.treePath(of:owner:key:)`): the same on every home with this identity.
    let nameKey: [UInt8]
    /// The key of the commits' manifests (`SyncManifest`): the same on every home with this identity.
    let manifestKey: [UInt8]
    let plainUntil: String?

    static let manifestLabel = "notes sync manifest v1"

    init(settings: SyncEncryptionSettings) throws(SyncError) {
        guard let path = settings.identityPath, let recipientText = settings.recipient,
              let recipient = try? AgeX25519Recipient(recipientText) else {
            throw .encryption(.incompleteSettings)
        }
        identity = try SyncKeys.read(path: path, expecting: recipient)
        self.recipient = recipient
        cacheKey = identity.derivedKey(label: "notes sync plaintext cache v1")
        nameKey = identity.derivedKey(label: "notes sync attachment names v1")
        manifestKey = identity.derivedKey(label: Self.manifestLabel)
        plainUntil = settings.plainUntil
    }

    /// A note's or the categories' file, encrypted and padded (`SyncPadding`).
    func encrypt(_ plaintext: Data) throws(SyncError) -> [UInt8] {
        try Self.encrypt(plaintext, for: recipient)
    }

    /// `plaintext` encrypted for `recipient` and padded, as every synced file is.
    static func encrypt(_ plaintext: Data, for recipient: AgeX25519Recipient) throws(SyncError) -> [UInt8] {
        do {
            return try AgeFormat.encrypt([UInt8](plaintext), to: [recipient], paddedSize: SyncPadding.size)
        } catch {
            throw .encryption(.cannotEncrypt(reason: error.description))
        }
    }
}

/// What an encrypted sync holds besides the repository: the loaded key and plaintext cache,
/// shared by the copies of one `SyncRepository` value.
final class SyncEncryptionState: @unchecked Sendable {
    private var value: (key: SyncKey?, cache: SyncPlaintextCache)?
    private let lock = NSLock()

    var loaded: (key: SyncKey?, cache: SyncPlaintextCache)? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
