import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesUI

/// Searches pass over blocks of notes that lack a pair of the query's bytes
/// (`BytePairBlocks`): they must never pass over a match, in a fresh index or after edits.
@Suite struct BytePairBlocksTests {
    /// 5,000 notes (five blocks) of common words; a few, in different blocks, hold a rare word.
    static func database(rareAt rare: Set<Int>) -> NotesDatabase {
        let date = Date(timeIntervalSince1970: 1_740_000_000)
        let notes = (0..<5_000).map { number in
            Note(id: UIFixtures.uuid(100_000 + number), title: "Note \(number)",
                 body: rare.contains(number) ? "alpha Quizzical beta" : "alpha beta gamma",
                 created: date.addingTimeInterval(Double(-number)))
        }
        return NotesDatabase(notes: notes, categories: [])
    }

    static func titles(_ query: String, _ index: NoteIndex) -> [String] {
        var filter = NoteFilter()
        filter.set(query: query, categoryID: nil, in: index)
        return (0..<filter.count(in: index)).map { index.note(at: filter.position(ofRow: $0)).title }
    }

    @Test func aRareWordIsFoundInEveryBlockThatHoldsIt() {
        let index = NoteIndex(database: Self.database(rareAt: [3, 2_500, 4_999]))
        let expected = ["Note 3", "Note 2500", "Note 4999"]
        #expect(Self.titles("quizzical", index) == expected)
        #expect(Self.titles("zz", index) == expected)
        #expect(Self.titles("alpha quiz", index) == expected)
        #expect(Self.titles("zzq", index) == [])
        #expect(Self.titles("note 4999", index) == ["Note 4999"])
        #expect(Self.titles("-zz", index).count == 4_997)
    }

    @Test func aWordAddedByAnEditIsFoundInItsNewSlot() throws {
        let repository = InMemoryNotesRepository(Self.database(rareAt: [10]))
        var snapshot = NotesSnapshot(repository.contents)
        guard var note = repository.contents.notes[UIFixtures.uuid(100_000 + 4_000)] else {
            Issue.record("no note 4000")
            return
        }
        note.body += " fizzbuzz"
        note.updated = Date(timeIntervalSince1970: 1_740_000_000 - 2_000)
        try snapshot.commit([.putNote(note)], through: repository)
        #expect(Self.titles("fizzbuzz", snapshot.index) == ["Note 4000"])
        #expect(Self.titles("zz", snapshot.index) == ["Note 10", "Note 4000"])
        #expect(Self.titles("zz", snapshot.index) == Self.titles("zz", NoteIndex(database: repository.contents)))
    }
}
