import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore

/// Compaction off the key path (PRODUCT §3 "No stall"): commits go on while a compaction
/// is being written, it is swapped in by a later commit, and one made stale by another
/// process's compaction is dropped. Nothing here is timed: the compaction is held back
/// on purpose until the test lets it go.
@Suite struct BackgroundCompactionTests {
    /// How long any wait here may take before the test fails instead of hanging: far
    /// longer than any of them takes on a loaded machine.
    static let deadline: Double = 60

    /// A gate the compaction's thread waits at until the test opens it (or until
    /// twice the deadline has passed: a test that failed before opening it leaves no thread
    /// waiting for ever, and a test that never opens it fails at its own deadline first).
    final class Gate: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let reached = DispatchSemaphore(value: 0)
        func pass() {
            reached.signal()
            _ = semaphore.wait(timeout: .now() + 2 * BackgroundCompactionTests.deadline)
        }
        func open() { semaphore.signal() }
        /// Waits until the compaction's thread is at the gate; false if it is not by the deadline.
        func waitUntilReached() -> Bool {
            guard reached.wait(timeout: .now() + BackgroundCompactionTests.deadline) == .success else { return false }
            reached.signal()
            return true
        }
    }

    /// Waits for the store's compaction to be written; fails the test if it is not by the deadline.
    func waitForCompaction(_ store: NotesStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let job = try #require(store.compaction, "no compaction is running", sourceLocation: sourceLocation)
        try #require(job.wait(seconds: Self.deadline),
                     "the compaction was not written within \(Int(Self.deadline)) s", sourceLocation: sourceLocation)
    }

    func options(_ mode: CompactionMode) -> NotesStoreOptions {
        var options = NotesStoreOptions(compactionMinimumBytes: 2_000, compactionRatio: 0.1)
        options.compaction = mode
        return options
    }

    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: String(repeating: "words \(number) ", count: 40), created: ISODate.rounded(Date()))
    }

    /// Commits new notes until one commit finds compaction due and starts it; returns them.
    /// Fails the test if none has started after far more commits than the options need.
    func commitUntilACompactionStarts(_ store: NotesStore) throws -> [Note] {
        var committed: [Note] = []
        while store.compaction == nil {
            try #require(committed.count < 1_000, "no compaction started after 1000 commits")
            let next = note(committed.count)
            try store.commit(.putNote(next))
            committed.append(next)
        }
        return committed
    }

    /// A store in a new folder whose compactions run in the background and wait at a gate
    /// the test opens.
    func heldBackgroundStore() throws -> (TemporaryFolder, URL, NotesStore, Gate) {
        let folder = try TemporaryFolder(prefix: "notes-bgcompact")
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url, options: options(.background))
        let gate = Gate()
        store.compactionWillWrite = { gate.pass() }
        return (folder, url, store, gate)
    }

    func snapshotInode(_ url: URL) throws -> UInt64 {
        try #require(try DurableFile.identity(url.path)).inode
    }

    @Test func commitsGoOnWhileACompactionIsWrittenAndALaterCommitSwapsItIn() throws {
        let (folder, url, store, gate) = try heldBackgroundStore()
        defer { store.close(); folder.remove() }
        let firstInode = try snapshotInode(url)

        // Commits until a compaction is due; it starts, and waits at the gate.
        var committed = try commitUntilACompactionStarts(store)
        // More commits while it is held: none waits for it, and the snapshot is not touched.
        for _ in 0..<5 {
            let next = note(committed.count)
            try store.commit(.putNote(next))
            committed.append(next)
        }
        #expect(try snapshotInode(url) == firstInode)
        let other = try NotesStore.open(at: url)
        #expect(Set(other.contents.notes.keys) == Set(committed.map(\.id)))
        other.close()

        #expect(store.compaction?.wait(seconds: 0) == false, "a held compaction is still running")

        // Let it go; the next commit swaps the new snapshot in and keeps only later lines.
        gate.open()
        try waitForCompaction(store)
        let last = note(committed.count)
        try store.commit(.putNote(last))
        committed.append(last)
        #expect(try snapshotInode(url) != firstInode)
        let journal = try String(contentsOfFile: NotesStore.journalPath(for: url), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 6, "the 5 commits made while it was held, and the last")

        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents == store.contents)
        #expect(Set(reopened.contents.notes.keys) == Set(committed.map(\.id)))
    }

    /// Another process compacts while ours is held: ours is based on a snapshot that is
    /// gone, so it is dropped, and nothing is lost.
    @Test func aCompactionMadeStaleByAnotherProcessIsDropped() throws {
        let (folder, url, store, gate) = try heldBackgroundStore()
        defer { store.close(); folder.remove() }
        let committed = try commitUntilACompactionStarts(store)
        let other = try NotesStore.open(at: url)
        let extra = note(1_000)
        try other.commit(.putNote(extra))
        try other.compactNow()
        other.close()
        let othersInode = try snapshotInode(url)

        gate.open()
        try waitForCompaction(store)
        let last = note(committed.count)
        try store.commit(.putNote(last))

        #expect(try snapshotInode(url) == othersInode, "the stale compaction replaced the other's snapshot")
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(Set(reopened.contents.notes.keys) == Set((committed + [extra, last]).map(\.id)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".part") }
        #expect(leftovers.isEmpty)
    }

    /// `notes compact`'s way: the lock is held only to catch up and to swap, so another
    /// process commits while the compaction is being written.
    @Test func compactingWithoutTheLockLetsOthersCommitMeanwhile() throws {
        let folder = try TemporaryFolder(prefix: "notes-bgcompact")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        do {
            let writer = try NotesStore.open(at: url, options: options(.inline))
            for number in 0..<3 { try writer.commit(.putNote(note(number))) }
            writer.close()
        }
        let compactor = try NotesStore.open(at: url, options: options(.background))
        defer { compactor.close() }
        let gate = Gate()
        compactor.compactionWillWrite = { gate.pass() }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let running = compactor  // used by that thread alone until `done`
        let thread = Thread {
            do { try running.compactWithoutHoldingTheLock() } catch { Issue.record("\(error)") }
            done.signal()
        }
        thread.start()
        try #require(gate.waitUntilReached(), "the compaction did not reach its write within \(Int(Self.deadline)) s")

        // The compactor lets the lock go just after it starts the compaction, which is held at
        // the gate now: this commit gets the lock within moments. Were the lock held through
        // the write, the commit would throw `locked` when its timeout (a deadline) ran out.
        var lockedOptions = NotesStoreOptions(lockTimeout: 10)
        lockedOptions.compaction = .inline
        let other = try NotesStore.open(at: url, options: lockedOptions)
        let during = note(99)
        try other.commit(.putNote(during))
        other.close()
        gate.open()
        try #require(done.wait(timeout: .now() + Self.deadline) == .success,
                     "the compaction without the lock did not end within \(Int(Self.deadline)) s")

        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes[during.id] != nil)
        #expect(reopened.contents.notes.count == 4)
        let journal = try String(contentsOfFile: NotesStore.journalPath(for: url), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1, "only the commit made meanwhile is left in the journal")
    }
}

