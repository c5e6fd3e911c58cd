import Foundation
import Testing
import NotesModel
import NotesUI

/// `NoteFilter.carry`: when an early start's first notes give way to the whole store, the
/// matches found among the first notes stay and only the notes after them are searched.
@Suite struct FilterCarryTests {
    /// 60 notes, newest first in the list: every third mentions milk; even ones are at home.
    static func notes() -> [Note] {
        (0..<60).map { number in
            Note(id: UIFixtures.uuid(100 + number), title: "Note \(number)",
                 body: number % 3 == 0 ? "buy milk" : "nothing to buy",
                 created: UIFixtures.now.addingTimeInterval(-Double(number) * 60),
                 categoryID: number % 2 == 0 ? UIFixtures.home.id : nil)
        }
    }

    static func database(_ notes: [Note]) -> NotesDatabase {
        NotesDatabase(notes: notes, categories: [UIFixtures.work, UIFixtures.home])
    }

    /// What a filter that searched the whole index from the start finds.
    static func wholeMatches(_ query: String, _ scope: NoteFilter.Scope, _ index: NoteIndex) -> [Int32]? {
        var filter = NoteFilter()
        filter.set(query: query, scope: scope, in: index)
        return filter.matches
    }

    @Test(arguments: [NoteFilter.Scope.all, .uncategorized, .category(UIFixtures.home.id)])
    func theFirstNotesMatchesStayAndTheRestAreSearchedAfterThem(scope: NoteFilter.Scope) throws {
        let all = Self.notes()
        let early = NotesSnapshot(Self.database(Array(all.prefix(20))))
        let whole = NotesSnapshot(Self.database(all))
        #expect(whole.sharedFirstNotes(with: early) == 20)
        var filter = NoteFilter()
        filter.set(query: "milk", scope: scope, in: early.index)
        let earlyMatches = try #require(filter.matches)
        #expect(!earlyMatches.isEmpty)
        filter.carry(from: early.index, to: whole.index, sharedFirstNotes: 20)
        // A small index's text is there at once: the rest is searched at once, after the rows kept.
        #expect(!filter.isCounting)
        #expect(filter.matches?.starts(with: earlyMatches) == true)
        #expect(filter.matches == Self.wholeMatches("milk", scope, whole.index))
        // A refresh for the index it searches keeps what it found.
        filter.refresh(in: whole.index)
        #expect(filter.matches == Self.wholeMatches("milk", scope, whole.index))
    }

    @Test func aNoteChangedMeanwhileIsSearchedAgainWithEveryNoteAfterIt() throws {
        let all = Self.notes()
        var changed = all
        changed[6].body = "no more of it"  // matched among the first notes; no longer does
        let early = NotesSnapshot(Self.database(Array(all.prefix(20))))
        let whole = NotesSnapshot(Self.database(changed))
        let shared = whole.sharedFirstNotes(with: early)
        #expect(shared == 6)
        var filter = NoteFilter()
        filter.set(query: "milk", scope: .all, in: early.index)
        filter.carry(from: early.index, to: whole.index, sharedFirstNotes: shared)
        #expect(filter.matches == Self.wholeMatches("milk", .all, whole.index))
        #expect(filter.matches?.contains(6) == false)
    }

    @Test func aFilterOfAnotherIndexStartsOverOnRefresh() {
        let all = Self.notes()
        let early = NotesSnapshot(Self.database(Array(all.prefix(20))))
        let whole = NotesSnapshot(Self.database(all))
        var filter = NoteFilter()
        filter.set(query: "milk", scope: .all, in: whole.index)
        // Not the early index's filter: nothing is carried, and a refresh searches everything.
        filter.carry(from: early.index, to: whole.index, sharedFirstNotes: 20)
        filter.refresh(in: NoteIndex(database: Self.database(all)))
        #expect(!filter.isCounting)
        #expect(filter.matches == Self.wholeMatches("milk", .all, whole.index))
    }
}
