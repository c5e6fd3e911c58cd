import Foundation

/// Why a sync could not finish. Whatever the reason, the store is as it was before
/// (or holds a merge that was already pushed), and the next `notes sync` can run again.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `notes sync` on a store that has no sync repository yet.
    case notInitialized(repository: String)
    /// `notes sync init` on a store that already has one.
    case alreadyInitialized(repository: String, remote: String)
    /// The `git` program is not installed or could not be started.
    case gitMissing(reason: String)
    /// A git command failed: what it was doing, its exit status and what it printed on stderr.
    case gitFailed(action: String, status: Int32, message: String)
    /// A file in the repository that cannot be read as a note or as the categories.
    case unreadableFile(path: String, reason: String)
    /// Others pushed every time this sync tried to push.
    case pushKeptFailing(attempts: Int)
    /// The remote's commit holds something sync never reads from a remote (a link, a
    /// submodule, a path through `..`, a file too large): refused whole.
    case unsafeRemote(commit: String, path: String, reason: String)
    /// A note of this store whose file would be larger than a synced file may be
    /// (`SyncRepository.maximumFileBytes`, which every home refuses from a remote):
    /// refused before anything is committed or pushed.
    case noteTooLarge(id: UUID, title: String, bytes: Int, limit: Int)
    /// A note whose body was damaged in the store after notes wrote it (`Note.bodyDamage`):
    /// refused the same way, so that no home receives the message it reads as.
    case damagedBody(id: UUID, title: String, reason: String)
    /// An attachment of this store larger than a synced file may be: refused the same way, by name.
    case attachmentTooLarge(path: String, title: String, bytes: Int, limit: Int)
    /// The store already took the merge in, but git could not record it: the next sync finishes.
    case notRecorded(action: String, message: String)
    /// An encrypted sync's key is missing or wrong, or a file could not be decrypted (`SyncEncryption`).
    case encryption(SyncEncryptionProblem)

    public var description: String {
        switch self {
        case .notInitialized(let repository):
            "sync is not set up for this store (no repository at \(repository)): run 'notes sync init REMOTE' first"
        case .alreadyInitialized(let repository, let remote):
            "sync is already set up for this store (repository \(repository), remote \(remote))"
        case .gitMissing(let reason):
            "cannot run git (\(reason)): install git to sync"
        case .gitFailed(let action, let status, let message):
            "git could not \(action) (exit status \(status)); the store was not changed" + (message.isEmpty ? "" : ":\n" + message)
        case .unreadableFile(let path, let reason):
            "the synced file \(path) cannot be read: \(reason); the store was not changed"
        case .pushKeptFailing(let attempts):
            "others pushed to the remote during each of \(attempts) attempts; the store was not changed: run 'notes sync' again"
        case .unsafeRemote(let commit, let path, let reason):
            "the remote's commit \(commit) is refused: '\(path)' \(reason); nothing of it was used and the store was not changed "
                + "(remove it from the remote, then run 'notes sync' again)"
        case .noteTooLarge(let id, let title, let bytes, let limit):
            "note '\(title)' (\(id.uuidString)) is \(bytes) bytes as a synced file, more than the \(limit) a synced file may have "
                + "(every home refuses such a file from the remote); nothing was pushed and the store was not changed: "
                + "shorten it, or move part of it to an attachment, then run 'notes sync' again"
        case .damagedBody(let id, let title, let reason):
            "the body of note '\(title)' (\(id.uuidString)) is damaged in the store (\(reason)); nothing was pushed and "
                + "the store was not changed: replace the body (or see 'notes doctor'), then run 'notes sync' again"
        case .attachmentTooLarge(let path, let title, let bytes, let limit):
            "the attachment \(path) of note '\(title)' is \(bytes) bytes, more than the \(limit) a synced file may have "
                + "(every home refuses such a file from the remote); nothing was pushed and the store was not changed: "
                + "make it smaller or remove it from the note, then run 'notes sync' again"
        case .notRecorded(let action, let message):
            "the notes received were saved in the store, but git could not \(action): run 'notes sync' again to finish"
                + (message.isEmpty ? "" : ":\n" + message)
        case .encryption(let problem):
            problem.description
        }
    }
}
