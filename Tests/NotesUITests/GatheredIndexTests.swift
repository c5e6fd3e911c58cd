import Foundation
import NotesTestSupport
import Testing
import NotesModel
@testable import NotesUI

/// An index of more notes than `DisplayOrder.gatherInHalvesThreshold` is gathered in two
/// halves at once: it lists exactly `NoteListOrder`'s order and counts every category,
/// in each `list.sort`, fresh and after commits.
@Suite struct GatheredIndexTests {
    static let noteCount = DisplayOrder.gatherInHalvesThreshold + 1_001

    /// Ids, categories and positions of `index` against the database's notes sorted by `order`.
    func expectMatches(_ index: NoteIndex, _ database: NotesDatabase, order: NoteListOrder) {
        let expected = database.notes.values.sorted(by: order.precedes).map(\.id)
        let listed = (0..<index.count).map { index.note(at: $0).id }
        #expect(listed == expected)
        // A sample: looking a note's position up goes over the slots.
        #expect(stride(from: 0, to: expected.count, by: 997).allSatisfy { index.position(of: expected[$0]) == $0 })
        for category in IncrementalIndexTests.categories {
            let inCategory = database.notes.values.filter { $0.categoryID == category.id }.count
            #expect(index.count(inCategory: category.id) == inCategory)
        }
        #expect(index.uncategorizedCount == database.notes.values.filter { $0.categoryID == nil }.count)
    }

    @Test(arguments: [NoteListOrder.updated, .created, .title])
    func aLargeIndexListsInTheOrdersOwnOrder(order: NoteListOrder) {
        var random = SeededRandom(seed: 37)
        let database = IncrementalIndexTests.database(&random, notes: Self.noteCount)
        #expect(database.notes.count >= DisplayOrder.gatherInHalvesThreshold)
        expectMatches(NoteIndex(database: database, order: order), database, order: order)
    }

    @Test(arguments: [NoteListOrder.updated, .created, .title])
    func aLargeIndexKeepsTheOrderAfterCommits(order: NoteListOrder) throws {
        var random = SeededRandom(seed: 41)
        let repository = InMemoryNotesRepository(IncrementalIndexTests.database(&random, notes: Self.noteCount))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground, order: order)
        for _ in 0..<5 {
            try snapshot.commit(IncrementalIndexTests.changes(&random, in: repository.contents, count: 3), through: repository)
        }
        expectMatches(snapshot.index, repository.contents, order: order)
        // A fresh index of the edited notes, gathered again.
        expectMatches(NoteIndex(database: repository.contents, order: order), repository.contents, order: order)
    }
}
