import Foundation

/// How much a filter may search before it returns: `NoteFilter.set(query:scope:in:work:)`
/// and `NoteFilter.advance(in:work:)` search the list in order, a slice at a time, and
/// stop once `rows` matches are known (the first screenful) or `bytes` of search text are
/// looked through, whichever comes first. What they found is always the right matches of
/// the part of the list searched, so the rows shown are always right; the count is
/// complete once nothing is left (`NoteFilter.isCounting`).
public struct FilterWork: Equatable, Sendable {
    /// Stop once this many matches are known; nil: do not stop for rows.
    public var rows: Int?
    /// About how many bytes of search text to look through at most (at least one note).
    public var bytes: Int

    public init(rows: Int?, bytes: Int) {
        self.rows = rows
        self.bytes = bytes
    }

    /// Everything: the plain filter.
    public static let unlimited = FilterWork(rows: nil, bytes: .max)

    /// What a key searches before its frame: until the rows the list shows are known,
    /// at most `keyBytes`.
    public static func key(rows: Int) -> FilterWork { FilterWork(rows: rows, bytes: keyBytes) }

    /// What one pause between keys searches, to complete the count.
    public static let idle = FilterWork(rows: nil, bytes: idleBytes)

    /// The budgets (docs/decisions/0033-progressive-filter.md): a slice of this many bytes takes a few
    /// milliseconds on one core of the 2-core test machine.
    public static let keyBytes = 8 << 20
    public static let idleBytes = 8 << 20
}

/// A part of the list a filter has not searched yet: a run of display positions or a
/// list of them (a category's notes, or the matches of a shorter query being narrowed),
/// the patterns still to look for in it and the patterns that leave notes out. Parts
/// are kept in list order: every position of one comes before those of the next.
struct PendingPart: Equatable, Sendable {
    enum Source: Equatable, Sendable {
        case positions(Range<Int>)
        /// Ascending positions; `hints`, parallel to them, where `hitsPattern` first
        /// occurs in each (nil when unknown).
        case listed([Int32], hints: [Int32]?, hitsPattern: [UInt8])
    }

    var source: Source
    /// How many of the source's notes are searched.
    var done = 0
    var patterns: [[UInt8]]
    var excluded: [[UInt8]]

    var count: Int {
        switch source {
        case .positions(let range): range.count
        case .listed(let positions, _, _): positions.count
        }
    }

    /// What a slice found: positions, where its last pattern first occurs in each (when
    /// known), and that pattern.
    struct Slice {
        var positions: [Int32]
        var hits: [Int32]?
        var hitsPattern: [UInt8]
        /// About how many bytes of search text finding them looked through.
        var cost = 0
    }

    /// Searches the source's notes `range` (offsets into the source) for every pattern,
    /// then leaves out those holding an excluded one.
    func search(_ range: Range<Int>, in index: NoteIndex) -> Slice {
        var slice: Slice
        var remaining = patterns[...]
        switch source {
        case .positions(let all):
            let positions = (all.lowerBound + range.lowerBound)..<(all.lowerBound + range.upperBound)
            if let first = remaining.first {
                let found = index.search(first, inPositions: positions)
                slice = Slice(positions: found.positions, hits: found.firstHits, hitsPattern: first,
                              cost: index.searchCost(first, inPositions: positions))
                remaining = remaining.dropFirst()
            } else {
                slice = Slice(positions: Array(Int32(positions.lowerBound)..<Int32(positions.upperBound)), hits: nil,
                              hitsPattern: [])
            }
        case .listed(let positions, let hints, let hitsPattern):
            slice = Slice(positions: Array(positions[range]), hits: hints.map { Array($0[range]) }, hitsPattern: hitsPattern)
        }
        let bytesPerNote = index.searchBytesPerNote
        for pattern in remaining {
            let hints = !slice.hitsPattern.isEmpty && pattern.starts(with: slice.hitsPattern) ? slice.hits : nil
            let cost = slice.cost + slice.positions.count * bytesPerNote
            let found = index.search(pattern, among: slice.positions, hints: hints)
            slice = Slice(positions: found.positions, hits: found.firstHits, hitsPattern: pattern, cost: cost)
        }
        for pattern in excluded where !slice.positions.isEmpty {
            slice.cost += slice.positions.count * bytesPerNote
            Self.leaveOut(index.search(pattern, among: slice.positions).positions, from: &slice)
        }
        return slice
    }

    /// Takes `found` (ascending, all in the slice) out of the slice, and their hits.
    private static func leaveOut(_ found: [Int32], from slice: inout Slice) {
        guard !found.isEmpty else { return }
        var kept: [Int32] = [], keptHits: [Int32] = []
        kept.reserveCapacity(slice.positions.count - found.count)
        let hits = slice.hits.flatMap { $0.count == slice.positions.count ? $0 : nil }
        var next = 0
        for (offset, position) in slice.positions.enumerated() {
            while next < found.count, found[next] < position { next += 1 }
            if next < found.count, found[next] == position { continue }
            kept.append(position)
            if let hits { keptHits.append(hits[offset]) }
        }
        slice.positions = kept
        slice.hits = hits == nil ? nil : keptHits
    }
}
