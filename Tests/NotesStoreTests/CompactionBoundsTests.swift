#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// What keeps commands and keys cheap around compaction at any size (PRODUCT §3 "No
/// stall", issue 23): the journal is bounded in bytes as well as by its share of the
/// snapshot, one process compacts at a time, the index comes from what the compaction
/// wrote, a journal touching many notes is looked up a block at a time, and the files a
/// compaction replaced are closed off the key path (and closed, not leaked).
@Suite struct CompactionBoundsTests {
    let work = Category(name: "Work")
    let home = Category(name: "Home")

    func note(_ number: Int, category: Category?, bodyBytes: Int = 40) -> Note {
        Note(title: "Note \(number)", body: "body \(number) ü \u{1F600} " + String(repeating: "x", count: bodyBytes),
             created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)),
             categoryID: category?.id, tags: ["t\(number % 3)"])
    }

    func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? -1
    }

    @Test func theJournalIsFoldedOncePastTheMaximumHoweverLargeTheSnapshot() throws {
        let folder = try TemporaryFolder(prefix: "notes-bound")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        var options = NotesStoreOptions(compactionMinimumBytes: 1_000, compactionRatio: 0.25)
        options.compactionMaximumBytes = 8_000
        let store = try NotesStore.open(at: url, options: options)
        defer { store.close() }
        // A snapshot of about 400 KB: by its share alone, compaction would wait for 100 KB of journal.
        try store.commit((0..<200).map { .putNote(note($0, category: nil, bodyBytes: 2_000)) })
        try store.compactNow()
        let snapshotBytes = size(url.path)
        #expect(snapshotBytes > 400_000)
        var journalPeak = 0
        for number in 200..<260 {
            try store.commit(.putNote(note(number, category: nil)))
            journalPeak = max(journalPeak, size(NotesStore.journalPath(for: url)))
        }
        #expect(journalPeak > 0 && journalPeak <= 8_000 + 1_000, "the journal reached \(journalPeak) bytes")
        #expect(size(url.path) > snapshotBytes, "the snapshot took the new notes in")
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents == store.contents)
    }

    /// A store with every kind of record the index has to describe: live notes in live
    /// and trashed categories, uncategorized notes, notes in the trash, import records.
    func variedChanges() -> [StoreChange] {
        let notes = (0..<40).map { note($0, category: $0 % 3 == 0 ? nil : ($0 % 3 == 1 ? work : home)) }
        let sources = notes.prefix(4).map {
            ImportSource(key: .init(folder: "/vault", path: "\($0.title).md"), noteID: $0.id, sourceHash: "h", made: .init($0))
        }
        return [.putCategory(work), .putCategory(home)] + notes.map { .putNote($0) }
            + notes.prefix(5).map { .trashNote($0.id, at: Date(timeIntervalSinceReferenceDate: 710_000_000)) }
            + sources.map { .putImportSource($0) }
    }

    func expectIndexIsTheOneReadFromTheSnapshot(_ url: URL) throws {
        let written = try #require(try DurableFile.read(SnapshotIndex.path(for: url)))
        let snapshot = try #require(try DurableFile.read(url.path))
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        let stamp = try #require(SnapshotIndex.Stamp(snapshotFD: fd, sequence: 0))
        let built = try #require(snapshot.withUnsafeBufferPointer {
            SnapshotIndex.build(snapshot: $0, stamp: stamp, records: RecordCodec(transformers: try StoreSchema.transformers(
                from: StoreSchema.defaultRegistry(storeFolder: url.deletingLastPathComponent()))))
        })
        #expect(written == built.encoded())
    }

    @Test(arguments: ["inline", "background"])
    func theIndexACompactionWritesFromItsLayoutIsTheOneReadFromItsSnapshot(mode: String) throws {
        let folder = try TemporaryFolder(prefix: "notes-layout")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        var options = NotesStoreOptions()
        if mode == "background" { options.compaction = .background }
        let store = try NotesStore.open(at: url, options: options)
        defer { store.close() }
        try store.commit(variedChanges())
        try store.commit(.trashCategory(home.id, at: Date(timeIntervalSinceReferenceDate: 720_000_000)))
        if mode == "background" { try store.compactWithoutHoldingTheLock() } else { try store.compactNow() }
        try expectIndexIsTheOneReadFromTheSnapshot(url)
    }

    @Test func aJournalTouchingNotesAcrossManyIndexBlocksGivesWhatAWholeOpenGives() throws {
        let folder = try TemporaryFolder(prefix: "notes-blocks")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let writer = try NotesStore.open(at: url, options: NotesStoreOptions(compactionMinimumBytes: .max))
        let notes = (0..<2_600).map { note($0, category: $0 % 2 == 0 ? work : home, bodyBytes: 0) }
        try writer.commit([.putCategory(work), .putCategory(home)] + notes.map { .putNote($0) })
        try writer.compactNow()
        // Lines touching notes in all three blocks of the index (1,024 entries a block).
        var random = SeededRandom(seed: 23)
        var touched: [UUID] = []
        for step in 0..<120 {
            let picked = notes[Int(random.next() % UInt64(notes.count))]
            switch step % 3 {
            case 0:
                var moved = picked
                moved.categoryID = picked.categoryID == work.id ? home.id : work.id
                try writer.commit(.putNote(moved))
                touched.append(picked.id)
            case 1:
                try writer.commit(.trashNote(picked.id, at: Date(timeIntervalSinceReferenceDate: 720_000_000 + Double(step))))
                touched.append(picked.id)
            default:
                let added = note(10_000 + step, category: work)
                try writer.commit(.putNote(added))
                touched.append(added.id)
            }
        }
        writer.close()
        let whole = try NotesStore.open(at: url)
        defer { whole.close() }
        let counting = try NotesStore.open(at: url, touching: [])
        defer { counting.close() }
        #expect(counting.isPartial)
        #expect(counting.liveNoteCounts() == whole.liveNoteCounts())
        let named = Array(touched.prefix(5)) + [notes[3].id]
        let partial = try NotesStore.open(at: url, touching: named.map(\.uuidString))
        defer { partial.close() }
        #expect(partial.isPartial)
        for id in Set(touched + [notes[3].id]) {
            #expect(partial.contents.anyNote(id) == whole.contents.anyNote(id), "note \(id)")
        }
    }

    @Test func oneProcessCompactsAtATime() throws {
        let folder = try TemporaryFolder(prefix: "notes-compact-lock")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        #expect(!CompactionLock.isHeld(for: url))
        do {
            let held = CompactionLock.acquire(for: url)
            #expect(held != nil)
            #expect(CompactionLock.isHeld(for: url))
            #expect(CompactionLock.acquire(for: url) == nil, "a second compactor is refused")
            // The writer lock is another lock on the same file: commits go on meanwhile.
            try store.commit(.putNote(note(1, category: nil)))
            withExtendedLifetime(held) {}
        }
        #expect(!CompactionLock.isHeld(for: url))
        #expect(CompactionLock.acquire(for: url) != nil)
    }

    /// A child spawned by another thread holds a copy of every descriptor until its `exec`:
    /// a copy of the lock's descriptor, made here with `dup`, must not keep the lock held
    /// once the lock is given up.
    @Test func aCopyOfTheLocksDescriptorDoesNotKeepItHeld() throws {
        let folder = try TemporaryFolder(prefix: "notes-compact-copy")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let lockFile = NotesStore.lockPath(for: try StoreLocation.realFile(url))
        var copy: Int32 = -1
        do {
            let held = try #require(CompactionLock.acquire(for: url))
            copy = try #require(descriptors(naming: lockFile).map { dup($0) }.first { $0 >= 0 })
            withExtendedLifetime(held) {}
        }
        defer { close(copy) }
        #expect(!CompactionLock.isHeld(for: url), "the lock outlived its owner through a copy of its descriptor")
    }

    /// The descriptors of this process that name the file at `path`.
    func descriptors(naming path: String) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) == path ? Int32(name) : nil
        }
    }

    /// How many descriptors of this process name a removed file at `path` (a replaced snapshot).
    func openRemovedFiles(at path: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) == path + " (deleted)"
        }.count
    }

    @Test func aSnapshotReplacedTwiceIsClosedAfterItIsTakenIn() throws {
        let folder = try TemporaryFolder(prefix: "notes-release")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        do {
            let first = try NotesStore.open(at: url)
            defer { first.close() }
            try first.commit(.putNote(note(0, category: nil)))
            try first.compactNow()
        }
        // The UI reads that snapshot into a copy that keeps a descriptor of its own.
        let ui = try NotesStore.open(at: url)
        defer { ui.close() }
        var options = NotesStoreOptions()
        options.compaction = .background
        func compactElsewhere() throws {
            let other = try NotesStore.open(at: url, options: options)
            defer { other.close() }
            try other.compactWithoutHoldingTheLock()
        }
        try ui.commit(.putNote(note(1, category: nil)))
        try compactElsewhere()
        _ = try ui.refresh()
        try ui.commit(.putNote(note(2, category: nil)))
        try compactElsewhere()
        _ = try ui.refresh()
        #expect(ui.adoptedCompactions == 2)
        ReplacedFileRelease.waitUntilReleased()
        // The first snapshot stays open (the UI reads bodies from its copy); the one in between is closed.
        #expect(openRemovedFiles(at: url.path) == 1, "the snapshot between the two compactions is still open")
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents == ui.contents)
    }
}
