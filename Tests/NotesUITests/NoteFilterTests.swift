import Foundation
import NotesCore
import NotesUI
import Testing

@Suite struct NoteFilterTests {
    let index = NoteIndex(database: UIFixtures.database)

    func titles(_ filter: NoteFilter) -> [String] {
        (0..<filter.count(in: index)).map { index.note(at: filter.position(ofRow: $0)).title }
    }

    func filtered(_ query: String, category: UUID? = nil) -> [String] {
        var filter = NoteFilter()
        filter.set(query: query, categoryID: category, in: index)
        return titles(filter)
    }

    @Test func notesAreOrderedNewestFirst() {
        #expect(index.notesInOrder().map(\.title) == ["Quarterly report", "Groceries", "Loose idea"])
        #expect(filtered("") == ["Quarterly report", "Groceries", "Loose idea"])
    }

    @Test func searchesTitlesBodiesTagsAndCategoryNamesIgnoringCase() {
        #expect(filtered("GROCER") == ["Groceries"])
        #expect(filtered("eggs") == ["Groceries"])
        #expect(filtered("shopping") == ["Groceries"])
        #expect(filtered("work") == ["Quarterly report"])
        #expect(filtered("e") == ["Quarterly report", "Groceries", "Loose idea"])
        #expect(filtered("nothing like this") == [])
    }

    @Test func aQueryDoesNotMatchAcrossNotesOrFields() {
        // "idea" ends one note's title and "a notes" starts its body; "ideaa" spans them.
        #expect(filtered("ideaa") == [])
        #expect(filtered("eaa") == [])
    }

    @Test func nonASCIITextIsFoundCaseInsensitively() {
        let database = NotesDatabase(notes: [Note(title: "ÉCOLE", created: UIFixtures.now), Note(title: "Straße", created: UIFixtures.now)])
        let index = NoteIndex(database: database)
        var filter = NoteFilter()
        filter.set(query: "éco", categoryID: nil, in: index)
        #expect(filter.count(in: index) == 1)
        filter.set(query: "STRASSE".lowercased() == "strasse" ? "straße" : "", categoryID: nil, in: index)
        #expect(filter.count(in: index) == 1)
    }

    @Test func aCategoryNarrowsTheList() {
        #expect(filtered("", category: UIFixtures.home.id) == ["Groceries"])
        #expect(filtered("report", category: UIFixtures.home.id) == [])
        #expect(filtered("e", category: UIFixtures.work.id) == ["Quarterly report"])
    }

    @Test func typingNarrowsIncrementallyWithTheSameResultAsAFreshSearch() {
        var notes: [Note] = []
        let words = ["alpha", "beta", "gamma", "delta", "alphabet", "Alpine", "bet"]
        for number in 0..<200 {
            notes.append(Note(title: words[number % words.count] + " \(number)", body: words[(number * 3) % words.count],
                              created: Date(timeIntervalSince1970: Double(number) * 60)))
        }
        let index = NoteIndex(database: NotesDatabase(notes: notes))
        var typed = NoteFilter()
        var query = ""
        for character in "alphab" {
            query.append(character)
            typed.set(query: query, categoryID: nil, in: index)
            var fresh = NoteFilter()
            fresh.set(query: query, categoryID: nil, in: index)
            #expect(typed.matches == fresh.matches, "query \(query)")
        }
        // Deleting characters widens the list again.
        typed.set(query: "al", categoryID: nil, in: index)
        var fresh = NoteFilter()
        fresh.set(query: "al", categoryID: nil, in: index)
        #expect(typed.matches == fresh.matches)
        #expect(typed.count(in: index) > 0)
    }

    @Test func refreshingForANewIndexRecomputesTheMatches() {
        var filter = NoteFilter()
        filter.set(query: "milk", categoryID: nil, in: index)
        var database = UIFixtures.database
        try? database.apply(.putNote(Note(title: "Milk run", created: UIFixtures.now)))
        let newIndex = NoteIndex(database: database)
        filter.refresh(in: newIndex)
        #expect(filter.count(in: newIndex) == 2)
    }
}

@Suite struct BackgroundSearchTextTests {
    @Test func aSearchWaitsForTheBackgroundBuildAndFindsTheSameNotes() {
        let index = NoteIndex(database: UIFixtures.database, searchText: .inBackground)
        // Drawing needs only the order, which is there at once.
        #expect(index.note(at: 0).id == UIFixtures.report.id)
        var filter = NoteFilter()
        filter.set(query: "eggs", categoryID: nil, in: index)
        #expect(index.isSearchable)
        #expect(filter.matches == [1])
    }

    @Test func anEmptyNeedleMatchesEveryCandidate() {
        let index = NoteIndex(database: UIFixtures.database)
        #expect(index.search([], among: nil).positions == [0, 1, 2])
        #expect(index.search([], among: [2]).positions == [2])
    }
}
