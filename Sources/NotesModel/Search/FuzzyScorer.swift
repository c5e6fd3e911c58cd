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
public struct FuzzyScorer: @unchecked Sendable {
    /// The folded query (`FuzzyMatcher.query`).
    public let query: [UInt8]
    /// Owns the tables below; nothing changes them after `init`, so copies may share them
    /// between threads. They are read through pointers, so that scoring a title retains
    /// nothing (an array's buffer read in a closure is retained and released per call).
    private let tables: Tables
    /// Per byte value, the rows (query offsets) holding it, a bit each.
    private let rowsOf: UnsafePointer<UInt64>
    /// Per byte value, its `FuzzyMatcher.ByteClass` (`classNumber`), so that a match's bonus is
    /// two loads (`bonuses`) instead of two classifications.
    private let classes: UnsafePointer<UInt8>
    /// `FuzzyMatcher.bonus` by the class before a byte and its own: `bonuses[before << 2 | here]`.
    private let bonuses: UnsafePointer<Int>
    private static let none = Int.min / 4
    private static let white: UInt8 = 0

    /// The scorer's tables, freed with the last scorer sharing them.
    private final class Tables: @unchecked Sendable {
        let rowsOf = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        let bonuses = UnsafeMutablePointer<Int>.allocate(capacity: 16)

        deinit {
            rowsOf.deallocate()
            classes.deallocate()
            bonuses.deallocate()
        }
    }

    public init(query: [UInt8]) {
        self.query = query
        let tables = Tables()
        tables.rowsOf.initialize(repeating: 0, count: 256)
        for (row, byte) in query.prefix(64).enumerated() { tables.rowsOf[Int(byte)] |= 1 << UInt64(row) }
        for value in 0...255 { tables.classes[value] = Self.classNumber(FuzzyMatcher.ByteClass(UInt8(value))) }
        let all: [FuzzyMatcher.ByteClass] = [.white, .delimiter, .punctuation, .word]
        for before in all {
            for here in all {
                tables.bonuses[Int(Self.classNumber(before)) << 2 | Int(Self.classNumber(here))] = FuzzyMatcher.bonus(here, after: before)
            }
        }
        self.tables = tables
        rowsOf = UnsafePointer(tables.rowsOf)
        classes = UnsafePointer(tables.classes)
        bonuses = UnsafePointer(tables.bonuses)
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
    public func score(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = query.first else { return 0 }
        guard let start = Self.firstColumn(holding: first, in: text) else { return nil }
        return score(text, from: start)
    }

    /// `score(_:)` where the caller found `start`, the first column of `text` holding the
    /// query's first byte (no row matches before it).
    public func score(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = query.count
        guard count > 0 else { return 0 }
        guard count <= 64 else { return nil }
        let best = withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * count) { state in
            Self.score(text, from: start, count: count, rowsOf, classes, bonuses, state)
        }
        return best == Self.none ? nil : best
    }

    /// `score(_:)` over the tables, from `start`, the first column holding the query's first
    /// byte: `state` holds, per row, its last score, its last column and its best gap base (`base`).
    @inline(__always)
    private static func score(_ text: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, _ rowsOf: UnsafePointer<UInt64>,
                              _ classes: UnsafePointer<UInt8>, _ bonuses: UnsafePointer<Int>,
                              _ state: UnsafeMutableBufferPointer<Int>) -> Int {
        let none = Self.none, last = count - 1
        guard start >= 0, start < text.count else { return none }
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
    public static func firstColumn(holding byte: UInt8, in text: UnsafeBufferPointer<UInt8>) -> Int? {
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

