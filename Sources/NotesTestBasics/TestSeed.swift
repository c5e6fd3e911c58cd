import Foundation

/// The seed of a test that draws random cases: `NOTES_PROPERTY_SEED` when it is set, so
/// that a failed run can be replayed, else a new one each run. Every such test takes its
/// seed here (never from the clock), and the seed is printed with the test's name before
/// the test draws anything, so that a failure's output always names it.
public enum TestSeed {
    /// The one environment variable that replays a run of the randomized tests.
    public static let variable = "NOTES_PROPERTY_SEED"

    /// The seed for `test`, printed as `<test>: seed N (NOTES_PROPERTY_SEED=N replays it)`.
    public static func seed(for test: String,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> UInt64 {
        let seed: UInt64
        if let text = environment[variable] {
            if let given = UInt64(text.trimmingCharacters(in: .whitespaces)) {
                seed = given
            } else {
                seed = UInt64.random(in: 0...UInt64.max)
                print("\(test): \(variable)=\(text) is not a number from 0 to \(UInt64.max); ignored")
            }
        } else {
            seed = UInt64.random(in: 0...UInt64.max)
        }
        print("\(test): seed \(seed) (\(variable)=\(seed) replays it)")
        return seed
    }
}
