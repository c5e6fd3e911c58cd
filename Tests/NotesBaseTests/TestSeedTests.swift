import NotesTestBasics
import Testing

/// The randomized tests' one seed: given, it replays a run; not given (or not a number),
/// each run draws a new one.
@Suite struct TestSeedTests {
    @Test func theVariableReplaysARun() {
        let environment = [TestSeed.variable: "1234567890123"]
        #expect(TestSeed.seed(for: "replay", environment: environment) == 1_234_567_890_123)
        #expect(TestSeed.seed(for: "replay", environment: [TestSeed.variable: "18446744073709551615"]) == UInt64.max)
    }

    @Test func withoutTheVariableEachRunDrawsANewSeed() {
        let seeds = (0..<4).map { _ in TestSeed.seed(for: "fresh", environment: [:]) }
        #expect(Set(seeds).count == 4, "four draws from 2^64 seeds repeated one: \(seeds)")
    }

    @Test func aSeedThatIsNotANumberIsIgnored() {
        let seeds = (0..<4).map { _ in TestSeed.seed(for: "bad", environment: [TestSeed.variable: "12x"]) }
        #expect(Set(seeds).count == 4, "a bad value must not pin the seed: \(seeds)")
    }
}