/// Another process's compaction is taken in without reading the store again when it left
/// its record (`CompactionRecord`), and only then: a snapshot put in place any other way
/// (a restored backup) is read again.
@Suite struct CompactionAdoptionTests {
    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number)", created: ISODate.rounded(Date()))
    }

    @Test func aCompactionByAnotherProcessIsTakenInWithoutReadingTheStore() throws {
        let folder = try TemporaryFolder(prefix: "notes-adopt")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let ui = try NotesStore.open(at: url)
        defer { ui.close() }
        for number in 0..<5 { try ui.commit(.putNote(note(number))) }

        // Another process folds the journal (as `notes compact` does) and commits after it.
        var options = NotesStoreOptions()
        options.compaction = .background
        let other = try NotesStore.open(at: url, options: options)
        try other.compactWithoutHoldingTheLock()
        let later = note(99)
        try other.commit(.putNote(later))
        other.close()

        #expect(try ui.refresh())
        #expect(ui.adoptedCompactions == 1)
        #expect(ui.contents.notes[later.id] != nil)
        #expect(ui.contents.notes.count == 6)
        let mine = note(100)
        try ui.commit(.putNote(mine))
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents == ui.contents)
    }

    @Test func aSnapshotPutInPlaceOtherwiseIsReadAgain() throws {
        let folder = try TemporaryFolder(prefix: "notes-adopt")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let ui = try NotesStore.open(at: url)
        defer { ui.close() }
        try ui.commit(.putNote(note(1)))
        try ui.compactNow()
        let backup = folder.file("backup.json")
        try FileManager.default.copyItem(at: url, to: backup)
        try ui.commit(.putNote(note(2)))
        // A compaction by another process left a record, then the user puts the backup back.
        var options = NotesStoreOptions()
        options.compaction = .background
        let other = try NotesStore.open(at: url, options: options)
        try other.compactWithoutHoldingTheLock()
        other.close()
        #expect(try ui.refresh() == false, "nothing new: the compaction changed no note")
        #expect(ui.adoptedCompactions == 1)
        #expect(rename(backup.path, url.path) == 0)

        #expect(try ui.refresh())
        #expect(ui.adoptedCompactions == 1, "a restored backup was taken for a compaction")
        #expect(ui.contents.notes.count == 1)
    }
}
