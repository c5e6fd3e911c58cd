import Foundation
import NotesModel

/// One part of a quick-open search: gathers the notes of some slots that may match with
/// an upper bound of each one's score, then scores them highest bound first until no
/// note left can rank among the best kept (see `NoteIndex.quickOpen(_:limit:narrowing:)`).
struct QuickOpenScan {
    /// What a part found: its best hits, and the notes that may match (none kept for a
    /// one-byte query: a longer one looks at every note again).
    struct Part: Sendable {
        var hits: [NoteIndex.QuickOpenHit]
        var candidates: QuickOpenCandidateList
    }

    let text: SearchText
    let positionOfSlot: [Int32]
    let queryCount: Int
    private let queryMask: UInt64
    let bound: FuzzyBound
    var scorer: FuzzyScorer
    var best: QuickOpenTopHits
    var list = QuickOpenCandidateList()
    /// The titles' bytes read ahead of scoring them, kept so that the reads are not left out.
    var touched: UInt8 = 0
    /// Bounds are kept no lower than this (a bound raised stays a bound), so that they
    /// sort by counting; a very long title's score may be far below zero.
    static let lowestBound: Int32 = -4_096
    static let gone = Int32.min

    init(query: [UInt8], text: SearchText, positionOfSlot: [Int32], limit: Int) {
        self.text = text
        self.positionOfSlot = positionOfSlot
        queryCount = query.count
        queryMask = TitleMask.of(query)
        bound = FuzzyBound(query: query)
        scorer = FuzzyScorer(query: query)
        best = QuickOpenTopHits(limit: limit)
    }

    var result: Part { Part(hits: best.hits, candidates: list) }

    /// Looks at the notes in `input` (ascending slots).
    mutating func run(_ input: Range<Int32>) {
        if queryCount == 1 { return rankEach(input) }
        gather(input)
        rank()
    }

    /// Looks at the candidates of a query of at least 2 bytes that this query extends,
    /// with their bounds for that query.
    mutating func run(_ earlier: QuickOpenCandidateList, extending count: Int) {
        narrow(earlier, from: count)
        rank()
    }

    /// Keeps each live slot of `input` whose summary holds the query's bytes, with the
    /// summary's bound of its score.
    private mutating func gather(_ input: Range<Int32>) {
        let mask = queryMask, bound = self.bound, lowest = Int(Self.lowestBound)
        list = text.titleSummaries.withUnsafeBufferPointer { summaries in
            positionOfSlot.withUnsafeBufferPointer { positions in
                QuickOpenCandidateList(capacity: input.count) { kept in
                    for slot in input {
                        let summary = summaries[Int(slot)]
                        guard TitleMask.mayMatch(summary.bytes, mask), positions[Int(slot)] >= 0 else { continue }
                        let candidate = QuickOpenCandidate(bytes: summary.bytes, boundaries: summary.boundaries,
                                                           pairs: summary.pairs, slot: slot, length: summary.length)
                        kept.append(candidate, bound: Int32(clamping: max(bound.maximum(summary), lowest)))
                    }
                }
            }
        }
    }

    /// Keeps each of `earlier` that holds the query's bytes, bounded by its bound for the
    /// query's first `count` bytes plus what the bytes after them may bring.
    private mutating func narrow(_ earlier: QuickOpenCandidateList, from count: Int) {
        let mask = queryMask, bound = self.bound, lowest = Int(Self.lowestBound)
        list = earlier.candidates.withUnsafeBufferPointer { candidates in
            earlier.bounds.withUnsafeBufferPointer { bounds in
                QuickOpenCandidateList(capacity: candidates.count) { kept in
                    for index in candidates.indices {
                        let candidate = candidates[index]
                        guard TitleMask.mayMatch(candidate.bytes, mask) else { continue }
                        let added = bound.extending(boundaries: candidate.boundaries, pairs: candidate.pairs, from: count)
                        kept.append(candidate, bound: Int32(clamping: max(Int(bounds[index]) + added, lowest)))
                    }
                }
            }
        }
    }

    /// A one-byte query: scores, in slot order, each live note of `input` holding the
    /// byte whose bound reaches the hits kept so far (few do once they are `limit`: a
    /// bound is the score's upper limit, shorter titles rank first on equal scores).
    private mutating func rankEach(_ input: Range<Int32>) {
        let mask = queryMask, text = self.text
        // A note's other names may be shorter than its title: it is passed over on its bound only.
        let byLength = text.otherNames.isEmpty
        text.titleSummaries.withUnsafeBufferPointer { summaries in
            positionOfSlot.withUnsafeBufferPointer { positions in
                for slot in input {
                    let summary = summaries[Int(slot)]
                    guard TitleMask.mayMatch(summary.bytes, mask), positions[Int(slot)] >= 0 else { continue }
                    let most = bound.maximum(summary), length = Int(summary.length)
                    if let floor = best.floor, most < floor.score || (most == floor.score && byLength && length > floor.length) {
                        continue
                    }
                    score(slot: Int(slot), position: positions[Int(slot)], length: length, start: text.starts[Int(slot)])
                }
            }
        }
    }

    /// Scores the note in `slot` (its title at `start`, `length` bytes) and keeps its hit
    /// among the best; its score, nil when it does not match.
    @discardableResult
    mutating func score(slot: Int, position: Int32, length: Int, start: Int) -> Int? {
        let text = self.text
        var hit = text.bytes.withUnsafeBufferPointer { bytes in
            scorer.score(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]))
                .map { NoteIndex.QuickOpenHit(position: position, score: $0, length: length) }
        }
        if !text.otherNames.isEmpty, let names = text.otherNames[slot] { hit = bestName(names, hit, position) }
        guard let hit else { return nil }
        best.add(hit)
        return hit.score
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
