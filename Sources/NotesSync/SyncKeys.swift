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

    /// Writes `identity` into `folder` (kept as it is when the same identity is there) and
    /// returns its path. The folder and the file are made without following links (`SyncKeyFile`).
    public static func install(_ identity: AgeX25519Identity, in folder: URL) throws(SyncError) -> URL {
        let url = folder.appendingPathComponent(identity.recipient.text + ".txt")
        try SyncKeyFile.makeFolder(folder)
        if let existing = try? SyncKeyFile.read(path: url.path),
           (try? AgeIdentityFile.identities(in: existing))?.first?.recipient == identity.recipient {
            return url
        }
        try SyncKeyFile.write(AgeIdentityFile.text(for: identity), to: url)
        return url
    }

    /// Writes an exported identity to the new file `path`, mode 0600 whatever the umask,
    /// never through a link and never over an existing file.
    public static func export(_ text: String, to path: String) throws(SyncError) {
        try SyncKeyFile.create(text, at: absolute(path))
    }

    /// `path` made absolute from the current folder.
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
    }

    /// The identity in the file at `path`, which must be the one for `recipient`.
    static func read(path: String, expecting recipient: AgeX25519Recipient) throws(SyncError) -> AgeX25519Identity {
        let identities = try read(path: path)
        guard let identity = identities.first(where: { $0.recipient == recipient }) else {
            throw .encryption(.wrongKey(path: path, expected: recipient.text, found: identities[0].recipient.text))
        }
        return identity
    }

    /// The identities in the file at `path` (at least one), read as `SyncKeyFile.read` does.
    public static func read(path: String) throws(SyncError) -> [AgeX25519Identity] {
        let text = try SyncKeyFile.read(path: path)
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
    /// A key file that others than its owner may read: refused, as ssh refuses such a key.
    case keyReadableByOthers(path: String, mode: String)
    case incompleteSettings
    case alreadyEncrypted(recipient: String)
    case notEncrypted
    /// A plain sync met an age file: this machine has no key for the remote.
    case remoteIsEncrypted(path: String)
    /// An encrypted sync met a plain file outside the plain history.
    case plainFile(path: String)
    case undecryptable(path: String, reason: AgeError, recipient: String)
    case cannotEncrypt(reason: String)
    /// The remote's commit carries no valid manifest (`SyncManifest`): made without the key
    /// (an earlier file replayed, a file planted); `paths` are the files it changes.
    case unauthenticatedCommit(commit: String, paths: [String])
    /// `notes sync init` with a key that cannot read the encrypted remote (a new one, or
    /// the identity file at `path`, whose recipient is `recipient`).
    case notRemoteKey(path: String?, recipient: String?)
    /// The remote's commit is older than the one this home synced (a rollback).
    case rolledBack(commit: String, version: UInt64, synced: UInt64, paths: [String])

    /// The files of a refused commit as a message names them: each note by its id, at most five.
    static func named(_ paths: [String]) -> String {
        guard !paths.isEmpty else { return "no note (only other files)" }
        let names = paths.prefix(5).map { path in
            SyncFiles.noteID(inPath: path).map { "note \($0.uuidString) (\(path))" } ?? path
        }
        return names.joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
    }

    static let joinHint = "on a machine that syncs, 'notes sync key --export --output key.txt' writes the key; copy it here "
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
        case .keyReadableByOthers(let path, let mode):
            "the key file \(path) can be read by others (mode \(mode)): it is refused, as a secret key must be private; "
                + "run 'chmod 600 \(path)' (and keep it so), then try again"
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
        case .unauthenticatedCommit(let commit, let paths):
            "the remote's commit \(commit) was not made with this sync's key (it has no valid manifest): it changes "
                + Self.named(paths) + "; an earlier version replayed or a file written by someone without the key. "
                + "It was refused and nothing was changed: remove the commit from the remote, then run 'notes sync' again"
        case .notRemoteKey(let path, let recipient):
            if let path {
                "the key file \(path) (\(recipient ?? "?")) is not the key the remote is encrypted for; nothing was set up: "
                    + "export the key on a machine that syncs with this remote ('notes sync key --export --output key.txt') "
                    + "and give that file to --identity"
            } else {
                "the remote is encrypted, and a new key cannot read it; nothing was set up: join it with "
                    + "'notes sync init REMOTE --identity key.txt' and the key exported on a machine that syncs with it"
            }
        case .rolledBack(let commit, let version, let synced, let paths):
            "the remote's commit \(commit) is version \(version) of this sync, older than version \(synced) this home "
                + "already synced: it would take back " + Self.named(paths) + " to earlier versions (a rollback or replay "
                + "of the remote). It was refused and nothing was changed"
        }
    }
}
