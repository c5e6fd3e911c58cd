import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesUI

/// Another process's commits, taken in by a refresh or before our own commit, are applied
/// to the snapshot in place (the store says which changes it read: `CaughtUp`) and show
/// exactly what a snapshot built afresh shows. Two `NotesStore`s on one folder stand for
/// the two processes.
@Suite struct OtherProcessRefreshTests {
    typealias Fixture = IncrementalIndexTests

    /// A note edit by the other process: a new note, a changed title or body, trash,
    /// restore, delete; sometimes a category put or rename, or recent colors.
    static func theirChanges(_ random: inout SeededRandom, in database: NotesDatabase) -> [StoreChange] {
        let live = database.notes.keys.sorted { $0.uuidString < $1.uuidString }
        let trashed = database.trash.keys.sorted { $0.uuidString < $1.uuidString }
        switch random.int(0...19) {
        case 0 where !trashed.isEmpty: return [.restoreNote(random.pick(trashed))]
        case 1 where !live.isEmpty: return [.trashNote(random.pick(live), at: random.pick(Fixture.dates))]
        case 2 where !live.isEmpty: return [.deleteNote(random.pick(live))]
        case 3:
            var category = random.pick(Fixture.categories)
            if let current = database.categories[category.id] { category = current }
            category.name = random.pick(["Work", "Office", "Home", "Reading", "Garden"]) + String(random.int(0...9))
            return [.putCategory(category)]
        default: return Fixture.changes(&random, in: database)
        }
    }

    /// Runs `test` with two stores open on one fresh folder, standing for two processes.
    /// `first` is committed before they open (by a store closed again), so both start from it.
    static func withTwoStores(options: NotesStoreOptions = NotesStoreOptions(), first: [StoreChange] = [],
                              _ test: (_ mine: NotesStore, _ theirs: NotesStore) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("notes.json")
        if !first.isEmpty {
            let seeding = try NotesStore.open(at: url, options: options)
            defer { seeding.close() }
            try seeding.commit(first)
        }
        let mine = try NotesStore.open(at: url, options: options)
        let theirs = try NotesStore.open(at: url, options: options)
        defer { mine.close(); theirs.close() }
        try test(mine, theirs)
    }

    @Test(arguments: [UInt64(1), 2, 3, 5, 8])
    func randomCommitsOfAnotherProcessMatchARebuild(seed: UInt64) throws {
        print("OtherProcessRefreshTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        let first = Fixture.categories.map(StoreChange.putCategory)
            + Fixture.database(&random, notes: 80).notes.values.sorted { $0.id.uuidString < $1.id.uuidString }.map(StoreChange.putNote)
        try Self.withTwoStores(first: first) { mine, theirs in
            var snapshot = NotesSnapshot(mine.contents, searchText: .inBackground)
            for step in 0..<40 {
                var committed: [[StoreChange]] = []
                for _ in 0..<random.int(1...3) {
                    let changes = Self.theirChanges(&random, in: theirs.contents)
                    do { try theirs.commit(changes) } catch is ModelError { continue }
                    committed.append(changes)
                }
                if random.chance(0.3) {
                    let ours = Fixture.changes(&random, in: mine.contents)
                    do { try snapshot.commit(ours, through: mine) } catch is ModelError {}
                } else {
                    _ = try snapshot.refresh(from: mine)
                }
                _ = try theirs.refresh()
                let sameAsTheirs = mine.contents == theirs.contents
                #expect(sameAsTheirs, "seed \(seed) step \(step): both processes hold the same store")
                Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: Fixture.queries + ["office", "garden"])
                if mine.contents != snapshot.database || !sameAsTheirs {
                    Issue.record("seed \(seed) step \(step): the snapshot differs after the other process committed \(committed)")
                    return
                }
            }
        }
    }

