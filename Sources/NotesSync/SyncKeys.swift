#if canImport(Glibc)
import Glibc
#endif
import Foundation
import AgeFormat

/// Where an encrypted sync's identity lives: `$XDG_CONFIG_HOME/notes/keys/<recipient>.txt`
/// (`~/.config/notes/keys/…` without it), in the format `age-keygen` writes, so that
/// `age -d -i FILE` reads it. The folder is mode 0700, the file 0600.
public enum SyncKeys {
    /// The folder of the identity files, from `environment` (else this process's).
    public static func folder(environment: [String: String] = [:]) -> URL {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("notes/keys")
        }
        let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/notes/keys")
    }

    /// Writes `identity` into `folder` (kept as it is when the same identity is there) and returns its path.
    public static func install(_ identity: AgeX25519Identity, in folder: URL) throws(SyncError) -> URL {
        let url = folder.appendingPathComponent(identity.recipient.text + ".txt")
        if let existing = try? String(contentsOf: url, encoding: .utf8),
           (try? AgeIdentityFile.identities(in: existing))?.first?.recipient == identity.recipient {
            return url
        }
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            let temporary = folder.appendingPathComponent(".\(UUID().uuidString).tmp")
            guard manager.createFile(atPath: temporary.path, contents: Data(AgeIdentityFile.text(for: identity).utf8),
                                     attributes: [.posixPermissions: 0o600]) else {
                throw SyncError.encryption(.cannotWriteKey(path: url.path, reason: "cannot create the file"))
            }
            guard rename(temporary.path, url.path) == 0 else {
                try? manager.removeItem(at: temporary)
                throw SyncError.encryption(.cannotWriteKey(path: url.path, reason: String(cString: strerror(errno))))
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .encryption(.cannotWriteKey(path: url.path, reason: error.localizedDescription))
        }
        return url
    }

    /// The identity in the file at `path`, which must be the one for `recipient`.
    static func read(path: String, expecting recipient: AgeX25519Recipient) throws(SyncError) -> AgeX25519Identity {
        let identities = try read(path: path)
        guard let identity = identities.first(where: { $0.recipient == recipient }) else {
            throw .encryption(.wrongKey(path: path, expected: recipient.text, found: identities[0].recipient.text))
        }
        return identity
    }

    /// The identities in the file at `path`.
    public static func read(path: String) throws(SyncError) -> [AgeX25519Identity] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw .encryption(.missingKey(path: path))
        }
        // A key file is a few lines: a device, a folder or a huge file is not read.
        guard attributes[.type] as? FileAttributeType == .typeRegular,
              ((attributes[.size] as? NSNumber)?.intValue ?? 0) <= 1 << 20 else {
            throw .encryption(.unreadableKey(path: path, reason: "it is not a key file (a plain file of a few lines)"))
        }
        let text: String
        do { text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8) } catch {
            throw .encryption(.unreadableKey(path: path, reason: error.localizedDescription))
        }
        do { return try AgeIdentityFile.identities(in: text) } catch {
            throw .encryption(.unreadableKey(path: path, reason: error.description))
        }
    }
}

/// Why an encrypted sync (or a plain sync meeting encrypted files) cannot go on. Whatever
/// it is, nothing was changed: not the store, not the remote.
public enum SyncEncryptionProblem: Equatable, Sendable, CustomStringConvertible {
    case missingKey(path: String)
    case unreadableKey(path: String, reason: String)
    case wrongKey(path: String, expected: String, found: String)
    case cannotWriteKey(path: String, reason: String)
    case incompleteSettings
    case alreadyEncrypted(recipient: String)
    case notEncrypted
    /// A plain sync met an age file: this machine has no key for the remote.
    case remoteIsEncrypted(path: String)
    /// An encrypted sync met a plain file outside the plain history.
    case plainFile(path: String)
    case undecryptable(path: String, reason: AgeError, recipient: String)
    case cannotEncrypt(reason: String)

    static let joinHint = "on a machine that syncs, 'notes sync key --export > key.txt' writes the key; copy it here "
        + "and run 'notes sync encrypt --identity key.txt' (or 'notes sync init REMOTE --identity key.txt' on a new machine)"

    public var description: String {
        switch self {
        case .missingKey(let path):
            "this sync is encrypted, but its key \(path) is missing; nothing was changed. To restore it: " + Self.joinHint
        case .unreadableKey(let path, let reason):
            "the key file \(path) cannot be read (\(reason)); nothing was changed"
        case .wrongKey(let path, let expected, let found):
            "the key file \(path) holds the key of \(found), but this sync encrypts for \(expected); nothing was changed"
        case .cannotWriteKey(let path, let reason):
            "cannot write the key file \(path): \(reason)"
        case .incompleteSettings:
            "this sync is marked encrypted but its repository configuration names no recipient or key file "
                + "(notes.recipient, notes.identity); nothing was changed: " + Self.joinHint
        case .alreadyEncrypted(let recipient):
            "this sync is already encrypted (for \(recipient))"
        case .notEncrypted:
            "this sync is not encrypted: run 'notes sync encrypt' first"
        case .remoteIsEncrypted(let path):
            "the remote's file \(path) is encrypted (age), but this machine syncs in plain text and has no key; "
                + "nothing was changed: " + Self.joinHint
        case .plainFile(let path):
            "the remote's file \(path) is not encrypted, but this sync is: it was refused and nothing was changed "
                + "(a machine that syncs in plain text pushed to this remote: run 'notes sync encrypt --identity FILE' there "
                + "with this sync's key; or someone without the key wrote to the remote)"
        case .undecryptable(let path, let reason, let recipient):
            switch reason {
            case .noMatchingIdentity:
                "the remote's file \(path) is encrypted for another key than this sync's (\(recipient)); nothing was changed: "
                    + Self.joinHint
            default:
                "the remote's file \(path) was refused: \(reason) (it was damaged, or changed by someone without the key); "
                    + "nothing of it was used and nothing was changed"
            }
        case .cannotEncrypt(let reason):
            "a file could not be encrypted: \(reason); nothing was changed"
        }
    }
}
