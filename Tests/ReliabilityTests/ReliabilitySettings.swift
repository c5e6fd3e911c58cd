import Foundation

/// Counts and seeds of the reliability tests. The defaults keep `swift test`
/// short; the environment raises them for long runs (docs/reliability.md).
enum ReliabilitySettings {
    /// `NOTES_STRESS_KILLS`: how many times the committing child is killed.
    static var kills: Int { number("NOTES_STRESS_KILLS", default: 300) }
    /// `NOTES_FUZZ_CASES`: mutated stores (snapshots and journals); archives get the same number.
    static var fuzzCases: Int { number("NOTES_FUZZ_CASES", default: 4_000) }
    /// `NOTES_STRESS_ROUNDS`: rounds of the two-process tests.
    static var twoProcessRounds: Int { number("NOTES_STRESS_ROUNDS", default: 6) }
    /// `NOTES_STRESS_SEED`: the first seed; each round or case adds its number.
    static var seed: UInt64 { UInt64(number("NOTES_STRESS_SEED", default: 20_260_501)) }

    private static func number(_ name: String, default fallback: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name], let value = Int(text), value >= 0 else { return fallback }
        return value
    }
}
