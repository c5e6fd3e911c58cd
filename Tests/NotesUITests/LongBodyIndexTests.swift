import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesUI

/// Issue 11: renaming, tagging or moving a note with a long body does not fold the body
/// again for the search text: the index copies the folded body it has.
@Suite struct LongBodyIndexTests {
    static func longBody(_ random: inout SeededRandom) -> String {
        (0..<12_000).map { _ in random.pick(IncrementalIndexTests.words) }.joined(separator: " ") + " THE-END-WORD"
    }

    @Test func changingOnlyOtherFieldsReusesTheFoldedBodyAndSearchesAsARebuild() throws {
        var random = SeededRandom(seed: 11)
        var database = IncrementalIndexTests.database(&random, notes: 40)
        let long = (0..<3).map { index in
            Note(title: "long \(index)", body: Self.longBody(&random), created: IncrementalIndexTests.dates[index])
        }
        database = NotesDatabase(notes: Array(database.notes.values) + long, categories: IncrementalIndexTests.categories)
        let repository = InMemoryNotesRepository(database)
        var snapshot = NotesSnapshot(repository.contents)
        let queries = IncrementalIndexTests.queries + ["the-end-word", "long", "renamed", "ecole straße"]
        for step in 0..<12 {
            guard var note = repository.contents.notes[long[step % 3].id] else { Issue.record("note gone"); return }
            switch step % 4 {
            case 0: note.title = "renamed \(step)"
            case 1: note.tags.insert("tag\(step)")
            case 2: note.categoryID = IncrementalIndexTests.categories[step % 3].id
            default: note.body += " edited\(step)"  // a changed body is folded again
            }
            note.updated = IncrementalIndexTests.dates[step % 12].addingTimeInterval(60)
            let reusedBefore = snapshot.index.searchText.text.reusedBodies
            try snapshot.commit([.putNote(note)], through: repository)  // (too little retired text to rebuild)
            IncrementalIndexTests.expectSameAsRebuilt(snapshot, repository.contents, queries: queries)
            #expect(snapshot.index.searchText.text.reusedBodies - reusedBefore == (step % 4 == 3 ? 0 : 1), "step \(step)")
        }
    }
}

extension LongBodyIndexTests {
    @Test func aNoteWithAHugeBodyIsIndexedAgainOnAnotherCoreNotInPlace() throws {
        let huge = Note(title: "huge log", body: String(repeating: "log line ÉCOLE\n", count: (SearchText.foldInBackgroundBytes / 15) + 1))
        let small = Note(title: "small", body: "a few words")
        let repository = InMemoryNotesRepository(NotesDatabase(notes: [huge, small]))
        var snapshot = NotesSnapshot(repository.contents)
        let before = snapshot.index.id
        var renamedSmall = small
        renamedSmall.title = "small renamed"
        try snapshot.commit([.putNote(renamedSmall)], through: repository)
        #expect(snapshot.index.searchText.text.slotCount == 3, "a small note is changed in place (a new slot)")
        var renamed = huge
        renamed.title = "huge log renamed"
        try snapshot.commit([.putNote(renamed)], through: repository)
        #expect(snapshot.index.id != before)
        #expect(snapshot.index.searchText.text.slotCount == 2, "a new index, not a slot added to the old one")
        IncrementalIndexTests.expectSameAsRebuilt(snapshot, repository.contents, queries: ["ecole", "renamed", "huge"])
    }
}
