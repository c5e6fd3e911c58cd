import Testing
import NotesModel
import NotesTestData

@Suite struct TitleMaskTests {
    func mayMatch(_ query: String, _ title: String) -> Bool {
        TitleMask.mayMatch(TitleMask.of(SearchFolding.fold(title)), TitleMask.of(SearchFolding.fold(query)))
    }

    @Test func aTitleHoldingTheQueryLettersPasses() {
        #expect(mayMatch("grdn", "Garden plan"))
        #expect(mayMatch("GRDN", "garden"))
        #expect(mayMatch("ndrg", "Garden"))  // the mask knows no order: the matcher decides
        #expect(mayMatch("24", "Report 2024"))
    }

    @Test func aTitleMissingAQueryCharacterIsRejected() {
        #expect(!mayMatch("grdx", "Garden plan"))
        #expect(!mayMatch("7", "Report 2024"))
        #expect(!mayMatch("a b", "ab"))  // the space is a byte of the query too
        #expect(!mayMatch("e", ""))
    }

    @Test func accentsAndCaseAreFoldedBeforeTheMask() {
        #expect(TitleMask.of(SearchFolding.fold("Café Crème")) == TitleMask.of(SearchFolding.fold("cafe creme")))
        #expect(mayMatch("CAFE", "café"))
        #expect(mayMatch("café", "Cafe"))
        #expect(!mayMatch("cafes", "Café"))
    }

    @Test func lettersAndDigitsHaveABitEach() {
        let bits = (Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)).map(TitleMask.bit)
        #expect(Set(bits).count == 36)
        #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
    }

    /// The pre-filter never rejects a title the matcher would match.
    @Test func neverRejectsATitleTheMatcherMatches() {
        var random = SeededRandom(seed: 36)
        let pieces = ["a", "é", "Ø", "b", "1", " ", "-", "日", "本", "ß", "Z", "x"]
        for _ in 0..<2_000 {
            let title = (0..<random.int(0...12)).map { _ in random.pick(pieces) }.joined()
            let query = (0..<random.int(1...3)).map { _ in random.pick(pieces) }.joined()
            var matcher = FuzzyMatcher(query: query)
            let folded = SearchFolding.fold(title)
            let matches = folded.withUnsafeBufferPointer { matcher.score($0) } != nil
            #expect(!matches || TitleMask.mayMatch(TitleMask.of(folded), TitleMask.of(matcher.query)), "\(query) in \(title)")
        }
    }
}
