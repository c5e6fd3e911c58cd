import Glibc
import Foundation
import Synchronization

/// How a store folds its journal into a new snapshot when the journal has grown.
public enum CompactionMode: Sendable {
    /// In the commit that finds it due, under the lock: the committer waits for it
    /// (tests that need the files in a known state).
    case inline
    /// On a thread of its own, from an immutable view of the contents, while commits go
    /// on; the new snapshot is swapped in under the lock by a later commit, refresh or
    /// `close` (the UI: no key waits for it).
    case background
    /// Handed to another process (the command line: `notes compact` started detached),
    /// so that a command never waits for it; the closure starts that process.
    case handOff(@Sendable (URL) -> Void)
}

/// One compaction running off the key path: the contents as of one journal line,
/// encoded and written durably to a file beside the store on another thread. Nothing
/// here touches the store object; the store swaps the file in under its lock
/// (`NotesStore.finishCompaction`).
final class BackgroundCompaction: Sendable {
    /// What the compaction was made from: the store's files as they were when it started.
    struct Base: Sendable {
        var sequence: Int
        var journalOffset: Int
        var journalLines: Int
        var snapshot: FileIdentity?
        var journal: FileIdentity?
    }

    enum State: Sendable {
        case running
        /// The new snapshot is written and synced at this path, its index (if it could be
        /// built) at the other, and its companions (`SnapshotCompanion`) by suffix.
        case written(String, index: String?, companions: [(suffix: String, path: String)])
        case failed(String)
    }

    let base: Base
    private let stateValue = Mutex(State.running)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `write` (which returns the written files' paths) on a thread of its own.
    init(base: Base, write: @escaping @Sendable () throws -> (String, index: String?, companions: [(suffix: String, path: String)])) {
        self.base = base
        let thread = Thread { [self] in
            let outcome: State
            do {
                let (path, index, companions) = try write()
                outcome = .written(path, index: index, companions: companions)
            } catch { outcome = .failed("\(error)") }
            stateValue.withLock { $0 = outcome }
            finished.signal()
        }
        thread.name = "notes compaction"
        thread.stackSize = 8 << 20
        thread.start()
    }

    var state: State { stateValue.withLock { $0 } }

    /// Waits until the compaction has written its file or failed.
    func wait() {
        finished.wait()
        finished.signal()
    }

    /// Waits as `wait` does but at most `seconds`; false if the compaction is still running then.
    func wait(seconds: Double) -> Bool {
        guard finished.wait(timeout: .now() + seconds) == .success else { return false }
        finished.signal()
        return true
    }

    /// A new name for a compaction's file beside `url`: `.notes.json.compacting-<pid>-<n>.part`.
    static func fileName(of url: URL) -> String {
        ".\(url.lastPathComponent).compacting-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
    }

    /// Writes the index of the snapshot just written at `path` (see `SnapshotIndex`) beside it,
    /// as `….index.part`, from where the writer put each note (`layout`: the snapshot is
    /// not read again); nil if it could not (commands then read the whole store until a
    /// later index is written).
    static func writeIndex(of path: String, bytes: [UInt8], layout: SnapshotLayout) -> String? {
        unlink(headPath(of: path))
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let stamp = SnapshotIndex.Stamp(snapshotFD: fd, sequence: 0),
              let index = bytes.withUnsafeBufferPointer({ layout.index(of: $0, stamp: stamp) })
        else { return nil }
        let indexPath = String(path.dropLast(".part".count)) + ".index.part"
        do { try DurableFile.writeNew(indexPath, index.encoded()) } catch { return nil }
        _ = layout.writeHead(describedBy: index, to: headPath(of: path), replacing: false)
        return indexPath
    }

    /// Where a compaction's list head waits (`SnapshotHead`), beside its index.
    static func headPath(of path: String) -> String { String(path.dropLast(".part".count)) + ".head.part" }

    /// Removes compaction files beside `url` left by processes that are gone (a live
    /// process's compaction may be writing one outside the lock; one that ended before
    /// its compaction was swapped in leaves its file to this).
    static func removeLeftovers(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).compacting-", suffix = ".part"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let pid = Int32(name.dropFirst(prefix.count).dropLast(suffix.count).prefix { $0 != "-" }) ?? 0
            if pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }
}

extension NotesStore {
    /// Starts folding the journal into a new snapshot as `options.compaction` says.
    /// Under the lock, right after a commit.
    func startCompaction() throws {
        if partial != nil, case .handOff = options.compaction {} else if partial != nil { return }
        switch options.compaction {
        case .inline:
            try compact()
        case .handOff(let start):
            guard !handedOffCompaction else { return }
            handedOffCompaction = true
            start(url)
        case .background:
            guard compaction == nil else { return }
            let view = contents, sequence = self.sequence, preserved = self.preserved
            let codec = self.codec, url = self.url
            let base = BackgroundCompaction.Base(
                sequence: sequence, journalOffset: journalOffset, journalLines: journalLines,
                snapshot: snapshotIdentity, journal: FileIdentity(openFile: journalFD))
            let path = url.deletingLastPathComponent().appendingPathComponent(BackgroundCompaction.fileName(of: url)).path
            let hook = compactionWillWrite, companions = options.snapshotCompanions
            compaction = BackgroundCompaction(base: base) {
                hook?()
                let started = Self.startCompanions(companions, on: view)
                var layout = SnapshotLayout()
                let bytes = try codec.encode(view, sequence: sequence, preserved: preserved, layout: &layout)
                try DurableFile.writeNew(path, bytes)
                let index = BackgroundCompaction.writeIndex(of: path, bytes: bytes, layout: layout)
                let written = Self.afterSnapshotWritten(started, at: path, parts: true) { String(path.dropLast(".part".count)) + $0 + ".part" }
                return (path, index, written)
            }
        }
    }

