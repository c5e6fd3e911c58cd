import Foundation
import NotesModel

/// One part of a quick-open search: goes over some slots of the search text, keeps the
/// best hits and the slots that may match (see `NoteIndex.quickOpen(_:limit:narrowing:)`).
struct QuickOpenScan {
    /// What a part found: its best hits, and the slots that may match, ascending.
    struct Part: Sendable {
        var hits: [NoteIndex.QuickOpenHit]
        var passed: [Int32]
    }

    private let text: SearchText
    private let positionOfSlot: [Int32]
    private let queryMask: UInt64
    private let bound: FuzzyBound
    private var scorer: FuzzyScorer
    private var best: QuickOpenTopHits
    private var passed: [Int32] = []

    init(query: [UInt8], text: SearchText, positionOfSlot: [Int32], limit: Int) {
        self.text = text
        self.positionOfSlot = positionOfSlot
        queryMask = TitleMask.of(query)
        bound = FuzzyBound(query: query)
        scorer = FuzzyScorer(query: query)
        best = QuickOpenTopHits(limit: limit)
    }

    var result: Part { Part(hits: best.hits, passed: passed) }

    /// Looks at the notes in `slots` (ascending).
    mutating func run(_ slots: some Sequence<Int32>) {
        let text = self.text
        let hasOtherNames = !text.otherNames.isEmpty
        text.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            text.starts.withUnsafeBufferPointer { starts in
                text.titleSummaries.withUnsafeBufferPointer { summaries in
                    positionOfSlot.withUnsafeBufferPointer { positions in
                        for slot in slots {
                            let index = Int(slot)
                            let position = positions[index]
                            guard position >= 0 else { continue }
                            let summary = summaries[index]
                            guard TitleMask.mayMatch(summary.bytes, queryMask) else { continue }
                            if let floor = best.floor, !mayRank(summary, before: floor, hasOtherNames: hasOtherNames) {
                                passed.append(slot)
                                continue
                            }
                            let title = UnsafeBufferPointer(start: base + starts[index], count: Int(summary.length))
                            var hit = scorer.score(title).map {
                                NoteIndex.QuickOpenHit(position: position, score: $0, length: title.count)
                            }
                            if hasOtherNames, let names = text.otherNames[index] { hit = bestName(names, hit, position) }
                            guard let hit else { continue }
                            passed.append(slot)
                            best.add(hit)
                        }
                    }
                }
            }
        }
    }

    /// Whether a title with `summary` may rank before `floor`: its bound is above the
    /// floor's score, or equal with a title no longer (a note with other names may win by
    /// a shorter one).
    @inline(__always)
    private func mayRank(_ summary: TitleSummary, before floor: NoteIndex.QuickOpenHit, hasOtherNames: Bool) -> Bool {
        let most = bound.maximum(summary)
        if most != floor.score { return most > floor.score }
        return hasOtherNames || Int(summary.length) <= floor.length
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
