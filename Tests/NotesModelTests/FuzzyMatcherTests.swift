import Testing
import NotesModel

@Suite struct FuzzyMatcherTests {
    func score(_ query: String, _ title: String) -> Int? {
        var matcher = FuzzyMatcher(query: query)
        let text = SearchFolding.fold(title)
        return text.withUnsafeBufferPointer { matcher.score($0) }
    }

    @Test func allQueryCharactersInOrderMatchFoldedTitles() {
        #expect(score("grdn", "Garden") != nil)
        #expect(score("GRDN", "garden plan") != nil)
        #expect(score("cafe", "Café notes") != nil)
        #expect(score("ndrg", "Garden") == nil)  // out of order
        #expect(score("gardens", "Garden") == nil)
    }

    @Test func wordStartsBeatScatteredMatches() throws {
        let starts = try #require(score("gp", "garden plan"))
        let scattered = try #require(score("gp", "grape jam"))
        #expect(starts > scattered)
    }

    @Test func consecutiveMatchesBeatGaps() throws {
        let together = try #require(score("gar", "a garage"))
        let apart = try #require(score("gar", "a great year"))
        #expect(together > apart)
    }

    @Test func theBestAlignmentIsFoundNotTheFirst() {
        // The first "g" and "p" are scattered; a later "gp" pair starts two words.
        var matcher = FuzzyMatcher(query: "gp")
        #expect(matcher.positions(in: SearchFolding.fold("big top, green plan")) == [9, 15])
    }

    @Test func matchedCharactersAreRangesOfTheTitle() {
        var matcher = FuzzyMatcher(query: "grdn")
        #expect(matcher.matchedCharacters(in: "Gärden") == [0..<1, 2..<4, 5..<6])
        var none = FuzzyMatcher(query: "xyz")
        #expect(none.matchedCharacters(in: "Garden") == [])
    }
}
