import Foundation
import NotesModel

/// One part of a quick-open search (see `NoteIndex.quickOpen(_:limit:narrowing:)`). A
/// fresh query gathers the notes of some slots that may match, with an upper bound of
/// each one's score, and sorts them by it; a query that extends an earlier one starts
/// from that one's candidates, already sorted. Either way it then walks them highest bound
/// first, scoring a note only where its bound may rank among the best kept, and stops
/// where even the most the added bytes may bring cannot reach the worst hit kept.
struct QuickOpenScan {
    typealias Run = NoteIndex.QuickOpenCandidates.Run

    /// What a part found: its best hits, and the notes that may match in runs.
    struct Part: Sendable {
        var hits: [NoteIndex.QuickOpenHit]
        var runs: [Run]
    }

    let text: SearchText
    let positionOfSlot: [Int32]
    let queryMask: UInt64
    let bound: FuzzyBound
    var scorer: FuzzyScorer
    var best: QuickOpenTopHits
    /// The runs handed on to a longer query (`walk`).
    var runs: [Run] = []
    /// Whether some notes have names besides their titles (each is scored).
    let hasOtherNames: Bool
    /// Bounds are kept no lower than this (a bound raised stays a bound), so that they
    /// sort by counting; a very long title's score may be far below zero.
    static let lowestBound: Int32 = -4_096
    /// How many candidates of one run are walked before the run with the highest next bound is picked again.
    static let chunk = 512

    init(query: [UInt8], text: SearchText, positionOfSlot: [Int32], limit: Int) {
        self.text = text
        self.positionOfSlot = positionOfSlot
        queryMask = TitleMask.of(query)
        bound = FuzzyBound(query: query)
        scorer = FuzzyScorer(query: query)
        best = QuickOpenTopHits(limit: limit)
        hasOtherNames = !text.otherNames.isEmpty
    }

    var result: Part { Part(hits: best.hits, runs: runs) }

    /// Looks at the notes in `input` (ascending slots).
    mutating func run(_ input: Range<Int32>) {
        walk([gather(input)], extending: nil)
    }

    /// Looks at the candidates of a query of `count` bytes that this query extends.
    mutating func run(_ earlier: [Run], extending count: Int) {
        walk(earlier, extending: count)
    }

    /// Each live slot of `input` whose summary holds the query's bytes, with the bound of
    /// its score from its summary, highest bound first.
    private func gather(_ input: Range<Int32>) -> Run {
        var kept: [Int32] = [], keptBounds: [Int32] = []
        kept.reserveCapacity(input.count)
        keptBounds.reserveCapacity(input.count)
        let mask = queryMask, bound = self.bound, lowest = Int(Self.lowestBound)
        text.titleSummaries.withUnsafeBufferPointer { summaries in
            positionOfSlot.withUnsafeBufferPointer { positions in
                for slot in input {
                    let summary = summaries[Int(slot)]
                    guard positions[Int(slot)] >= 0, TitleMask.mayMatch(summary.bytes, mask) else { continue }
                    kept.append(slot)
                    keptBounds.append(Int32(clamping: max(bound.maximum(summary), lowest)))
                }
            }
        }
        return Self.sorted(kept, keptBounds)
    }

    /// The run of `slots` with their `bounds`, highest bound first (equal bounds in the order given).
    static func sorted(_ slots: [Int32], _ bounds: [Int32]) -> Run {
        let order = byBoundDescending(bounds)
        return Run(slots: ArraySlice(order.map { slots[Int($0)] }), bounds: ArraySlice(order.map { bounds[Int($0)] }))
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
}
