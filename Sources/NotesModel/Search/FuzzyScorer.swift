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
    private var lastScore: [Int]
    private var lastColumn: [Int]
    private var bestGapBase: [Int]
    private static let none = Int.min / 4

    public init(query: [UInt8]) {
        self.query = query
        var rows = [UInt64](repeating: 0, count: 256)
        for (row, byte) in query.enumerated() { rows[Int(byte)] |= 1 << UInt64(row) }
        rowsOf = rows
        lastScore = Array(repeating: Self.none, count: query.count)
        lastColumn = Array(repeating: -2, count: query.count)
        bestGapBase = Array(repeating: Self.none, count: query.count)
    }

    /// The score of the best match of the query in `text` (folded bytes), nil when the
    /// query's bytes do not all occur in order; equal to `FuzzyMatcher.score`.
    public mutating func score(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = query.count
        guard count > 0 else { return 0 }
        guard count <= 64 else { return nil }
        let none = Self.none, last = count - 1
        var best = none
        let rowsOf = self.rowsOf
        lastScore.withUnsafeMutableBufferPointer { scores in
            lastColumn.withUnsafeMutableBufferPointer { columns in
                bestGapBase.withUnsafeMutableBufferPointer { gaps in
                    for row in 0..<count { scores[row] = none; columns[row] = -2; gaps[row] = none }
                    for column in text.indices {
                        var rows = rowsOf[Int(text[column])]
                        guard rows != 0 else { continue }
                        let bonus = FuzzyMatcher.bonus(text, column)
                        while rows != 0 {
                            let row = 63 - rows.leadingZeroBitCount
                            rows &= ~(1 << UInt64(row))
                            let value = Self.cell(row: row, column: column, bonus: bonus, scores, columns, gaps)
                            guard value != none else { continue }
                            if scores[row] != none { gaps[row] = max(gaps[row], Self.base(scores[row], columns[row])) }
                            scores[row] = value
                            columns[row] = column
                            if row == last { best = max(best, value) }
                        }
                    }
                }
            }
        }
        return best == none ? nil : best
    }

    /// What a match scoring `score` at `column` brings to a gap after it, less the part
    /// that depends on where the gap ends.
    @inline(__always)
    private static func base(_ score: Int, _ column: Int) -> Int { score - FuzzyMatcher.gapExtension * column }

    /// The matcher's cell for query byte `row` matching at `column`, from the previous row's state.
    @inline(__always)
    private static func cell(row: Int, column: Int, bonus: Int, _ scores: UnsafeMutableBufferPointer<Int>,
                             _ columns: UnsafeMutableBufferPointer<Int>, _ gaps: UnsafeMutableBufferPointer<Int>) -> Int {
        if row == 0 { return FuzzyMatcher.scoreMatch + bonus * FuzzyMatcher.firstByteMultiplier }
        let previousScore = scores[row - 1], previousColumn = columns[row - 1]
        var result = none
        if previousScore != none, previousColumn == column - 1 {
            result = previousScore + max(bonus, FuzzyMatcher.bonusConsecutive)
        }
        var gapBase = gaps[row - 1]
        if previousScore != none, previousColumn <= column - 2 { gapBase = max(gapBase, base(previousScore, previousColumn)) }
        if gapBase != none {
            // gapStart + gapExtension × (column - 2 - p), the p part already in gapBase.
            result = max(result, gapBase + FuzzyMatcher.gapStart + FuzzyMatcher.gapExtension * (column - 2) + bonus)
        }
        return result == none ? none : result + FuzzyMatcher.scoreMatch
    }
}
