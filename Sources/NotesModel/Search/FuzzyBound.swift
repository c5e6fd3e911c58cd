/// An upper bound of `FuzzyMatcher`'s score of a query in any title with a given
/// `TitleSummary`, from the matcher's own rules: each query byte scores `scoreMatch`; the
/// first adds twice the largest bonus where the title has a bonus for that byte, none
/// where it has not; each later byte adds at most the largest bonus (at least
/// `bonusConsecutive`) when it can follow the previous byte directly (their pair is
/// present; only `bonusConsecutive` when both are word bytes, as a word byte right after
/// another gets no bonus), and at most its bonus plus `gapStart` when a gap must come
/// before it. For the first two bytes, when both are word bytes and the title's word
/// starts are known, a match at two word starts pays for the gap between them.
public struct FuzzyBound: Sendable {
    // Read by the inlinable bounds below, which quick open's loops inline from another module.
    @usableFromInline let query: [UInt8]
    @usableFromInline let bits: [UInt64]
    @usableFromInline let pairBits: [UInt64]
    /// Per query byte: it and the one before it are both word bytes.
    @usableFromInline let inWord: [Bool]

    /// The bound for the folded `query` (as `FuzzyMatcher.query` holds it).
    public init(query: [UInt8]) {
        self.query = query
        bits = query.map(TitleMask.bit)
        pairBits = query.indices.map { $0 == 0 ? 0 : TitleSummary.pairBit(query[$0 - 1], query[$0]) }
        inWord = query.indices.map { $0 > 0 && FuzzyMatcher.isWordByte(query[$0 - 1]) && FuzzyMatcher.isWordByte(query[$0]) }
    }

    /// No score of the query in a title summarised by `summary` is above this.
    @inlinable @inline(__always)
    public func maximum(_ summary: TitleSummary) -> Int {
        maximum(boundaries: summary.boundaries, pairs: summary.pairs) { (summary.wordBytes, summary.wordOffsets, summary.wordSeconds) }
    }

    /// `maximum(_:)` from the parts of a summary it reads; `words` (the summary's
    /// `wordBytes`, `wordOffsets` and `wordSeconds`) is called only for a query of two bytes or more whose
    /// first byte has a bonus in the title, so that a caller holding the summaries a field
    /// per array reads the word starts of those titles only.
    @inlinable @inline(__always)
    public func maximum(boundaries: UInt64, pairs: UInt64, words: () -> (bytes: UInt64, offsets: UInt64, seconds: UInt64)) -> Int {
        switch bits.count {
        case 0: return 0
        case 1: return firstByte(boundaries: boundaries)
        default: return firstTwo(boundaries: boundaries, pairs: pairs, words: words) + extending(boundaries: boundaries, pairs: pairs, from: 2)
        }
    }

    /// The most the query's bytes from `start` on (at least the second) add to a score
    /// of the bytes before them: a title scoring at most `s` for the query's first
    /// `start` bytes scores at most `s + extending(summary, from: start)` for the query.
    @inlinable @inline(__always)
    public func extending(_ summary: TitleSummary, from start: Int) -> Int {
        extending(boundaries: summary.boundaries, pairs: summary.pairs, from: start)
    }

    /// `extending(_:from:)` from the only parts of the summary it reads: its `boundaries`
    /// and its `pairs`.
    @inlinable @inline(__always)
    public func extending(boundaries: UInt64, pairs: UInt64, from start: Int) -> Int {
        var total = 0
        var index = max(start, 1)
        while index < bits.count {
            total += later(index, boundaries: boundaries, pairs: pairs)
            index += 1
        }
        return total
    }

    /// What the query's first byte scores at most: a one-byte query's whole bound, which
    /// reads the title's `boundaries` alone.
    @inlinable @inline(__always)
    public func firstByte(boundaries: UInt64) -> Int {
        let bonus = boundaries & bits[0] != 0 ? FuzzyMatcher.bonusBoundaryWhite * FuzzyMatcher.firstByteMultiplier : 0
        return FuzzyMatcher.scoreMatch + bonus
    }

