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
    /// The folded query.
    let query: [UInt8]
    private let queryMask: UInt64
    let bound: FuzzyBound
    var scorer: FuzzyScorer
    var best: QuickOpenTopHits
    /// The floor shared with the other parts of the search (nil with one part), and this part's number in it.
    private let shared: QuickOpenSharedFloor?
    private let part: Int
    /// The worst hit every part together vouches for, as last read from `shared`.
    private var sharedFloor: NoteIndex.QuickOpenHit?
    var list = QuickOpenCandidateList()
    /// The titles' bytes read ahead of scoring them, kept so that the reads are not left out.
    var touched: UInt8 = 0
    /// Bounds are kept no lower than this (a bound raised stays a bound), so that they
    /// sort by counting; a very long title's score may be far below zero.
    static let lowestBound: Int32 = -4_096

    init(query: [UInt8], text: SearchText, positionOfSlot: [Int32], limit: Int,
         shared: QuickOpenSharedFloor? = nil, part: Int = 0) {
        self.shared = shared
        self.part = part
        self.text = text
        self.positionOfSlot = positionOfSlot
        self.query = query
        queryCount = query.count
        queryMask = TitleMask.of(query)
        bound = FuzzyBound(query: query)
        scorer = FuzzyScorer(query: query)
        best = QuickOpenTopHits(limit: limit)
    }

    var result: Part { Part(hits: best.hits, candidates: list) }

    /// The worst hit that can still be listed, as far as this part knows: its own `limit`-th
    /// or the one the parts vouch for together, whichever ranks first.
    var floor: NoteIndex.QuickOpenHit? {
        guard let sharedFloor else { return best.floor }
        guard let own = best.floor else { return sharedFloor }
        return own.ranks(before: sharedFloor) ? own : sharedFloor
    }

    /// Tells the other parts this part's hits so far and learns theirs.
    mutating func shareFloor() {
        guard let shared else { return }
        if let floor = shared.vouch(part, best.hit(shared.share)) { sharedFloor = floor }
    }

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
        let mask = queryMask, bound = self.bound, lowest = Int(Self.lowestBound), chunk = Int32(Self.filterChunk)
        var passing = [Int32](repeating: 0, count: Self.filterChunk)
        list = text.titleSummaries.withPointers { columns in
            positionOfSlot.withUnsafeBufferPointer { positions in
                passing.withUnsafeMutableBufferPointer { passing in
                    QuickOpenCandidateList(capacity: input.count) { kept in
                        guard let masks = columns.bytes, let boundaries = columns.boundaries, let pairs = columns.pairs,
                              let lengths = columns.lengths, let words = columns.words, let live = positions.baseAddress,
                              let into = passing.baseAddress, columns.count >= Int(input.upperBound) else { return }
                        var start = input.lowerBound
                        while start < input.upperBound {
                            let end = min(start + chunk, input.upperBound)
                            let count = Self.holding(mask, in: start..<end, masks, live, into: into)
                            for index in 0..<count {
                                let slot = Int(into[index])
                                let candidate = QuickOpenCandidate(bytes: masks[slot], boundaries: boundaries[slot], pairs: pairs[slot],
                                                                   slot: Int32(slot), length: lengths[slot])
                                let most = bound.maximum(boundaries: candidate.boundaries, pairs: candidate.pairs) {
                                    (words[slot].bytes, words[slot].offsets, words[slot].seconds)
                                }
                                kept.append(candidate, bound: Int32(clamping: max(most, lowest)))
                            }
                            start = end
                        }
                    }
                }
            }
        }
    }

    /// Keeps each of `earlier` that holds the query's bytes (and was not found not to match
    /// the shorter query), bounded by its bound for the
    /// query's first `count` bytes plus what the bytes after them may bring.
    private mutating func narrow(_ earlier: QuickOpenCandidateList, from count: Int) {
        let mask = queryMask, bound = self.bound, lowest = Int(Self.lowestBound)
        list = earlier.candidates.withUnsafeBufferPointer { candidates in
            earlier.bounds.withUnsafeBufferPointer { bounds in
                QuickOpenCandidateList(capacity: candidates.count) { kept in
                    for index in candidates.indices {
                        let candidate = candidates[index], earlierBound = bounds[index]
                        guard TitleMask.mayMatch(candidate.bytes, mask), earlierBound != QuickOpenCandidateList.gone else { continue }
                        let added = bound.extending(boundaries: candidate.boundaries, pairs: candidate.pairs, from: count)
                        kept.append(candidate, bound: Int32(clamping: max(Int(earlierBound) + added, lowest)))
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
        text.titleSummaries.withPointers { columns in
            positionOfSlot.withUnsafeBufferPointer { positions in
                guard let masks = columns.bytes, let boundaries = columns.boundaries,
                      let lengths = columns.lengths, columns.count >= Int(input.upperBound), positions.count >= Int(input.upperBound) else { return }
                var floor = self.floor
                for slot in input {
                    if slot & 4_095 == 0 {
                        shareFloor()
                        floor = self.floor
                    }
                    let index = Int(slot)
                    guard TitleMask.mayMatch(masks[index], mask), positions[index] >= 0 else { continue }
                    let most = bound.firstByte(boundaries: boundaries[index])
                    let length = Int(lengths[index])
                    if let floor, most < floor.score || (most == floor.score && byLength && length > floor.length) {
                        continue
                    }
                    score(slot: index, position: positions[index], length: length, start: text.titles.starts[index])
                    floor = self.floor
                }
            }
        }
    }

    /// Scores the note in `slot` (its title at `start` in `SearchText.titles`, `length`
    /// bytes) and keeps its hit among the best; its score, nil when it does not match.
    @discardableResult
    mutating func score(slot: Int, position: Int32, length: Int, start: Int) -> Int? {
        let text = self.text
        var hit = text.titles.bytes.withUnsafeBufferPointer { bytes -> NoteIndex.QuickOpenHit? in
            let title = UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
            guard let first = Self.firstColumn(of: query, inOrder: title) else { return nil }
            return scorer.score(title, from: first).map { NoteIndex.QuickOpenHit(position: position, score: $0, length: length) }
        }
        if !text.otherNames.isEmpty, let names = text.otherNames[slot] { hit = bestName(names, hit, position) }
        guard let hit else { return nil }
        best.add(hit)
        return hit.score
    }

    /// Where the first byte of `query` first stands in `title` when `title` holds the bytes
    /// of `query` in order, nil when it does not: most titles holding a query's bytes but
    /// not in order are told apart here, before the scorer's dynamic programming, which
    /// starts at that column.
    @inline(__always)
    static func firstColumn(of query: [UInt8], inOrder title: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = title.baseAddress, !query.isEmpty else { return nil }
        var at = base
        let end = base + title.count
        var first: Int?
        for byte in query {
            guard at < end, let found = memchr(at, Int32(byte), end - at) else { return nil }
            let column = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if first == nil { first = base.distance(to: column) }
            at = column + 1
        }
        return first
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
