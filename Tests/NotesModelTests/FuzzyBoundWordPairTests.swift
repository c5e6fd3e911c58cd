import Testing
import NotesModel

/// The first two query bytes right after each other at a word's start: the summary keeps
/// the low 4 bits of each known word's second byte, so that a title holding the pair only
/// inside a word is bounded as a title whose second byte must come after a gap.
@Suite struct FuzzyBoundWordPairTests {
    static func score(_ query: [UInt8], _ text: [UInt8]) -> Int? {
        var scorer = FuzzyScorer(query: query)
        return text.withUnsafeBufferPointer { scorer.score($0) }
    }

    /// `mt` in "amt month": `m` starts "month" but `t` does not follow it there; the pair
    /// `mt` is inside "amt". The bound is the match at "month" with a gap (49), not 56.
    @Test func aPairInsideAWordDoesNotCountAtAWordsStart() {
        let query = SearchFolding.fold("mt")
        let text = SearchFolding.fold("amt month")
        #expect(FuzzyBound(query: query).maximum(TitleSummary(of: text)) == 49)
        #expect(Self.score(query, text) == 48)
    }

    /// A word starting with both bytes keeps the bound of the two right after each other.
    @Test func aWordStartingWithThePairKeepsTheConsecutiveBound() {
        let query = SearchFolding.fold("ca")
        let text = SearchFolding.fold("my café")
        #expect(FuzzyBound(query: query).maximum(TitleSummary(of: text)) == 56)
        #expect(Self.score(query, text) == 56)
    }

    @Test func theSummaryKeepsEachWordsSecondByte() {
        let summary = TitleSummary(of: SearchFolding.fold("Garden plan, 2nd-d"))
        let seconds = (0..<5).map { UInt8(truncatingIfNeeded: summary.wordSeconds >> UInt32(4 * $0)) & 0x0F }
        #expect(seconds == [UInt8(ascii: "a") & 0x0F, UInt8(ascii: "l") & 0x0F, UInt8(ascii: "n") & 0x0F, 0, 0])
    }

    /// Another second byte with the same low 4 bits (`d`, `t`) may be the pair: never below the score.
    @Test func aSecondByteSharingItsLowBitsKeepsTheConsecutiveBound() {
        let query = SearchFolding.fold("mt")
        #expect(FuzzyBound(query: query).maximum(TitleSummary(of: SearchFolding.fold("amt mdx"))) == 56)
    }

    /// The second bytes fill the room `length` leaves: a summary stays 48 bytes.
    @Test func theSummaryStays48Bytes() {
        #expect(MemoryLayout<TitleSummary>.stride == 48)
    }
}
