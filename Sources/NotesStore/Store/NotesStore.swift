import Glibc
import Foundation
import NotesJSON
import NotesModel

/// The JSON-file store: a snapshot `notes.json`, a journal of commits
/// `notes.json.journal` and a lock file `notes.json.lock`, side by side
/// (format: docs/store-format.md).
///
/// A commit takes the lock, catches up on what other processes committed,
/// validates, appends one journal line and `fdatasync`s it: its cost does not
/// depend on the number of notes. The journal is folded into the snapshot when
/// it grows past a fraction of it. Opening migrates an older store (keeping a
/// backup) and refuses a newer one without touching it.
public final class NotesStore: NotesRepository {
    public let url: URL
    public internal(set) var contents = NotesDatabase()
    /// Problems that did not stop the store from loading, e.g. a category whose color archive is bad.
    public internal(set) var warnings: [StoreWarning] = []
    /// Called with each warning that arises after opening (a compaction that failed, a
    /// damaged last commit moved aside, files replaced by another program), so that the
    /// program can show it where it shows things.
    public var warningHandler: ((StoreWarning) -> Void)?
    /// Called when `refresh` finds another process's lock held and does not wait for it
    /// (`NotesStoreOptions.refreshWaitsForLock`), with who holds it (`pid 1234
    /// /usr/bin/notes`, or "another program"): the UI says `waiting for …` on its status line.
    public var lockWaitHandler: ((String) -> Void)?
    /// Who held the lock when `refresh` last found it busy and did not wait
    /// (`NotesStoreOptions.refreshWaitsForLock`); nil once a refresh got it.
    public private(set) var busyHolder: String?
    /// Called while a snapshot is written on this thread (a bulk import's commit, an inline
    /// compaction) with the notes written so far and all of them: at the first note, every
    /// `SnapshotOutput.progressStep` notes, and at the end. A long command shows it.
    public var snapshotProgress: SnapshotProgress?
    /// Called while a snapshot commit applies its changes, as `snapshotProgress` (changes applied,
    /// all of them); what it throws stops the commit before anything is written (`applyChanges`).
    public var applyProgress: ApplyProgress?
    /// What opening migrated, if anything: "migrated … from format 1 to 3; the original is kept at …".
    public internal(set) var migrationReport: String?

    var options: NotesStoreOptions
    /// Why this store cannot be written (opened read-only, a read-only mount, files
    /// without write permission), or nil. Such a store is read; only a commit fails.
    public let readOnlyReason: String?
    var isReadOnly: Bool { readOnlyReason != nil }
    /// The transformers in use: `options.registry` or the standard ones.
    let registry: ValueTransformerRegistry
    let codec: SnapshotCodec
    let journalCodec: JournalCodec
    let lock: StoreLock
    var journalPath: String { Self.journalPath(for: url) }
    var journalFD: Int32 = -1
    /// The snapshot file as last read or written; another inode means another process compacted.
    var snapshotIdentity: FileIdentity?
    /// The snapshot file as last read or written, held open: while it is open its inode
    /// cannot be freed and reused, so "the path still names this inode" really means
    /// "nobody replaced the snapshot" (a bare inode number can come back after two renames).
    var snapshotFD: Int32 = -1
    /// The copied snapshot that notes in `contents` may still read their bodies from.
    var snapshotFile: SnapshotFile?
    /// The last journal sequence number reflected in `contents`.
    var sequence = 0
    /// The notes each commit applied to `contents` touched (`notesChanged(after:)`).
    var touches = NoteTouches()
    /// Journal bytes read and applied (up to the end of the last good line), and their line count.
    var journalOffset = 0
    var journalLines = 0
    /// Unreadable color archives kept as they were, by category.
    var preserved: [UUID: PreservedColor] = [:]
    var isClosed = false
    /// The compaction running off the key path (`CompactionMode.background`), if any.
    var compaction: BackgroundCompaction?
    /// Whether this store already handed a compaction to another process (`CompactionMode.handOff`).
    var handedOffCompaction = false
    /// Tests: runs on the compaction's thread before it encodes (to hold it back).
    var compactionWillWrite: (@Sendable () -> Void)?
    /// For a store opened for a few notes (`open(at:options:touching:)`): what it loaded; nil for a whole store.
    var partial: PartialView?
    /// How many times another process's compaction was taken in without reading the store
    /// again (`adoptCompaction`); tests count it.
    var adoptedCompactions = 0
    /// The attachments of notes deleted for good, held for undo (`NotesStoreOptions.holdsDeletedAttachments`).
    var heldAttachments: HeldAttachments?

