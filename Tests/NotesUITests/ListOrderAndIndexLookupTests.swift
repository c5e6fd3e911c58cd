import Foundation
import NotesTestSupport
import Testing
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI

/// The config's `list.sort` in the UI's list, and the lookups the index keeps for the
/// tags screen and `J` instead of going over every note.
@Suite struct ListOrderAndIndexLookupTests {
    /// Titles out of date order, a pin, and a tie in the folded title.
    static let database = NotesDatabase(notes: [
        Note(id: UIFixtures.uuid(301), title: "banana", created: UIFixtures.now.addingTimeInterval(-300)),
        Note(id: UIFixtures.uuid(302), title: "Apple", created: UIFixtures.now.addingTimeInterval(-100)),
        Note(id: UIFixtures.uuid(303), title: "cherry", created: UIFixtures.now.addingTimeInterval(-200), pinned: true),
        Note(id: UIFixtures.uuid(304), title: "Éclair", created: UIFixtures.now.addingTimeInterval(-400)),
        Note(id: UIFixtures.uuid(305), title: "apple", created: UIFixtures.now.addingTimeInterval(-500)),
    ])

    func titles(_ index: NoteIndex) -> [String] { index.notesInOrder().map(\.title) }

    @Test func eachOrderListsPinnedNotesFirst() {
        #expect(titles(NoteIndex(database: Self.database)) == ["cherry", "Apple", "banana", "Éclair", "apple"])
        #expect(titles(NoteIndex(database: Self.database, order: .created)) == ["cherry", "Apple", "banana", "Éclair", "apple"])
        // Folded titles: case and accents do not count; equal folded titles by the exact text.
        #expect(titles(NoteIndex(database: Self.database, order: .title)) == ["cherry", "Apple", "apple", "banana", "Éclair"])
    }

    @Test func createdIsNotUpdated() {
        // Edited last, created first: first by `updated`, last by `created`.
        let database = NotesDatabase(notes: Self.database.notes.values.map { note in
            guard note.id == UIFixtures.uuid(305) else { return note }
            var edited = note
            edited.updated = UIFixtures.now.addingTimeInterval(60)
            return edited
        })
        #expect(titles(NoteIndex(database: database)).dropFirst().first == "apple")
        #expect(titles(NoteIndex(database: database, order: .created)).last == "apple")
    }

    @Test(arguments: [NoteListOrder.title, .created])
    func commitsKeepTheOrder(order: NoteListOrder) throws {
        var random = SeededRandom(seed: 23)
        let repository = InMemoryNotesRepository(IncrementalIndexTests.database(&random, notes: 150))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground, order: order)
        for _ in 0..<30 {
            try snapshot.commit(IncrementalIndexTests.changes(&random, in: repository.contents), through: repository)
            let expected = repository.contents.notes.values.sorted(by: order.precedes).map(\.id)
            #expect(snapshot.index.notesInOrder().map(\.id) == expected)
        }
    }

    @Test func theRunnerListsInTheOrderItIsGiven() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20))
        let repository = InMemoryNotesRepository(Self.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editor: UserEditor.scripted { $0 }, listOrder: .title)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        let rows = ["cherry", "Apple", "apple", "banana", "Éclair"].map { title in lines.firstIndex { $0.contains(" \(title) ") } }
        #expect(rows.allSatisfy { $0 != nil })
        #expect(rows.compactMap { $0 } == rows.compactMap { $0 }.sorted())
        #expect(Set(rows.compactMap { $0 }).count == 5)
    }

    @Test(arguments: [UInt64(8), 9])
    func tagCountsFollowCommits(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let repository = InMemoryNotesRepository(IncrementalIndexTests.database(&random, notes: 120))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground)
        #expect(snapshot.index.tagCounts() == TagCount.all(in: repository.contents))
        for _ in 0..<40 {
            try snapshot.commit(IncrementalIndexTests.changes(&random, in: repository.contents), through: repository)
            #expect(snapshot.index.tagCounts() == TagCount.all(in: repository.contents))
        }
    }

    @Test func theDailyNoteIsFoundByTitleAmongJournalNotes() {
        let database = NotesDatabase(notes: [
            Note(id: UIFixtures.uuid(311), title: "2025-03-05", created: UIFixtures.now),
            Note(id: UIFixtures.uuid(312), title: "2025-03-05", created: UIFixtures.now.addingTimeInterval(60), kind: .journal),
            Note(id: UIFixtures.uuid(313), title: "2025-03-05", created: UIFixtures.now.addingTimeInterval(120), kind: .journal),
            Note(id: UIFixtures.uuid(314), title: "2025-03-06", created: UIFixtures.now, kind: .journal),
        ])
        let index = NoteIndex(database: database)
        #expect(index.dailyNote(titled: "2025-03-05")?.id == UIFixtures.uuid(312))
        #expect(index.dailyNote(titled: "2025-03-06")?.id == UIFixtures.uuid(314))
        #expect(index.dailyNote(titled: "2025-03-07") == nil)
    }
}
