import Foundation
import NotesTestSupport
import Testing
import NotesColor
import NotesModel
import NotesUI

/// A snapshot changed in place by `commit(_:through:)` must show exactly what a new
/// snapshot of the same database shows: order, notes, counts and search results.
@Suite struct IncrementalIndexTests {
    /// Few distinct titles, dates and words, so that ties in the order and shared words are common.
    static let words = ["alpha", "beta", "gamma", "Delta", "ÉCOLE", "straße", "日本語", "emoji🙂", "ab", "zz"]
    static let dates = (0..<12).map { Date(timeIntervalSince1970: 1_740_000_000 + Double($0) * 3_600) }
    static let categories = [
        Category(id: UIFixtures.uuid(1), name: "Work", color: SerializableColor(UIFixtures.blue)),
        Category(id: UIFixtures.uuid(2), name: "Home", color: SerializableColor(UIFixtures.yellow)),
        Category(id: UIFixtures.uuid(3), name: "Reading", color: SerializableColor(UIFixtures.blue)),
    ]

    static func text(_ random: inout SeededRandom, words count: ClosedRange<Int>) -> String {
        (0..<random.int(count)).map { _ in random.pick(words) }.joined(separator: " ")
    }

    /// An id drawn from `random`, so that a seed always gives the same ties in the order.
    static func id(_ random: inout SeededRandom) -> UUID {
        let (high, low) = (random.next(), random.next())
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    static func note(_ random: inout SeededRandom, id: UUID? = nil) -> Note {
        let id = id ?? Self.id(&random)
        let category: UUID? = random.chance(0.25) ? nil : random.pick(categories).id
        let tags = Set((0..<random.int(0...2)).map { _ in random.pick(["q3", "todo", "later"]) })
        return Note(id: id, title: text(&random, words: 1...2), body: text(&random, words: 0...12),
                    created: random.pick(dates), categoryID: category, tags: tags)
    }

    static func database(_ random: inout SeededRandom, notes: Int) -> NotesDatabase {
        NotesDatabase(notes: (0..<notes).map { _ in note(&random) }, categories: categories)
    }

    /// One random commit: puts of new or changed notes, deletes, sometimes several at once.
    static func changes(_ random: inout SeededRandom, in database: NotesDatabase, count: Int? = nil) -> [StoreChange] {
        var changes: [StoreChange] = []
        var deleted = Set<UUID>()
        for _ in 0..<(count ?? (random.chance(0.2) ? random.int(2...4) : 1)) {
            let existing = database.notes.keys.sorted { $0.uuidString < $1.uuidString }.filter { !deleted.contains($0) }
            let roll = random.int(0...9)
            if roll < 3 || existing.isEmpty {
                changes.append(.putNote(note(&random)))
            } else if roll < 5 {
                let id = random.pick(existing)
                deleted.insert(id)
                changes.append(.deleteNote(id))
            } else if roll < 6 {
                changes.append(.setRecentColors([UIFixtures.blue]))
            } else if let old = database.notes[random.pick(existing)] {
                var changed = random.chance(0.5) ? note(&random, id: old.id) : old
                changed.body += " edited" + String(random.int(0...99))
                changed.updated = random.pick(dates)
                changes.append(.putNote(changed))
            }
        }
        return changes
    }

    /// Expects `snapshot` to show what a new snapshot of `database` shows.
    static func expectSameAsRebuilt(_ snapshot: NotesSnapshot, _ database: NotesDatabase,
                                    queries: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let rebuilt = NotesSnapshot(database)
        let index = snapshot.index, expected = rebuilt.index
        #expect(snapshot.database == database, sourceLocation: sourceLocation)
        #expect(index.count == expected.count, sourceLocation: sourceLocation)
        #expect(index.notesInOrder() == expected.notesInOrder(), sourceLocation: sourceLocation)
        #expect(snapshot.uncategorizedCount == rebuilt.uncategorizedCount, sourceLocation: sourceLocation)
        for category in categories {
            #expect(snapshot.noteCount(in: category.id) == rebuilt.noteCount(in: category.id), sourceLocation: sourceLocation)
            #expect(index.positions(inCategory: category.id) == expected.positions(inCategory: category.id),
                    sourceLocation: sourceLocation)
        }
        for id in database.notes.keys.sorted(by: { $0.uuidString < $1.uuidString }).prefix(150) {
            #expect(index.position(of: id) == expected.position(of: id), sourceLocation: sourceLocation)
        }
        for query in queries {
            let needle = NoteIndex.needle(for: query)
            #expect(index.search(needle, among: nil) == expected.search(needle, among: nil),
                    "query \(query)", sourceLocation: sourceLocation)
            let category = categories[0].id
            #expect(index.search(needle, among: index.positions(inCategory: category))
                        == expected.search(needle, among: expected.positions(inCategory: category)),
                    "query \(query) in a category", sourceLocation: sourceLocation)
        }
    }

    static let queries = ["a", "alpha", "ÉCOLE", "STRASSE", "straße", "日本", "🙂", "edited", "edited1", "work", "q3",
                          "a b", "zz\nab", "later", "home"]

    @Test(arguments: [UInt64(1), 2, 3, 4, 17])  // 17 caught a wrong place when one commit touched two tied notes
    func randomCommitsMatchARebuild(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let repository = InMemoryNotesRepository(Self.database(&random, notes: 120))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground)
        for _ in 0..<60 {
            let changes = Self.changes(&random, in: repository.contents)
            try snapshot.commit(changes, through: repository)
            Self.expectSameAsRebuilt(snapshot, repository.contents, queries: Self.queries)
        }
    }

    /// Batches of many changes (one commit from another process, an import) are placed
    /// in one pass over the list: notes with the same date, a note put twice, deletes.
    @Test(arguments: [UInt64(31), 32, 33])
    func largeBatchesMatchARebuild(seed: UInt64) throws {
        print("IncrementalIndexTests.largeBatchesMatchARebuild seed \(seed)")
        var random = SeededRandom(seed: seed)
        let repository = InMemoryNotesRepository(Self.database(&random, notes: 400))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground)
        for _ in 0..<12 {
            let changes = Self.changes(&random, in: repository.contents, count: random.int(5...300))
            do { try snapshot.commit(changes, through: repository) } catch is ModelError { continue }
            Self.expectSameAsRebuilt(snapshot, repository.contents, queries: Self.queries)
        }
    }

    @Test func aLargeIndexSearchedInPartsMatchesARebuildAfterChanges() throws {
        var random = SeededRandom(seed: 99)
        let repository = InMemoryNotesRepository(Self.database(&random, notes: NoteIndex.parallelThreshold + 500))
        var snapshot = NotesSnapshot(repository.contents)
        for _ in 0..<3 {
            try snapshot.commit(Self.changes(&random, in: repository.contents), through: repository)
        }
        Self.expectSameAsRebuilt(snapshot, repository.contents, queries: ["a", "edited", "日本語 a", "zz"])
    }

    @Test func filteringFindsEditedTextAndNotTheOldText() throws {
        var edited = UIFixtures.groceries
        edited.body = "Oat milk and zucchini"
        edited.updated = UIFixtures.now
        let repository = InMemoryNotesRepository(UIFixtures.database)
        var snapshot = NotesSnapshot(repository.contents)
        try snapshot.commit([.putNote(edited)], through: repository)
        var filter = NoteFilter()
        filter.set(query: "ZUCCHINI", categoryID: nil, in: snapshot.index)
        #expect(filter.matches == [0])
        #expect(snapshot.index.note(at: 0).id == edited.id)
        filter.set(query: "eggs", categoryID: nil, in: snapshot.index)
        #expect(filter.matches == [])
        filter.set(query: "zucchini", categoryID: UIFixtures.home.id, in: snapshot.index)
        #expect(filter.matches == [0])
    }

    @Test func anEditInTheAppIsFoundByTheFilter() throws {
        let (runner, terminal, _) = UIFixtures.runner(editBody: { $0 + "\nsee the zeppelin" })
        terminal.press(.character("j"), .character("e"), .character("/"))
        for character in "zeppelin" { terminal.press(.character(character)) }
        runner.run()
        #expect(runner.state.filter.count(in: runner.snapshot.index) == 1)
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == UIFixtures.groceries.id)
    }

    @Test func aCopyOfTheSnapshotKeepsItsOwnSearchText() throws {
        var edited = UIFixtures.idea
        edited.body = "rewritten"
        let repository = InMemoryNotesRepository(UIFixtures.database)
        var snapshot = NotesSnapshot(repository.contents)
        let before = snapshot
        try snapshot.commit([.putNote(edited)], through: repository)
        let needle = NoteIndex.needle(for: "terminal")
        #expect(before.index.search(needle, among: nil).positions.count == 1)
        #expect(snapshot.index.search(needle, among: nil).positions.isEmpty)
        Self.expectSameAsRebuilt(before, UIFixtures.database, queries: ["terminal", "rewritten"])
    }

    @Test func categoryChangesAndFailedCommitsLeaveWhatARebuildShows() throws {
        let repository = InMemoryNotesRepository(UIFixtures.database)
        var snapshot = NotesSnapshot(repository.contents)
        var renamed = UIFixtures.work
        renamed.name = "Office"
        try snapshot.commit([.putCategory(renamed)], through: repository)
        Self.expectSameAsRebuilt(snapshot, repository.contents, queries: ["office", "work"])
        #expect(snapshot.index.search(NoteIndex.needle(for: "office"), among: nil).positions.count == 1)
        #expect(throws: ModelError.self) {
            try snapshot.commit([.putNote(Note(title: "  ", created: UIFixtures.now))], through: repository)
        }
        Self.expectSameAsRebuilt(snapshot, repository.contents, queries: ["office", "e"])
    }

    @Test func changesAnotherProcessCommittedFirstAreShownWithOurs() throws {
        let repository = OtherProcessRepository(UIFixtures.database)
        var snapshot = NotesSnapshot(repository.contents)
        repository.pending = .putNote(Note(title: "From elsewhere", body: "kiwi", created: UIFixtures.now))
        try snapshot.commit([.deleteNote(UIFixtures.idea.id)], through: repository)
        #expect(snapshot.index.notesInOrder().map(\.title) == ["From elsewhere", "Quarterly report", "Groceries"])
        Self.expectSameAsRebuilt(snapshot, repository.contents, queries: ["kiwi", "idea"])
    }
}