    /// The path of the lock file for a store at `url`.
    public static func lockPath(for url: URL) -> String { url.path + ".lock" }
    public static func journalPath(for url: URL) -> String { url.path + ".journal" }

    /// `url` is resolved once (see `StoreLocation.realFile`): everything sits beside the real file.
    init(url: URL, options: NotesStoreOptions) throws(StoreError) {
        let real = try StoreLocation.realFile(url)
        self.url = real
        try DurableFile.requireRegularOrAbsent(real.path, purpose: "open the store")
        let registry = options.registry ?? StoreSchema.defaultRegistry(storeFolder: self.url.deletingLastPathComponent())
        self.registry = registry
        self.options = options
        let transformers = try StoreSchema.transformers(from: registry)
        codec = SnapshotCodec(transformers: transformers, parallelThreshold: options.parallelReadThreshold)
        journalCodec = JournalCodec(records: codec.records)
        let path = real.path
        readOnlyReason = options.readOnly ? "it was opened read-only" : DurableFile.writeRefusal(
            folder: real.deletingLastPathComponent().path,
            files: [path, Self.journalPath(for: real), Self.lockPath(for: real)])
        if readOnlyReason == nil { try DurableFile.makeFolder(real.deletingLastPathComponent()) }
        lock = try StoreLock(path: Self.lockPath(for: real), readOnly: readOnlyReason != nil)
        if options.holdsDeletedAttachments, readOnlyReason == nil {
            heldAttachments = HeldAttachments(storeFolder: real.deletingLastPathComponent())
        }
    }

    deinit { close() }

    /// Opens the store at `url`, creating it (folder 0700, files 0600) if it does not
    /// exist, migrating it if it is older. Throws `StoreError` for a store it cannot read.
    public static func open(at url: URL, options: NotesStoreOptions = NotesStoreOptions()) throws -> NotesStore {
        try load(NotesStore(url: url, options: options), options: options)
    }

    /// Loads a store just made (whole, or partial when `partial` is set): under the lock,
    /// after removing what crashed writes left; closes it when loading fails.
    static func load(_ store: NotesStore, options: NotesStoreOptions) throws -> NotesStore {
        do {
            try store.lock.lock(timeout: options.lockTimeout)
            defer { store.lock.unlock() }
            if !store.isReadOnly {
                DurableFile.removeStaleTemporaries(of: store.url)
                BackgroundCompaction.removeLeftovers(of: store.url)
                HeldAttachments.removeAbandoned(in: store.url.deletingLastPathComponent())
            }
            try store.loadAll()
            // A compaction that failed where nobody saw it (detached, or in a UI now gone).
            if let failure = CompactionFailure.warning(for: store.url) { store.warnings.append(StoreWarning(failure)) }
        } catch {
            store.close()
            throw error
        }
        return store
    }

