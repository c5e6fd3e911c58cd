import Testing
import NotesModel
import NotesTestData

/// `FuzzyBound` on titles made of words: never below the score, also when a longer query
/// extends a bound or score of its start, and tight where two words' starts are known.
@Suite struct FuzzyBoundTests {
    static let words = ["month", "the", "to", "garden", "a", "gap", "Tomato", "日本", "x1", "mt"]
    static let separators = [" ", " ", " ", "-", "/", "", "  ", "(", ". "]

    /// `count` titles of 1 to 12 words, the same for the same seed.
    static func titles(_ count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let picked = (0..<random.int(1...12)).map { _ in random.pick(Self.words) + random.pick(Self.separators) }
            return SearchFolding.fold(picked.joined())
        }
    }

    static func score(_ query: [UInt8], _ text: [UInt8]) -> Int? {
        let scorer = FuzzyScorer(query: query)
        return text.withUnsafeBufferPointer { scorer.score($0) }
    }

    static let queries = ["mt", "mth", "gtm", "tt", "m t", "ga-", "日t", "x1m", "aaa", "g", "tomato", "gm"]

    @Test func theBoundIsNeverBelowTheScore() {
        for text in Self.titles(600, seed: 3) {
            let summary = TitleSummary(of: text)
            for query in Self.queries.map(SearchFolding.fold) {
                guard let score = Self.score(query, text) else { continue }
                #expect(FuzzyBound(query: query).maximum(summary) >= score, "\(query) in \(text)")
            }
        }
    }

    /// A longer query scores at most its start's score (or bound) plus `extending`.
    @Test func extendingABoundOrScoreOfTheStartIsNeverBelowTheScore() {
        for text in Self.titles(400, seed: 4) {
            let summary = TitleSummary(of: text)
            for query in Self.queries.map(SearchFolding.fold) where query.count > 1 {
                guard let score = Self.score(query, text) else { continue }
                let bound = FuzzyBound(query: query)
                for start in 1..<query.count {
                    let prefix = Array(query.prefix(start))
                    let startScore = Self.score(prefix, text) ?? Int.min / 2
                    let startBound = FuzzyBound(query: prefix).maximum(summary)
                    #expect(startScore + bound.extending(summary, from: start) >= score, "\(query) from \(start) in \(text)")
                    #expect(startBound + bound.extending(summary, from: start) >= score, "\(query) from \(start) in \(text)")
                }
            }
        }
    }

    /// `mt` in "month the": the second word starts 6 bytes after the first, which the
    /// bound pays for (55, the score), where the bytes alone would allow 59.
    @Test func twoWordStartsPayForTheGapBetweenThem() {
        let query = SearchFolding.fold("mt")
        let bound = FuzzyBound(query: query)
        let text = SearchFolding.fold("Month the")
        #expect(bound.maximum(TitleSummary(of: text)) == 55)
        #expect(Self.score(query, text) == 55)
        let many = SearchFolding.fold("month the a a a a a a a")
        #expect(bound.maximum(TitleSummary(of: many)) == 59, "more than 8 words: their starts are not all known")
    }

    /// `mt` in "Meeting amt": `m` starts a word and `m`, `t` stand side by side, but not
    /// where `m` starts a word: the bound is that of `t` after a gap (49), not 56; where a
    /// word starts `mt`, it is 56.
    @Test func sideBySideAtAWordStartIsKnownExactly() {
        let query = SearchFolding.fold("mt")
        let bound = FuzzyBound(query: query)
        let apart = SearchFolding.fold("Meeting amt")
        #expect(bound.maximum(TitleSummary(of: apart)) == 49)
        #expect(Self.score(query, apart).map { $0 <= 49 } ?? false)
        let together = SearchFolding.fold("Mtn amt")
        #expect(bound.maximum(TitleSummary(of: together)) == 56)
        #expect(Self.score(query, together) == 56)
        let summary = TitleSummary(of: SearchFolding.fold("Mtn a"))
        #expect((0..<3).map { UInt8(truncatingIfNeeded: summary.wordSeconds >> UInt64(8 * $0)) } == [UInt8(ascii: "t"), 0, 0])
    }

    @Test func theSummaryKeepsTheFirstWordsStarts() {
        let summary = TitleSummary(of: SearchFolding.fold("Garden plan, 2nd-draft"))
        let offsets = (0..<5).map { UInt8(truncatingIfNeeded: summary.wordOffsets >> UInt64(8 * $0)) }
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: summary.wordBytes >> UInt64(8 * $0)) }
        #expect(offsets == [0, 7, 13, 17, TitleSummary.noWord])
        #expect(bytes == Array("gp2d".utf8))
        #expect(TitleSummary(of: SearchFolding.fold("- -")).wordOffsets == TitleSummary.unknownWords)
    }
}
