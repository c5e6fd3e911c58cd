import Foundation
import NotesModel

/// One part of a quick-open search: gathers the notes of some slots that may match with
/// an upper bound of each one's score, then scores them highest bound first until no
/// note left can rank among the best kept (see `NoteIndex.quickOpen(_:limit:narrowing:)`).
struct QuickOpenScan {
    /// What a part found: its best hits, and the slots that may match, ascending, each
    /// with an upper bound of its score (its score where it was scored).
    struct Part: Sendable {
        var hits: [NoteIndex.QuickOpenHit]
        var slots: [Int32]
        var bounds: [Int32]
    }

    private let text: SearchText
    private let positionOfSlot: [Int32]
    private let queryMask: UInt64
    private let bound: FuzzyBound
    private var scorer: FuzzyScorer
    private var best: QuickOpenTopHits
    private var slots: [Int32] = []
    private var bounds: [Int32] = []
    /// Bounds are kept no lower than this (a bound raised stays a bound), so that they
    /// sort by counting; a very long title's score may be far below zero.
    static let lowestBound: Int32 = -4_096
    private static let gone = Int32.min

    init(query: [UInt8], text: SearchText, positionOfSlot: [Int32], limit: Int) {
        self.text = text
        self.positionOfSlot = positionOfSlot
        queryMask = TitleMask.of(query)
        bound = FuzzyBound(query: query)
        scorer = FuzzyScorer(query: query)
        best = QuickOpenTopHits(limit: limit)
    }

    var result: Part { Part(hits: best.hits, slots: slots, bounds: bounds) }

    /// Looks at the notes in `input` (ascending slots).
    mutating func run(_ input: Range<Int32>) {
        gather(input, earlier: nil, extending: 0)
        rank()
    }

    /// Looks at the candidates of a query of `count` bytes that this query extends:
    /// `input` (ascending slots) with `earlier`, their bounds for that query.
    mutating func run(_ input: ArraySlice<Int32>, bounds earlier: ArraySlice<Int32>, extending count: Int) {
        gather(input, earlier: earlier, extending: count)
        rank()
    }

    /// Keeps each live slot of `input` whose summary holds the query's bytes, with a bound
    /// of its score: from its summary, or from `earlier` (the bounds of the slots for the
    /// query's first `count` bytes) and the summary's bound of the bytes after them.
    private mutating func gather(_ input: some Collection<Int32>, earlier: ArraySlice<Int32>?, extending count: Int) {
        var kept: [Int32] = [], keptBounds: [Int32] = []
        kept.reserveCapacity(input.count)
        keptBounds.reserveCapacity(input.count)
        let mask = queryMask, bound = self.bound, lowest = Int(Self.lowestBound)
        var earlierIndex = earlier?.startIndex ?? 0
        text.titleSummaries.withUnsafeBufferPointer { summaries in
            positionOfSlot.withUnsafeBufferPointer { positions in
                for slot in input {
                    let summary = summaries[Int(slot)]
                    defer { earlierIndex += 1 }
                    guard positions[Int(slot)] >= 0, TitleMask.mayMatch(summary.bytes, mask) else { continue }
                    var most: Int
                    if let earlier {
                        most = Int(earlier[earlierIndex]) + bound.extending(summary, from: count)
                        // Below two bytes the earlier bound has not seen the gap between two word starts.
                        if count < 2 { most = min(most, bound.maximum(summary)) }
                    } else {
                        most = bound.maximum(summary)
                    }
                    kept.append(slot)
                    keptBounds.append(Int32(clamping: max(most, lowest)))
                }
            }
        }
        slots = kept
        bounds = keptBounds
    }

    /// Scores the gathered notes, highest bound first, until the rest cannot rank among
    /// the hits kept; a note scored gets its score as its bound, one that does not match
    /// is dropped.
    private mutating func rank() {
        let order = Self.byBoundDescending(bounds)
        var dropped = false
        let text = self.text
        let hasOtherNames = !text.otherNames.isEmpty
        text.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            text.starts.withUnsafeBufferPointer { starts in
                text.titleSummaries.withUnsafeBufferPointer { summaries in
                    for index in order {
                        let index = Int(index), slot = Int(slots[index]), most = Int(bounds[index])
                        let length = Int(summaries[slot].length)
                        if let floor = best.floor {
                            if most < floor.score { break }
                            if most == floor.score, !hasOtherNames, length > floor.length { continue }
                        }
                        let title = UnsafeBufferPointer(start: base + starts[slot], count: length)
                        let position = positionOfSlot[slot]
                        var hit = scorer.score(title).map { NoteIndex.QuickOpenHit(position: position, score: $0, length: length) }
                        if hasOtherNames, let names = text.otherNames[slot] { hit = bestName(names, hit, position) }
                        guard let hit else {
                            bounds[index] = Self.gone
                            dropped = true
                            continue
                        }
                        bounds[index] = Int32(clamping: max(hit.score, Int(Self.lowestBound)))
                        best.add(hit)
                    }
                }
            }
        }
        if dropped { dropGone() }
    }

    /// Takes the notes scored without a match out of the candidates.
    private mutating func dropGone() {
        var kept = 0
        for index in slots.indices where bounds[index] != Self.gone {
            slots[kept] = slots[index]
            bounds[kept] = bounds[index]
            kept += 1
        }
        slots.removeLast(slots.count - kept)
        bounds.removeLast(bounds.count - kept)
    }

    /// The indices of `bounds`, highest bound first (equal bounds in index order), by counting.
    static func byBoundDescending(_ bounds: [Int32]) -> [Int32] {
        guard let high = bounds.max(), let low = bounds.min() else { return [] }
        var starts = [Int](repeating: 0, count: Int(high) - Int(low) + 2)
        for value in bounds { starts[Int(high) - Int(value) + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var order = [Int32](repeating: 0, count: bounds.count)
        for (index, value) in bounds.enumerated() {
            let bucket = Int(high) - Int(value)
            order[starts[bucket]] = Int32(index)
            starts[bucket] += 1
        }
        return order
    }

    /// The better of `hit` (the title's) and the hits of the note's other `names`.
    private mutating func bestName(_ names: [[UInt8]], _ hit: NoteIndex.QuickOpenHit?,
                                   _ position: Int32) -> NoteIndex.QuickOpenHit? {
        var best = hit
        for name in names {
            guard let score = name.withUnsafeBufferPointer({ scorer.score($0) }) else { continue }
            let other = NoteIndex.QuickOpenHit(position: position, score: score, length: name.count)
            if best.map({ other.ranks(before: $0) }) ?? true { best = other }
        }
        return best
    }
}

/// The best hits so far, best first, at most `limit`: a hit that does not beat the last
/// one kept costs one comparison.
struct QuickOpenTopHits {
    let limit: Int
    private(set) var hits: [NoteIndex.QuickOpenHit] = []

    init(limit: Int) {
        self.limit = limit
        hits.reserveCapacity(limit + 1)
    }

    /// The worst hit kept once `limit` are: a note scoring below it cannot be listed.
    var floor: NoteIndex.QuickOpenHit? { hits.count == limit ? hits.last : nil }

    mutating func add(_ hit: NoteIndex.QuickOpenHit) {
        if let floor, !hit.ranks(before: floor) { return }
        var index = hits.count
        while index > 0, hit.ranks(before: hits[index - 1]) { index -= 1 }
        hits.insert(hit, at: index)
        if hits.count > limit { hits.removeLast() }
    }
}
