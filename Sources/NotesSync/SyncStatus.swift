import Foundation
import NotesJSON
import NotesStore

/// What `notes sync status` reports: what a sync would send, receive, and find in conflict.
public struct SyncStatus: Equatable, Sendable {
    public var repository: String
    public var remote: String
    /// Whether the remote answered; when not, `behind` is as of the last fetch.
    public var reachable: Bool
    /// Git's error when the remote did not answer.
    public var fetchError: String?
    /// The last commit the store synced to.
    public var syncedCommit: String?
    /// Ids of notes changed here since the last sync (and "categories").
    public var ahead: [String]
    /// Ids of notes changed on the remote.
    public var behind: [String]
    /// Ids changed on both sides differently: a sync keeps the later and a conflict copy.
    public var conflicts: [String]
    /// Attachments to send (new or edited here since the last sync), as `<note id>/<name>`
    /// (in an encrypted sync the name is the tree's hashed one).
    public var attachmentsAhead: [String] = []
    /// Attachments to receive (new or edited on the remote).
    public var attachmentsBehind: [String] = []
    /// Attachments edited on both sides differently: a sync keeps this home's version.
    public var attachmentConflicts: [String] = []

    /// The stable `--json` form (documented in docs/sync.md).
    public var json: JSONValue {
        .object([
            ("repository", .string(repository)),
            ("remote", .string(remote)),
            ("reachable", .bool(reachable)),
            ("error", .optionalString(fetchError)),
            ("synced", .optionalString(syncedCommit)),
            ("ahead", .array(ahead.map(JSONValue.string))),
            ("behind", .array(behind.map(JSONValue.string))),
            ("conflicts", .array(conflicts.map(JSONValue.string))),
            ("attachments", .object([
                ("ahead", .array(attachmentsAhead.map(JSONValue.string))),
                ("behind", .array(attachmentsBehind.map(JSONValue.string))),
                ("conflicts", .array(attachmentConflicts.map(JSONValue.string))),
            ])),
        ])
    }
}

extension SyncEngine {
    /// Compares the store with the last synced state and the remote (fetched first when
    /// it answers). Changes nothing in the store or on the remote.
    public func status() throws -> SyncStatus {
        guard repository.exists else { throw SyncError.notInitialized(repository: repository.folder.path) }
        let lock = try StoreLock(path: repository.folder.appendingPathComponent(".git/notes-sync.lock").path, readOnly: false)
        try lock.lock(timeout: 30)
        defer { lock.close() }
        repository.removeStaleGitLocks()

        _ = try store.refresh()
        let synced = try repository.syncedCommit()
        let exported = SyncSnapshot(store.contents, previous: SyncSnapshot(categories: try repository.categories(of: synced)))
        let localTree = try repository.tree(for: exported, base: synced)
        let localFiles = try repository.fileBlobs(localTree)

        var fetchError: String?
        do { try repository.fetch() } catch { fetchError = (error as SyncError).gitMessage }
        let remote = try repository.remoteCommit()
        var base: String?
        if let remote, let synced { base = try repository.mergeBase(synced, remote) }
        let baseFiles = try repository.fileBlobs(base), remoteFiles = try repository.fileBlobs(remote)

        func label(_ path: String) -> String {
            SyncFiles.noteID(inPath: path)?.uuidString ?? "categories"
        }
        func changedIDs(_ files: [String: String]) -> Set<String> {
            Set(Set(files.keys).union(baseFiles.keys).filter { files[$0] != baseFiles[$0] }.map(label))
        }
        /// A note's files by id, wherever (notes/ or trash/) it is.
        func byID(_ files: [String: String]) -> [String: String] {
            Dictionary(files.map { (label($0.key), $0.key + ":" + $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        let ahead = changedIDs(localFiles), behind = changedIDs(remoteFiles)
        let localByID = byID(localFiles), remoteByID = byID(remoteFiles)
        let conflicts = ahead.intersection(behind).filter { localByID[$0] != remoteByID[$0] }
        var status = SyncStatus(repository: repository.folder.path, remote: repository.remoteURL() ?? "", reachable: fetchError == nil,
                                fetchError: fetchError, syncedCommit: synced, ahead: ahead.sorted(), behind: behind.sorted(),
                                conflicts: conflicts.sorted())

        // Attachments, by tree path, against the same base.
        let baseAttachments = try repository.attachmentBlobs(base)
        let localAttachments = try repository.attachmentBlobs(localTree), remoteAttachments = try repository.attachmentBlobs(remote)
        func changed(_ files: [String: String]) -> Set<String> {
            Set(Set(files.keys).union(baseAttachments.keys).filter { files[$0] != baseAttachments[$0] })
        }
        /// `attachments/XY/ID/name` → `ID/name`.
        func shown(_ paths: Set<String>) -> [String] { paths.map { $0.split(separator: "/").suffix(2).joined(separator: "/") }.sorted() }
        let sending = changed(localAttachments), receiving = changed(remoteAttachments)
        status.attachmentsAhead = shown(sending)
        status.attachmentsBehind = shown(receiving)
        status.attachmentConflicts = shown(sending.intersection(receiving).filter {
            localAttachments[$0] != nil && remoteAttachments[$0] != nil && localAttachments[$0] != remoteAttachments[$0]
        })
        return status
    }
}

extension SyncError {
    /// What git said, for a failed git command; else the description.
    var gitMessage: String {
        if case .gitFailed(_, _, let message) = self, !message.isEmpty { return message }
        return description
    }
}
