/// How a `NotesStore` behaves; the defaults suit the program, tests tune them.
public struct NotesStoreOptions: Sendable {
    /// How long a commit waits for another process's lock before failing, in seconds.
    public var lockTimeout: Double
    /// Compact when the journal is larger than this many bytes…
    public var compactionMinimumBytes: Int
    /// …and larger than this fraction of the snapshot, or than `compactionMaximumBytes`.
    public var compactionRatio: Double
    /// Compact when the journal is larger than this many bytes, however large the snapshot:
    /// every command reads the whole journal, so this bounds what a command costs beyond
    /// the notes it touches (see docs/decisions/0016-journal-bound.md).
    public var compactionMaximumBytes = 256 << 10
    /// Transformers the schema is checked against at open; nil for the standard ones
    /// (`ValueTransformerRegistry.standard(storeFolder:)` with the store's folder).
    public var registry: ValueTransformerRegistry?
    /// Read only: never create, migrate, compact or commit (used by `StoreDoctor`).
    public var readOnly: Bool
    /// A commit that puts a note whose body is unchanged and at least this long writes the
    /// note to the journal without its body (it keeps the one it has), so renaming a
    /// 200 MB note writes a few hundred bytes. Tests lower it to exercise that path.
    public var keptBodyMinimumBytes = 64 * 1024
    /// Snapshots whose notes take more bytes than this are read on two threads.
    public var parallelReadThreshold: Int
    /// Whether `refresh` waits for another process's lock (up to `lockTimeout`). The UI
    /// says no: a key must never wait on the lock just to look for others' changes; it
    /// looks again after the next key (see `NotesStore.busyHolder`).
    public var refreshWaitsForLock = true
    /// Whether `commit` waits for another process's lock (up to `lockTimeout`). The UI
    /// says no: a busy lock then throws `StoreError.locked` at once, and the UI queues the
    /// commit and tries again later (`PendingCommits`).
    public var commitWaitsForLock = true
    /// How the journal is folded into the snapshot when it has grown (`CompactionMode`):
    /// in the commit (the default), on a thread of its own (the UI), or by another process
    /// (the command line).
    public var compaction: CompactionMode = .inline
    /// Files derived from each snapshot, written beside it whenever one is written
    /// (`SnapshotCompanion`: the command line's rename index).
    public var snapshotCompanions: [SnapshotCompanion] = []
    /// A store opened for a few notes whose index is missing, stale or damaged reads the
    /// whole store and writes the index anew, if the snapshot has at least this many bytes
    /// (a smaller one is read whole in a few milliseconds, and a command that fails then
    /// writes nothing at all). Compaction writes the index at any size. Tests lower it.
    public var indexRebuildMinimumBytes = 1 << 20
    /// Whether the attachments of a note this store deletes for good are held aside until
    /// the caller lets go of them (`releaseHeldAttachments`) or the store closes, instead of
    /// removed at once, so that an undo that puts the note back brings its files back too
    /// (`HeldAttachments`). The UI says yes; commands, which have no undo, say no.
    public var holdsDeletedAttachments = false

    public init(
        lockTimeout: Double = 5, compactionMinimumBytes: Int = 64 * 1024, compactionRatio: Double = 0.25,
        registry: ValueTransformerRegistry? = nil, readOnly: Bool = false,
        parallelReadThreshold: Int = 4 << 20
    ) {
        self.parallelReadThreshold = parallelReadThreshold
        self.lockTimeout = lockTimeout
        self.compactionMinimumBytes = compactionMinimumBytes
        self.compactionRatio = compactionRatio
        self.registry = registry
        self.readOnly = readOnly
    }
}
