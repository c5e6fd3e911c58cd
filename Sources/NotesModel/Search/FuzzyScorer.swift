import Foundation

/// `FuzzyMatcher.score`, the same number, computed in one pass over the title that does
/// work only at the bytes the query holds: quick open's scorer of many titles.
///
/// The matcher's table has a cell per query byte and title byte; most cells are empty
/// (the title byte is not that query byte). Here each query byte (a row) keeps only its
/// last match and, for gaps, the best `score - gapExtension × column` of its earlier
/// matches: a gap from column `p` to column `c` costs `gapStart + gapExtension × (c - 2 - p)`,
/// linear in `p`, so the best gap into `c` follows from that one maximum. Rows matching the
/// same byte are updated last row first, so each reads the previous row as it was before
/// this byte. The tests check it against `FuzzyMatcher` on many random texts.
public struct FuzzyScorer: Sendable {
    /// The folded query (`FuzzyMatcher.query`).
    public let query: [UInt8]
    /// Per byte value, the rows (query offsets) holding it, a bit each.
    private let rowsOf: [UInt64]
    /// Per byte value, its `FuzzyMatcher.ByteClass` (`classNumber`), so that a match's bonus is
    /// two loads (`bonuses`) instead of two classifications.
    private let classes: [UInt8]
    /// `FuzzyMatcher.bonus` by the class before a byte and its own: `bonuses[before << 2 | here]`.
    private let bonuses: [Int]
    /// Per row: its last match's score and column, and the best `score − gapExtension × column`
    /// of its earlier matches, three Ints a row.
    private var rows: [Int]
    private static let none = Int.min / 4
    private static let white: UInt8 = 0

    public init(query: [UInt8]) {
        self.query = query
        var rows = [UInt64](repeating: 0, count: 256)
        for (row, byte) in query.enumerated() { rows[Int(byte)] |= 1 << UInt64(row) }
        rowsOf = rows
        classes = (0...255).map { Self.classNumber(FuzzyMatcher.ByteClass(UInt8($0))) }
        let all: [FuzzyMatcher.ByteClass] = [.white, .delimiter, .punctuation, .word]
        var bonuses = [Int](repeating: 0, count: 16)
        for before in all {
            for here in all {
                bonuses[Int(Self.classNumber(before)) << 2 | Int(Self.classNumber(here))] = FuzzyMatcher.bonus(here, after: before)
            }
        }
        self.bonuses = bonuses
        self.rows = Array(repeating: Self.none, count: 3 * query.count)
    }

    private static func classNumber(_ byteClass: FuzzyMatcher.ByteClass) -> UInt8 {
        switch byteClass {
        case .white: return 0
        case .delimiter: return 1
        case .punctuation: return 2
        case .word: return 3
        }
    }

    /// The score of the best match of the query in `text` (folded bytes), nil when the
    /// query's bytes do not all occur in order; equal to `FuzzyMatcher.score`.
    public mutating func score(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = query.count
        guard count > 0 else { return 0 }
        guard count <= 64 else { return nil }
        var best = Self.none
        rowsOf.withUnsafeBufferPointer { rowsOf in
            classes.withUnsafeBufferPointer { classes in
                bonuses.withUnsafeBufferPointer { bonuses in
                    rows.withUnsafeMutableBufferPointer { state in
                        best = Self.score(text, count: count, first: query[0], rowsOf, classes, bonuses, state)
                    }
                }
            }
        }
        return best == Self.none ? nil : best
    }

    /// `score(_:)` over the tables, from the first column holding the query's `first` byte
    /// (no row matches before it): `state` holds, per row, its last score, its last column
    /// and its best gap base (`base`).
    @inline(__always)
    private static func score(_ text: UnsafeBufferPointer<UInt8>, count: Int, first: UInt8, _ rowsOf: UnsafeBufferPointer<UInt64>,
                              _ classes: UnsafeBufferPointer<UInt8>, _ bonuses: UnsafeBufferPointer<Int>,
                              _ state: UnsafeMutableBufferPointer<Int>) -> Int {
        let none = Self.none, last = count - 1
        guard let start = Self.firstColumn(holding: first, in: text) else { return none }
        var best = none
        for row in 0..<count { state[3 * row] = none; state[3 * row + 1] = -2; state[3 * row + 2] = none }
        for column in start..<text.count {
            var rows = rowsOf[Int(text[column])]
            guard rows != 0 else { continue }
            let before = column == 0 ? white : classes[Int(text[column - 1])]
            let bonus = bonuses[Int(before) << 2 | Int(classes[Int(text[column])])]
            while rows != 0 {
                let row = 63 - rows.leadingZeroBitCount
                rows &= ~(1 << UInt64(row))
                let value = cell(row: row, column: column, bonus: bonus, state)
                guard value != none else { continue }
                let at = 3 * row
                if state[at] != none { state[at + 2] = max(state[at + 2], base(state[at], state[at + 1])) }
                state[at] = value
                state[at + 1] = column
                if row == last { best = max(best, value) }
            }
        }
        return best
    }

    /// The first column of `text` holding `byte`, nil when none does.
    @inline(__always)
    private static func firstColumn(holding byte: UInt8, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = text.baseAddress, !text.isEmpty, let found = memchr(base, Int32(byte), text.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// What a match scoring `score` at `column` brings to a gap after it, less the part
    /// that depends on where the gap ends.
    @inline(__always)
    private static func base(_ score: Int, _ column: Int) -> Int { score - FuzzyMatcher.gapExtension * column }

    /// The matcher's cell for query byte `row` matching at `column`, from the previous row's state.
    @inline(__always)
    private static func cell(row: Int, column: Int, bonus: Int, _ state: UnsafeMutableBufferPointer<Int>) -> Int {
        if row == 0 { return FuzzyMatcher.scoreMatch + bonus * FuzzyMatcher.firstByteMultiplier }
        let previous = 3 * (row - 1)
        let previousScore = state[previous], previousColumn = state[previous + 1]
        var result = none
        if previousScore != none, previousColumn == column - 1 {
            result = previousScore + max(bonus, FuzzyMatcher.bonusConsecutive)
        }
        var gapBase = state[previous + 2]
        if previousScore != none, previousColumn <= column - 2 { gapBase = max(gapBase, base(previousScore, previousColumn)) }
        if gapBase != none {
            // gapStart + gapExtension × (column - 2 - p), the p part already in gapBase.
            result = max(result, gapBase + FuzzyMatcher.gapStart + FuzzyMatcher.gapExtension * (column - 2) + bonus)
        }
        return result == none ? none : result + FuzzyMatcher.scoreMatch
    }
}