    /// The most query byte `index` (not the first) adds.
    @inlinable @inline(__always)
    func later(_ index: Int, boundaries: UInt64, pairs: UInt64) -> Int {
        let bonus = boundaries & bits[index] != 0 ? FuzzyMatcher.bonusBoundaryWhite : 0
        let afterGap = bonus + FuzzyMatcher.gapStart
        guard pairs & pairBits[index] != 0 else { return FuzzyMatcher.scoreMatch + afterGap }
        let adjacent = inWord[index] ? FuzzyMatcher.bonusConsecutive : max(bonus, FuzzyMatcher.bonusConsecutive)
        return FuzzyMatcher.scoreMatch + max(adjacent, afterGap)
    }

    /// The most the first two bytes score. Where both are word bytes and every word start
    /// of the title is known: the first inside a word (no bonus), or at a word's start
    /// followed by the second inside a word (right after it or after a gap), or at a later
    /// word's start, the gap between the two starts paid for.
    @inlinable @inline(__always)
    func firstTwo(boundaries: UInt64, pairs: UInt64, words: () -> (bytes: UInt64, offsets: UInt64, seconds: UInt64)) -> Int {
        let loose = firstByte(boundaries: boundaries) + later(1, boundaries: boundaries, pairs: pairs)
        guard inWord[1], boundaries & bits[0] != 0 else { return loose }
        let (wordBytes, wordOffsets, wordSeconds) = words()
        guard wordOffsets != TitleSummary.unknownWords else { return loose }
        let match = FuzzyMatcher.scoreMatch
        let started = match + FuzzyMatcher.bonusBoundaryWhite * FuzzyMatcher.firstByteMultiplier
        var best = match + later(1, boundaries: boundaries, pairs: pairs)
        // Side by side only where a word starting with the first byte has the second next.
        let firsts = Self.words(startingWith: query[0], wordBytes, wordOffsets)
        let adjacent = firsts & Self.words(startingWith: query[1], wordSeconds, wordOffsets) != 0
        let inside = adjacent ? FuzzyMatcher.bonusConsecutive : FuzzyMatcher.gapStart
        best = max(best, started + match + inside)
        best = max(best, wordToWord(firsts, wordBytes, wordOffsets, started: started))
        return min(best, loose)
    }

    /// The best score of the first query byte at a word's start and the second at a
    /// later word's start (`Int.min` when the title has no such words): for each word
    /// starting with the second byte, the nearest word before it starting with the first
    /// (`firsts`: the words starting with the first byte, as `words(startingWith:)` gives them).
    @inlinable
    func wordToWord(_ firsts: UInt64, _ wordBytes: UInt64, _ wordOffsets: UInt64, started: Int) -> Int {
        var seconds = Self.words(startingWith: query[1], wordBytes, wordOffsets)
        var best = Int.min
        while seconds != 0 {
            let to = seconds.trailingZeroBitCount / 8
            seconds &= seconds - 1
            let before = firsts & ((1 << UInt64(8 * to)) - 1)
            guard before != 0 else { continue }
            let from = (63 - before.leadingZeroBitCount) / 8
            let start = Int(Self.byte(wordOffsets, from)), next = Int(Self.byte(wordOffsets, to))
            // A gap from column p to column c costs gapStart + gapExtension × (c − 2 − p).
            let gap = FuzzyMatcher.gapStart + FuzzyMatcher.gapExtension * (next - 2 - start)
            best = max(best, started + FuzzyMatcher.scoreMatch + FuzzyMatcher.bonusBoundaryWhite + gap)
        }
        return best
    }

    /// The kept words (a summary's `wordBytes` and `wordOffsets`) that start with `byte`:
    /// bit 7 of byte `k` set for word `k`.
    @inlinable @inline(__always)
    static func words(startingWith byte: UInt8, _ wordBytes: UInt64, _ wordOffsets: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let differ = wordBytes ^ (UInt64(byte) &* ones)
        let same = ~(((differ & low) &+ low) | differ | low)
        let present = ~wordOffsets  // zero where there is no word (`noWord`)
        return same & (((present & low) &+ low) | present) & ~low
    }

    @inlinable @inline(__always)
    static func byte(_ packed: UInt64, _ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: packed >> UInt64(8 * index))
    }
}
