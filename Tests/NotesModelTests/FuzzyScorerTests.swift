import Testing
import NotesModel
import NotesTestData

/// Quick open scores titles with `FuzzyScorer` and passes over titles by `FuzzyBound`:
/// the scorer must give `FuzzyMatcher`'s very score, and the bound must never be below it.
@Suite struct FuzzyScorerTests {
    /// Short pieces with repeats, blanks and delimiters, so alignments have many choices.
    static let pieces = ["a", "b", "ab", "ba", "aa", " ", "-", "/", ".", "x", "gar", "den", "é", "日", "(", "1"]

    static func texts(_ count: Int, seed: UInt64, pieces maximum: Int) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in (0..<random.int(0...maximum)).map { _ in random.pick(pieces) }.joined() }
    }

    func reference(_ query: String, _ text: [UInt8]) -> Int? {
        var matcher = FuzzyMatcher(query: query)
        return text.withUnsafeBufferPointer { matcher.score($0) }
    }

    @Test func theScorerGivesTheMatchersScore() {
        let texts = Self.texts(400, seed: 5, pieces: 12).map(SearchFolding.fold)
        for query in Self.texts(60, seed: 9, pieces: 4) + ["a b", "aaa", "gd", "ba-", "x x x"] {
            let scorer = FuzzyScorer(query: FuzzyMatcher(query: query).query)
            for text in texts {
                let score = text.withUnsafeBufferPointer { scorer.score($0) }
                #expect(score == reference(query, text), "\(query) in \(text)")
                // From the first column holding the query's first byte, as quick open calls it.
                let first = scorer.query.first.flatMap { byte in text.withUnsafeBufferPointer { FuzzyScorer.firstColumn(holding: byte, in: $0) } }
                if let first { #expect(text.withUnsafeBufferPointer { scorer.score($0, from: first) } == score) }
            }
        }
    }

    @Test func theBoundIsNeverBelowTheScore() {
        let texts = Self.texts(400, seed: 13, pieces: 12).map(SearchFolding.fold)
        for query in Self.texts(60, seed: 17, pieces: 4) + ["a b", "aaa", "gd", "-a"] {
            let bound = FuzzyBound(query: FuzzyMatcher(query: query).query)
            for text in texts {
                guard let score = reference(query, text) else { continue }
                #expect(bound.maximum(TitleSummary(of: text)) >= score, "\(query) in \(text)")
            }
        }
    }

    @Test func theBoundPassesOverTitlesWithoutWordStartsOrPairs() {
        let bound = FuzzyBound(query: SearchFolding.fold("gp"))
        let starts = bound.maximum(TitleSummary(of: SearchFolding.fold("garden plan")))
        let inside = bound.maximum(TitleSummary(of: SearchFolding.fold("bagxyp")))
        #expect(inside < starts)
        #expect(inside == 2 * FuzzyMatcher.scoreMatch + FuzzyMatcher.gapStart)
    }

    @Test func anEmptyQueryScoresZeroAndAMissingByteNil() {
        let empty = FuzzyScorer(query: [])
        let missing = FuzzyScorer(query: SearchFolding.fold("zq"))
        let text = SearchFolding.fold("garden")
        #expect(text.withUnsafeBufferPointer { empty.score($0) } == 0)
        #expect(text.withUnsafeBufferPointer { missing.score($0) } == nil)
    }
}
