import Foundation
import AgeFormat

/// Turning encryption on (`notes sync init --encrypt`, `--identity`, `notes sync encrypt`)
/// and showing the key (`notes sync key [--export]`). See `SyncEncryption`.
extension SyncEngine {
    /// What turning encryption on did.
    public struct EncryptionSetup: Equatable, Sendable {
        /// The recipient (`age1…`) every file is encrypted for.
        public var recipient: String
        /// The identity file (`AGE-SECRET-KEY-1…`) in the user's configuration folder.
        public var identityPath: String
        /// Whether a new key was made (else the one given was installed).
        public var madeKey: Bool
        /// The commit synced in plain text before: the remote's history up to it stays readable.
        public var plainHistory: String?
    }

    /// Makes this sync encrypt every file it sends, with the identity in `identityFile`
    /// (another machine's key, to join its encrypted remote) or a new one. On a sync that
    /// is already encrypted, `identityFile` restores a missing key file if it is the same key.
    public func encrypt(identityFile: String? = nil) throws(SyncError) -> EncryptionSetup {
        guard repository.exists else { throw .notInitialized(repository: repository.folder.path) }
        let settings = try repository.encryptionSettings()
        let folder = SyncKeys.folder(environment: repository.git.environment)
        var identity = AgeX25519Identity()
        if let identityFile {
            let path = URL(fileURLWithPath: identityFile, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
            guard let first = try SyncKeys.read(path: path).first else { throw .encryption(.unreadableKey(path: path, reason: "no key")) }
            identity = first
        }
        if settings.isEncrypted {
            guard let identityFile, let recipient = settings.recipient else {
                throw .encryption(.alreadyEncrypted(recipient: settings.recipient ?? "?"))
            }
            guard identity.recipient.text == recipient else {
                throw .encryption(.wrongKey(path: identityFile, expected: recipient, found: identity.recipient.text))
            }
        }
        let url = try SyncKeys.install(identity, in: folder)
        if !settings.isEncrypted || settings.identityPath != url.path {
            try repository.recordEncryption(recipient: identity.recipient, identityPath: url.path)
        }
        return EncryptionSetup(recipient: identity.recipient.text, identityPath: url.path, madeKey: identityFile == nil,
                               plainHistory: try repository.encryptionSettings().plainUntil)
    }

    /// This sync's recipient and identity file; throws when it is not encrypted or the key is missing or wrong.
    public func key() throws(SyncError) -> (recipient: String, identityPath: String, identityText: String) {
        guard repository.exists else { throw .notInitialized(repository: repository.folder.path) }
        let settings = try repository.encryptionSettings()
        guard settings.isEncrypted else { throw .encryption(.notEncrypted) }
        guard let key = try repository.encryptionKey(), let path = settings.identityPath else {
            throw .encryption(.incompleteSettings)
        }
        // The key file as it is (its own `# created:` line), so every export prints the same text.
        let stored = (try? SyncKeyFile.read(path: path)).flatMap { text in
            (try? AgeIdentityFile.identities(in: text))?.first?.recipient == key.identity.recipient ? text : nil
        }
        return (key.recipient.text, path, stored ?? AgeIdentityFile.text(for: key.identity))
    }
}
