import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesUI

/// An edit finds the edited note's place in the list by its list key (a binary search),
/// not by a pass over every slot: among notes that share the key, and, for a note another
/// process changed first (whose key in the list is not known), by the pass over the slots.
/// Either way the list shows what a snapshot built afresh shows.
@Suite struct SlotByKeyTests {
    typealias Fixture = IncrementalIndexTests

    /// `count` notes of one date (one list key), in the fixture's categories.
    static func notesOfOneDate(_ count: Int) -> [Note] {
        (0..<count).map { number in
            Note(id: UIFixtures.uuid(500 + number), title: "Tied \(number % 7)", body: "plain \(number)",
                 created: Fixture.dates[0], categoryID: number % 3 == 0 ? nil : Fixture.categories[number % 3].id)
        }
    }

    @Test func eachSlotIsFoundAmongTheNotesOfItsKey() throws {
        let notes = Self.notesOfOneDate(40)
        let index = NotesSnapshot(NotesDatabase(notes: notes, categories: Fixture.categories)).index
        for note in notes {
            let slot = try #require(index.liveSlot(of: note.id))
            #expect(index.slot(of: note.id, amongKey: index.listOrder.key(note)) == slot)
            #expect(index.slot(of: note.id, amongKey: index.listOrder.key(note) &+ 1) == nil)
            #expect(index.position(of: note.id) == Int(index.positionOfSlot[slot]))
        }
        #expect(index.position(of: UIFixtures.uuid(9_999)) == nil)
    }

    @Test func bodyEditsAmongNotesOfOneDateMatchARebuild() throws {
        try OtherProcessRefreshTests.withTwoStores(first: Fixture.categories.map(StoreChange.putCategory)
                                                       + Self.notesOfOneDate(40).map(StoreChange.putNote)) { mine, _ in
            var snapshot = NotesSnapshot(mine.contents, searchText: .inBackground)
            for (step, number) in [3, 17, 3, 39, 0].enumerated() {
                let note = try #require(mine.contents.notes[UIFixtures.uuid(500 + number)])
                var edited = note
                edited.body += " zeppelin\(step)"
                // Every other edit keeps the date: the note stays among the notes of its key.
                let now = step % 2 == 0 ? Fixture.dates[0] : Fixture.dates[step]
                try snapshot.commit([.note(NoteEdit(from: note, to: edited))], through: mine, now: now)
                #expect(!snapshot.index.slotsAreInOrder)  // applied in place, not rebuilt
                Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["zeppelin\(step)", "plain", "tied 3"])
            }
        }
    }

    @Test func ourEditOfANoteAnotherProcessChangedFirstMatchesARebuild() throws {
        try OtherProcessRefreshTests.withTwoStores(first: Fixture.categories.map(StoreChange.putCategory)
                                                       + Self.notesOfOneDate(12).map(StoreChange.putNote)) { mine, theirs in
            var snapshot = NotesSnapshot(mine.contents)
            let original = try #require(mine.contents.notes[UIFixtures.uuid(505)])
            var theirVersion = original
            theirVersion.body = "kiwi"
            theirVersion.updated = Fixture.dates[4]
            try theirs.commit(.putNote(theirVersion))
            var renamed = original
            renamed.title = "Renamed here"
            try snapshot.commit([.note(NoteEdit(from: original, to: renamed))], through: mine, now: Fixture.dates[6])

            #expect(!snapshot.index.slotsAreInOrder)
            #expect(snapshot.index.notesInOrder().filter { $0.id == original.id }.map(\.title) == ["Renamed here"])
            Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["kiwi", "renamed", "tied 5"])
        }
    }
}
