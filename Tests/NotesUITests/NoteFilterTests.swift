import Foundation
import Testing
import NotesModel
import NotesUI

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
        let database = NotesDatabase(notes: [
            Note(title: "ÉCOLE", created: UIFixtures.now), Note(title: "Straße", created: UIFixtures.now),
            Note(id: UIFixtures.uuid(30), title: "Größe Ærø", body: "Приве́т ΣΟΦΊΑ 日本語のメモ", created: UIFixtures.now),
        ])
        let index = NoteIndex(database: database)
        var filter = NoteFilter()
        filter.set(query: "éco", categoryID: nil, in: index)
        #expect(filter.count(in: index) == 1)
        filter.set(query: "STRAẞE", categoryID: nil, in: index)
        #expect(filter.count(in: index) == 1)
        let mixed = index.position(of: UIFixtures.uuid(30)).map { [Int32($0)] }
        for query in ["GRÖßE", "größe ærø", "ПРИВЕ́Т", "σοφία", "日本語", "E ÆR"] {
            filter.set(query: query, categoryID: nil, in: index)
            #expect(filter.matches == mixed, "query \(query)")
        }
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

@Suite struct FilterAgreesWithANaiveSearchTests {
    /// A small deterministic generator, so the test is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func everyQueryAndEveryPrefixFindsExactlyTheNotesThatContainIt() {
        var random = Generator(state: 7)
        let alphabet = Array("abAB ")
        func text(_ length: Int) -> String { String((0..<length).map { _ in alphabet[random.next(alphabet.count)] }) }
        let notes = (0..<120).map { number in
            Note(title: text(1 + random.next(6)), body: text(random.next(30)),
                 created: Date(timeIntervalSince1970: Double(number)), tags: random.next(3) == 0 ? ["ab"] : [])
        }
        let index = NoteIndex(database: NotesDatabase(notes: notes))
        for _ in 0..<60 {
            let query = text(1 + random.next(5))
            var filter = NoteFilter()
            var typed = ""
            for character in query {
                typed.append(character)
                filter.set(query: typed, categoryID: nil, in: index)
                // Every word of the query, somewhere in one of the note's fields.
                let words = typed.lowercased().split(separator: " ")
                let expected = (0..<index.count).filter { position in
                    let note = index.note(at: position)
                    let fields = [note.title, note.body] + Array(note.tags)
                    return words.allSatisfy { word in fields.contains { $0.lowercased().contains(word) } }
                }
                #expect((0..<filter.count(in: index)).map { filter.position(ofRow: $0) } == expected, "query '\(typed)'")
            }
        }
    }
}

@Suite struct ParallelSearchTests {
    @Test func aLargeSearchSplitBetweenThreadsFindsTheSameNotesInOrder() {
        let words = ["red", "green", "blue", "cyan", "magenta"]
        let notes = (0..<20_000).map { number in
            Note(title: "\(words[number % 5]) \(number)", body: number % 7 == 0 ? "lucky seven" : "",
                 created: Date(timeIntervalSince1970: Double(number)))
        }
        let index = NoteIndex(database: NotesDatabase(notes: notes))
        #expect(index.count >= NoteIndex.parallelThreshold)
        func naive(_ query: String) -> [Int32] {
            (0..<index.count).filter { position in
                let note = index.note(at: position)
                return query.split(separator: " ").allSatisfy { note.title.lowercased().contains($0) || note.body.contains($0) }
            }.map { Int32($0) }
        }
        var filter = NoteFilter()
        for query in ["e", "en", "een", "green", "green 1", "green 13", "lucky"] {
            filter.set(query: query, categoryID: nil, in: index)
            #expect(filter.matches == naive(query), "query '\(query)'")
        }
    }
}

@Suite struct SearchTextCaseTests {
    /// Every character of these blocks: the index's shortcut for "has no case" must agree
    /// with `lowercased()` on each.
    @Test func theIndexLowercasesLikeTheStandardLibraryAcrossScripts() {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x2000...0x2C7F, 0x3040...0x30FF,
                                             0x4E00...0x4E40, 0xAC00...0xAC40, 0x1F300...0x1F340]
        var titles: [String] = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                      !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control,
                      scalar.properties.generalCategory != .format, scalar.properties.generalCategory != .surrogate
                else { continue }
                titles.append("x" + String(Character(scalar)) + "x")
            }
        }
        let notes = titles.enumerated().map { Note(title: $1, created: Date(timeIntervalSince1970: Double($0))) }
        let index = NoteIndex(database: NotesDatabase(notes: notes))
        var mismatches: [String] = []
        for position in 0..<index.count {
            let title = index.note(at: position).title
            var filter = NoteFilter()
            filter.set(query: title, categoryID: nil, in: index)
            if filter.matches?.contains(Int32(position)) != true { mismatches.append(title) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}

@Suite struct SearchScanTests {
    /// The scan compares 16 places at a time: a pattern is found at every offset around
    /// and across those blocks, at its first occurrence, and a near miss is not a match.
    @Test func aPatternIsFoundAtEveryOffsetAndNearMissesAreNot() {
        for needle in ["ab", "zq", "xyz", "qrs t", "日本"] {
            let bytes = Array(needle.utf8)
            var nearMiss = bytes
            nearMiss[nearMiss.count - 1] ^= 0x01
            for offset in 0..<50 {
                let filler = String(repeating: "-", count: offset)
                let body = filler + String(decoding: nearMiss, as: UTF8.self) + needle + "--" + needle + String(repeating: "-", count: 20)
                let index = NoteIndex(database: NotesDatabase(notes: [Note(title: "t", body: body)]))
                let found = index.search(bytes, among: nil)
                // The search text is "t\n" + body: the first match is after the near miss.
                #expect(found.positions == [0], "\(needle) at \(offset)")
                #expect(found.firstHits == [Int32(2 + offset + nearMiss.count)], "\(needle) at \(offset)")

                let missing = NoteIndex(database: NotesDatabase(notes: [Note(title: "t", body: filler + String(decoding: nearMiss, as: UTF8.self) + filler)]))
                #expect(missing.search(bytes, among: nil).positions.isEmpty, "near miss of \(needle) at \(offset)")
            }
        }
    }
}