    /// The one way to write (`NotesRepository`): takes the lock, catches up with what
    /// other processes committed, and commits the changes `build` derives from the
    /// contents as they are then, so that nothing committed meanwhile is overwritten
    /// unseen. Field edits, sync's merge and plain changes all come through here.
    /// Without `commitWaitsForLock`, a lock held by another process throws
    /// `StoreError.locked` at once (before `build` runs).
    @discardableResult
    public func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
        try commit(writing: .journalLine, derivedFrom: build)
    }

    /// `commit(derivedFrom:)`, written as `writing` says: a journal line, or a fresh
    /// snapshot (`CommitWriting.snapshot`, for a bulk import).
    @discardableResult
    public func commit(writing: CommitWriting, derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
        guard !isClosed else { throw StoreError.closed }
        try refuseIfReadOnly()
        try lock.lock(timeout: options.commitWaitsForLock ? options.lockTimeout : 0)
        defer { lock.unlock() }
        let others = try catchUp()
        let changes = try build(contents)
        guard !changes.isEmpty else { return CommitResult(changes: [], others: others) }
        let committed = try commitCaughtUp(changes, writing: writing)
        return CommitResult(changes: committed, others: others)
    }

    /// Throws, saying why, when this store cannot be written (reading still works).
    func refuseIfReadOnly() throws {
        if let readOnlyReason {
            throw StoreError.io(file: url.path, operation: "write the store", reason: "it is read-only (\(readOnlyReason)); reading works, nothing was written")
        }
    }

    /// The part of a commit done under the lock once other processes' commits are taken
    /// in: check, append durably, apply, and compact when it is time (a failed compaction
    /// is a warning: the commit is safe in the journal). Returns the changes committed:
    /// `proposed`, with conflict copies naming their own files (`givingConflictCopiesTheirOwnFiles`).
    @discardableResult
    func commitCaughtUp(_ proposed: [StoreChange], writing: CommitWriting = .journalLine) throws -> [StoreChange] {
        try checkSnapshotIntact()
        finishCompactionOrWarn()
        // A snapshot commit checks each change as it applies it (`writeSnapshotCommit`): once.
        let checksFirst = writing == .journalLine
        if checksFirst { try Self.validate(proposed, against: contents) }
        let changes = givingConflictCopiesTheirOwnFiles(proposed)
        if checksFirst, changes != proposed { try Self.validate(changes, against: contents) }
        // Held attachments of notes put back go back first: a kill leaves files no note names, never the reverse.
        let restored = restoreHeldAttachments(ofNotesPutBackBy: changes)
        do {
            switch writing {
            case .journalLine:
                try append(changes)
                touches.record(changes, sequence: sequence)
            case .snapshot:
                try writeSnapshotCommit(changes)
                touches.reset(at: sequence)
            }
        } catch {
            for item in restored { heldAttachments?.putBack(item) }
            throw error
        }
        for item in restored { heldAttachments?.restored(item.id) }
        if writing == .journalLine { try applyValidated(changes) }
        removeAttachments(ofNotesDeletedBy: changes)
        if shouldCompact {
            do { try startCompaction() } catch { compactionFailed("\(error)") }
        }
        return changes
    }

    /// Records a warning (once) and passes it to `warningHandler`.
    func warn(_ message: String) {
        let warning = StoreWarning(message)
        guard !warnings.contains(warning) else { return }
        warnings.append(warning)
        warningHandler?(warning)
    }

    /// Refuses to write anything once the snapshot that note bodies are read from was
    /// rewritten in place by another program (notes itself only ever renames a new one in).
    func checkSnapshotIntact() throws(StoreError) {
        guard let file = snapshotFile, !file.isIntact else { return }
        throw .io(file: file.path, operation: "commit",
                  reason: "another program rewrote the file in place while it was open, so the note bodies read from it are gone from memory; nothing was written: quit and open the store again")
    }

    /// Picks up what other processes committed since the last look.
    /// Without `refreshWaitsForLock`, a lock held by another process makes it return
    /// false at once, with `busyHolder` and `lockWaitHandler` saying who holds it.
    public func refresh() throws -> Bool { try refreshChanges().changed }

    /// Like `refresh()`, saying which changes it took in: the journal lines' changes, or
    /// `.reloaded` when the files were replaced and read again (`catchUp`).
    public func refreshChanges() throws -> CaughtUp {
        guard !isClosed else { throw StoreError.closed }
        do {
            try lock.lock(timeout: options.refreshWaitsForLock ? options.lockTimeout : 0, writingName: false)
        } catch let StoreError.locked(_, holder) where !options.refreshWaitsForLock {
            busyHolder = holder
            lockWaitHandler?(holder)
            return .nothing
        }
        busyHolder = nil
        defer { lock.unlock() }
        let caughtUp = try catchUp()
        if !isReadOnly { finishCompactionOrWarn() }
        // A compaction handed to another process and not taken in yet may have failed there.
        if handedOffCompaction, let failure = CompactionFailure.warning(for: url) { warn(failure) }
        return caughtUp
    }

    /// Releases the files. Using the store afterwards throws `StoreError.closed`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if journalFD >= 0 { DurableFile.closeFile(journalFD) }
        journalFD = -1
        if snapshotFD >= 0 { DurableFile.closeFile(snapshotFD) }
        snapshotFD = -1
        heldAttachments?.releaseAll()
        lock.close()
    }

    /// Checks `changes` by the model's rules without copying every note: on a
    /// small database of the categories and just the notes the changes touch.
    static func validate(_ changes: [StoreChange], against database: NotesDatabase) throws(ModelError) {
        var proxy = database.validationProxy(for: changes)
        try proxy.apply(changes)
    }

    /// Applies validated changes to `contents` in place (no copy of the whole database).
    func applyValidated(_ changes: [StoreChange]) throws {
        do {
            for change in changes { try contents.apply(change) }
        } catch {
            try loadAll()  // cannot happen after `validate`; start from the files again
        }
        forgetReplacedColors(changes)
    }

    /// Drops kept color archives of categories that were deleted or recolored.
    func forgetReplacedColors(_ changes: [StoreChange]) {
        for change in changes {
            switch change {
            case .deleteCategory(let id): preserved[id] = nil
            case .putCategory(let category):
                if let kept = preserved[category.id], kept.placeholder !== category.color { preserved[category.id] = nil }
            default: break
            }
        }
    }

    func corrupt(_ error: JSONError, file: String) -> StoreError {
        .corrupt(file: file, place: error.place, reason: error.reason)
    }
}
