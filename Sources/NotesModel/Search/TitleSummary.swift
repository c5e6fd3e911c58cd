/// What quick open knows of a folded title without reading it, 32 bytes a title: which
/// bytes it holds (`TitleMask`), which of them stand where `FuzzyMatcher` gives a bonus
/// (a word's start, a blank, punctuation), which byte pairs it holds (a 64-bit Bloom
/// filter: a pair whose bit is clear is surely absent), and its length. `FuzzyBound` turns these into an
/// upper bound of the title's score, so that most titles are passed over unscored.
public struct TitleSummary: Equatable, Sendable {
    /// `TitleMask` of the title's bytes.
    public var bytes: UInt64
    /// `TitleMask` of the bytes at a place `FuzzyMatcher.bonus` gives a bonus.
    public var boundaries: UInt64
    /// One bit per byte pair present (`pairBit`).
    public var pairs: UInt64
    /// The folded title's length in bytes (at most `UInt32.max`).
    public var length: UInt32

    public static let empty = TitleSummary(bytes: 0, boundaries: 0, pairs: 0, length: 0)

    public init(bytes: UInt64, boundaries: UInt64, pairs: UInt64, length: UInt32) {
        self.bytes = bytes
        self.boundaries = boundaries
        self.pairs = pairs
        self.length = length
    }

    /// The summary of a folded title.
    public init(_ title: UnsafeBufferPointer<UInt8>) {
        var bytes: UInt64 = 0, boundaries: UInt64 = 0, pairs: UInt64 = 0
        var before: UInt8 = 0
        for index in title.indices {
            let byte = title[index]
            let bit = TitleMask.bit(byte)
            bytes |= bit
            if FuzzyMatcher.bonus(title, index) > 0 { boundaries |= bit }
            if index > 0 { pairs |= Self.pairBit(before, byte) }
            before = byte
        }
        self.init(bytes: bytes, boundaries: boundaries, pairs: pairs, length: UInt32(clamping: title.count))
    }

    /// The summary of a folded title held in an array or a slice of one.
    public init<Bytes: Collection<UInt8>>(of title: Bytes) {
        let copy = Array(title)
        self = copy.withUnsafeBufferPointer { TitleSummary($0) }
    }

    /// The bit of the byte pair `first`, `second`.
    @inline(__always)
    public static func pairBit(_ first: UInt8, _ second: UInt8) -> UInt64 {
        let hash = (UInt32(first) &* 0x9E37_79B1) ^ (UInt32(second) &* 0x85EB_CA77)
        return 1 << UInt64(hash >> 26)
    }
}

/// An upper bound of `FuzzyMatcher`'s score of a query in any title with a given
/// `TitleSummary`, from the matcher's own rules: each query byte scores `scoreMatch`; the
/// first adds twice the largest bonus where the title has a bonus for that byte, none
/// where it has not; each later byte adds at most the largest bonus (at least
/// `bonusConsecutive`) when it can follow the previous byte directly (their pair is
/// present), and at most its bonus plus `gapStart` when a gap must come before it.
public struct FuzzyBound: Sendable {
    private let bits: [UInt64]
    private let pairBits: [UInt64]

    /// The bound for the folded `query` (as `FuzzyMatcher.query` holds it).
    public init(query: [UInt8]) {
        bits = query.map(TitleMask.bit)
        pairBits = query.indices.map { $0 == 0 ? 0 : TitleSummary.pairBit(query[$0 - 1], query[$0]) }
    }

    /// No score of the query in a title summarised by `summary` is above this.
    @inline(__always)
    public func maximum(_ summary: TitleSummary) -> Int {
        guard let first = bits.first else { return 0 }
        let bonus = FuzzyMatcher.bonusBoundaryWhite
        var total = FuzzyMatcher.scoreMatch * bits.count
        if summary.boundaries & first != 0 { total += bonus * FuzzyMatcher.firstByteMultiplier }
        var index = 1
        while index < bits.count {
            let boundary = summary.boundaries & bits[index] != 0 ? bonus : 0
            if summary.pairs & pairBits[index] != 0 {
                total += max(boundary, FuzzyMatcher.bonusConsecutive)
            } else {
                total += boundary + FuzzyMatcher.gapStart
            }
            index += 1
        }
        return total
    }
}