    /// Swaps a compaction that has written its snapshot into place: under the lock,
    /// after `catchUp`. The new snapshot holds the contents up to the compaction's journal
    /// line; the journal keeps only the lines after it. A crash between the two renames
    /// is safe: lines up to the snapshot's sequence number are skipped when reading.
    /// A compaction whose base is gone (another process compacted meanwhile) is dropped.
    func finishCompaction() throws {
        guard let job = compaction else { return }
        let path: String
        let indexPath: String?
        let companions: [(suffix: String, path: String)]
        switch job.state {
        case .running: return
        case .failed(let reason):
            compaction = nil
            compactionFailed(reason)
            return
        case .written(let written, let index, let made): (path, indexPath, companions) = (written, index, made)
        }
        compaction = nil
        defer { for companion in companions { unlink(companion.path) } }  // the ones not renamed into place
        let sameJournal = job.base.journal.map { FileIdentity(openFile: journalFD)?.isSameFile(as: $0) == true } ?? false
        guard job.base.snapshot.map({ snapshotIdentity?.isSameFile(as: $0) == true }) == true, sameJournal,
              sequence >= job.base.sequence, journalOffset >= job.base.journalOffset else {
            unlink(path)
            if let indexPath { unlink(indexPath) }
            unlink(BackgroundCompaction.headPath(of: path))
            return
        }
        try setAsideJournalTail()
        let ledger = ledger(folding: job.base.sequence)
        let tail = try DurableFile.readAll(journalFD, path: journalPath, from: job.base.journalOffset)
        // Other processes holding the old snapshot take the new one in from this record.
        if let from = FileIdentity(openFile: snapshotFD), let to = try DurableFile.identity(path) {
            try CompactionRecord(from: from, to: to, sequence: job.base.sequence).write(for: url)
        }
        guard rename(path, url.path) == 0 else {
            let reason = DurableFile.errnoText()
            unlink(path)
            if let indexPath { unlink(indexPath) }
            unlink(BackgroundCompaction.headPath(of: path))
            throw StoreError.io(file: url.path, operation: "rename the compacted snapshot into place", reason: reason)
        }
        // The index names the snapshot it describes: a crash before this rename leaves the
        // old one, which no longer matches, and it is rebuilt.
        if let indexPath, rename(indexPath, SnapshotIndex.path(for: url)) != 0 { unlink(indexPath) }
        if rename(BackgroundCompaction.headPath(of: path), SnapshotHead.path(for: url)) != 0 { unlink(BackgroundCompaction.headPath(of: path)) }
        for companion in companions { rename(companion.path, url.path + companion.suffix) }
        CompactionFailure.clear(for: url)
        try DurableFile.syncFolder(of: url)
        try holdSnapshot()
        writeLedger(ledger)
        // The journal's lines after the compaction's, in a new journal file.
        try DurableFile.replace(URL(fileURLWithPath: journalPath), with: Array(tail.prefix(journalOffset - job.base.journalOffset)))
        DurableFile.closeFile(journalFD)
        journalFD = -1
        _ = try openJournal(create: true)
        journalOffset -= job.base.journalOffset
        journalLines -= job.base.journalLines
    }

    /// `finishCompaction`, its failure a warning: every step leaves the files consistent
    /// (the old snapshot and whole journal, or the new snapshot and either journal), so
    /// the commit or refresh that tried goes on.
    func finishCompactionOrWarn() {
        do { try finishCompaction() } catch {
            compactionFailed("the compacted snapshot could not be put in place (\(error))")
        }
    }

    /// Waits for a compaction running in the background and swaps it in (taking the lock).
    /// `notes compact` and `close` use it; a key never does.
    public func finishCompactionInBackground() throws {
        guard let job = compaction else { return }
        job.wait()
        try lock.lock(timeout: options.lockTimeout)
        defer { lock.unlock() }
        _ = try catchUp()
        try finishCompaction()
    }

    /// Folds the journal into the snapshot with the encoding off the lock: the lock is
    /// held only to catch up at the start and to swap the file in at the end, so other
    /// processes commit meanwhile (`notes compact`).
    public func compactWithoutHoldingTheLock() throws {
        guard !isClosed else { throw StoreError.closed }
        try refuseIfReadOnly()
        do {
            try lock.lock(timeout: options.lockTimeout)
            defer { lock.unlock() }
            _ = try catchUp()
            try checkSnapshotIntact()
            guard journalOffset > 0, compaction == nil else { return }
            let mode = options.compaction
            options.compaction = .background
            defer { options.compaction = mode }
            try startCompaction()
        }
        try finishCompactionInBackground()
    }
}