    @Test func theStoreSaysWhichChangesItTookIn() throws {
        try Self.withTwoStores { mine, theirs in
            #expect(try mine.refreshChanges() == .nothing)
            let note = Note(title: "From elsewhere", body: "kiwi", created: UIFixtures.now)
            try theirs.commit(.putNote(note))
            try theirs.commit(.trashNote(note.id, at: UIFixtures.now))
            #expect(try mine.refreshChanges() == .changes([.putNote(note), .trashNote(note.id, at: UIFixtures.now)]))
            #expect(try mine.refreshChanges() == .nothing)

            try theirs.commit(.restoreNote(note.id))
            let result = try mine.commit(derivedFrom: { _ in [.setRecentColors([UIFixtures.blue])] })
            #expect(result.others == .changes([.restoreNote(note.id)]))
        }
    }

    @Test func anotherProcessAddIsAppliedInPlaceNotRebuilt() throws {
        try Self.withTwoStores { mine, theirs in
            try mine.commit(Self.fixtureChanges)
            var snapshot = NotesSnapshot(mine.contents)
            let slotsBefore = snapshot.index.slotIDs.count

            let note = Note(title: "From elsewhere", body: "kiwi", created: UIFixtures.now)
            try theirs.commit(.putNote(note))
            #expect(try snapshot.refresh(from: mine))

            // A rebuilt index has one slot a note, in order; one changed in place appended a slot.
            #expect(!snapshot.index.slotsAreInOrder)
            #expect(snapshot.index.slotIDs.count == slotsBefore + 1)
            #expect(snapshot.index.search(NoteIndex.needle(for: "kiwi"), among: nil).positions.count == 1)
            Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["kiwi", "elsewhere"])
        }
    }

    /// Another process rewrites a long body; our commit then changes only the title: the
    /// old folded body (of the slot before their change) must not be reused for it.
    @Test func ourEditAfterTheirLongBodyChangeSearchesTheirBody() throws {
        // No compaction: one that folds in a line `mine` has not read makes it read everything again.
        try Self.withTwoStores(options: NotesStoreOptions(compactionMinimumBytes: 64 << 20)) { mine, theirs in
            let long = String(repeating: "apple ", count: SearchText.longBodyBytes / 6 + 100)
            var note = Note(title: "Long", body: long, created: UIFixtures.now)
            try mine.commit(Self.fixtureChanges + [.putNote(note)])
            var snapshot = NotesSnapshot(mine.contents)
            _ = try theirs.refresh()

            let original = note
            var renamed = note
            renamed.title = "Long, renamed"
            note.body = long + "banana"
            try theirs.commit(.putNote(note))
            try snapshot.commit([.note(NoteEdit(from: original, to: renamed))], through: mine, now: UIFixtures.now)

            #expect(!snapshot.index.slotsAreInOrder)  // applied in place, not rebuilt
            #expect(snapshot.index.search(NoteIndex.needle(for: "banana"), among: nil).positions.count == 1)
            Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["banana", "apple", "renamed"])
        }
    }

    static var fixtureChanges: [StoreChange] {
        UIFixtures.database.sortedCategories.map(StoreChange.putCategory) + UIFixtures.database.notes.values.map(StoreChange.putNote)
    }

    @Test func aReloadStillRebuilds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let mine = try NotesStore.open(at: url)
        defer { mine.close() }
        try mine.commit(Self.fixtureChanges)
        var snapshot = NotesSnapshot(mine.contents)
        // Another program replaces the file: the store reads it again and says so.
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("notes-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        let replacement = try NotesStore.open(at: other.appendingPathComponent("notes.json"))
        try replacement.commit(.putNote(Note(title: "Only this", created: UIFixtures.now)))
        try replacement.compactNow()
        replacement.close()
        _ = rename(other.appendingPathComponent("notes.json").path, url.path)
        unlink(url.path + ".journal")
        #expect(try snapshot.refresh(from: mine))
        #expect(snapshot.index.slotsAreInOrder)
        #expect(snapshot.index.notesInOrder().map(\.title) == ["Only this"])
        Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["only"])
    }
}
