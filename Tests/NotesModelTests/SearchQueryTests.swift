import Foundation
import Testing
import NotesModel

/// How a typed query reads, and which parts of a text it highlights.
@Suite struct SearchQueryTests {
    @Test func wordsPhrasesTagsAndCategories() {
        let query = SearchQuery(#"  cafe "a phrase"  #food @work @"Home Office" naïve"#)
        #expect(query.terms == [.text("cafe"), .text("a phrase"), .tag("food"), .category("work"),
                                .category("Home Office"), .text("naïve")])
        #expect(query.patterns[2] == [SearchableNote.tagMarker] + Array("food".utf8))
        #expect(query.patterns[4] == [SearchableNote.categoryMarker] + Array("home office".utf8))
        #expect(query.textPatterns == [Array("cafe".utf8), Array("a phrase".utf8), Array("naive".utf8)])
    }

    @Test func halfTypedQueriesAskForWhatIsThere() {
        #expect(SearchQuery(#""unclosed phr"#).terms == [.text("unclosed phr")])
        #expect(SearchQuery("   ").isEmpty)
        #expect(SearchQuery("c# swift").terms == [.text("c#"), .text("swift")])
        #expect(SearchQuery("\u{301}").isEmpty)
        #expect(SearchQuery(#""""#).isEmpty)
        // `-` alone, or before a space, is an exclusion not typed yet: ignored.
        #expect(SearchQuery("-").isEmpty)
        #expect(SearchQuery("cafe - ").terms == [.text("cafe")])
        #expect(SearchQuery("cafe - ").excludedTerms.isEmpty)
        #expect(SearchQuery(#"-"""#).isEmpty)
    }

    @Test func aLoneMarkerIsAnyTagOrAnyCategory() {
        // `#` is a tag starting with nothing: any tag; `@` any category. Not "everything".
        #expect(SearchQuery("#").terms == [.tag("")])
        #expect(SearchQuery("#").patterns == [[SearchableNote.tagMarker]])
        #expect(SearchQuery("@").terms == [.category("")])
        #expect(SearchQuery(#"@""#).terms == [.category("")])
        #expect(SearchQuery("# food").terms == [.tag(""), .text("food")])
        #expect(SearchQuery("-#").excludedTerms == [.tag("")])
        #expect(!SearchQuery("#").isEmpty)
    }

    @Test func aDashLeavesOutWhatFollows() {
        let query = SearchQuery(#"garden -weeds -"old plan" -#done -@work well-known --x"#)
        #expect(query.terms == [.text("garden"), .text("well-known")])
        #expect(query.excludedTerms == [.text("weeds"), .text("old plan"), .tag("done"), .category("work"), .text("-x")])
        #expect(query.textPatterns == [Array("garden".utf8), Array("well-known".utf8)])
        #expect(SearchQuery(#""-5""#).terms == [.text("-5")])  // quoted: a word starting with `-`
    }

    @Test func exclusionsAndLoneMarkersDecideWhichNotesMatch() {
        let work = UUID()
        let tagged = Note(title: "Garden plan", body: "weeds and roses", categoryID: work, tags: ["done", "garden"])
        let plain = Note(title: "Garden diary", body: "roses only")
        func finds(_ query: String, _ note: Note) -> Bool {
            SearchableNote.text(of: note, categoryName: note.categoryID == nil ? nil : "Work")
                .withUnsafeBufferPointer { SearchQuery(query).isFound(in: $0) }
        }
        #expect(finds("garden", tagged) && finds("garden", plain))
        #expect(!finds("garden -weeds", tagged) && finds("garden -weeds", plain))
        #expect(!finds("-#done", tagged) && finds("-#done", plain))
        #expect(!finds("-#do", tagged))                     // a tag starting with it
        #expect(finds("-#one", tagged))                     // not a tag containing it
        #expect(finds("#", tagged) && !finds("#", plain))   // any tag
        #expect(!finds("-#", tagged) && finds("-#", plain)) // no tags
        #expect(finds("@", tagged) && !finds("@", plain))   // in a category
        #expect(!finds("-@", tagged) && finds("-@", plain)) // in none
        #expect(!finds("-@wo", tagged) && finds("-@wo", plain))
        #expect(finds("-", tagged) && finds("-", plain))    // not typed yet
        #expect(!finds(#"-"and roses""#, tagged) && finds(#"-"and roses""#, plain))
    }

    @Test func aNoteMatchesWhenItHoldsEveryTermInAnyField() {
        let food = UUID()
        let note = Note(title: "Crème brûlée", body: "Whisk the eggs.\nBake at 150°C", categoryID: food,
                        tags: ["dessert", "food"])
        let text = SearchableNote.text(of: note, categoryName: "Home Office")
        func finds(_ query: String) -> Bool { text.withUnsafeBufferPointer { SearchQuery(query).isFound(in: $0) } }

        #expect(finds("creme"))
        #expect(finds("BAKE creme"))
        #expect(finds(#""eggs. bake""#))          // a line break folds to a space
        #expect(!finds(#""bake eggs""#))
        #expect(finds("#food") && finds("#fo") && finds("#dess"))
        #expect(!finds("#brulee"))                 // words of the title are not tags
        #expect(finds("@home") && finds(#"@"home office""#))
        #expect(!finds("@office"))                 // a category name is matched from its start
        #expect(finds("office"))                   // but a plain word is found in it
        #expect(!finds("creme zzz"))
        #expect(!finds(#""brulee whisk""#))     // a phrase never runs from the title into the body
    }

    @Test(arguments: [
        ("Crème brûlée", ["creme"], [0..<5]),
        ("Jose\u{301} and José", ["jose"], [0..<4, 9..<13]),
        ("Straße", ["ss"], [4..<5]),
        ("ﬁne ﬁsh", ["fi"], [0..<1, 4..<5]),
        ("garden gardens", ["garden", "ns"], [0..<6, 7..<14]),
        ("東京 garden 行き", ["京 g"], [1..<4]),
        ("no match", ["zzz"], []),
    ] as [(String, [String], [Range<Int>])])
    func highlightsCoverTheMatchedCharacters(_ text: String, _ words: [String], _ expected: [Range<Int>]) {
        #expect(SearchHighlight.characterRanges(in: text, patterns: words.map(SearchFolding.fold)) == expected)
    }

    @Test func segmentsCutTheTextAtTheMatches() {
        let segments = SearchHighlight.segments(of: "Café crème", patterns: [SearchFolding.fold("creme")])
        #expect(segments.map { String($0.text) } == ["Café ", "crème"])
        #expect(segments.map(\.isMatch) == [false, true])
    }
}
