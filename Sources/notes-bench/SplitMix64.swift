/// A small, fast, seeded pseudo-random generator (SplitMix64), so that every
/// run of the benchmark builds exactly the same store.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0). The tiny modulo bias does not matter here.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }

    /// A number in the closed range.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A number in 0...1.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
