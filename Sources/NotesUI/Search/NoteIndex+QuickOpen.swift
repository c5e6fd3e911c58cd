import Foundation
import NotesModel

extension NoteIndex {
    /// One note quick open found: where it is in display order, and its score.
    public struct QuickOpenHit: Equatable, Sendable {
        public var position: Int32
        public var score: Int
        /// The length of its folded title: shorter titles first on equal scores.
        public var length: Int

        /// Whether this hit is listed before `other`: higher score, then shorter title,
        /// then earlier in display order (more recently updated).
        func ranks(before other: QuickOpenHit) -> Bool {
            if score != other.score { return score > other.score }
            if length != other.length { return length < other.length }
            return position < other.position
        }
    }

    /// The titles that passed a quick-open query, kept so that a longer query typed after
    /// it scores only these: a title holding the longer query in order holds its start too.
    public struct QuickOpenCandidates: Equatable, Sendable {
        /// The index version they belong to (`NoteIndex.id`): another version starts afresh.
        let indexID: UUID
        /// The folded query they passed.
        let query: [UInt8]
        /// Their display positions, ascending.
        let positions: [Int32]

        /// How many titles passed.
        public var count: Int { positions.count }
    }

    /// What quick open ranked: the best hits, and every title that matched (nil for an
    /// empty query, which matches everything).
    public struct QuickOpenResult: Sendable {
        public var hits: [QuickOpenHit]
        public var candidates: QuickOpenCandidates?
    }

    /// The `limit` best notes for quick open's `query`, best first (see `quickOpen(_:limit:narrowing:)`).
    public func quickOpen(_ query: String, limit: Int) -> [QuickOpenHit] {
        quickOpen(query, limit: limit, narrowing: nil).hits
    }

    /// The `limit` best notes for quick open's `query` (`FuzzyMatcher` over the folded
    /// titles the search text already holds), best first; on an empty query the first
    /// `limit` in display order (the most recently updated). A title whose `TitleMask`
    /// lacks a byte of the query is rejected before it is scored; when `previous` belongs
    /// to this index and `query` extends its query, only its titles are scored. Keeps only
    /// the best `limit` while it scans, split between the processors. The ranking does not
    /// depend on which titles were scored, only on those that match.
    public func quickOpen(_ query: String, limit: Int, narrowing previous: QuickOpenCandidates?) -> QuickOpenResult {
        guard limit > 0 else { return QuickOpenResult(hits: [], candidates: nil) }
        let matcher = FuzzyMatcher(query: query)
        guard !matcher.isEmpty else {
            let hits = (0..<min(limit, count)).map { QuickOpenHit(position: Int32($0), score: 0, length: 0) }
            return QuickOpenResult(hits: hits, candidates: nil)
        }
        let text = searchText.text
        let order = self.order
        let narrowed = previous.flatMap { $0.indexID == id && matcher.query.starts(with: $0.query) ? $0.positions : nil }
        let total = narrowed?.count ?? count
        let parts = total >= Self.parallelThreshold ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        let results = QuickOpenParts(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (total * part / parts)..<(total * (part + 1) / parts)
            let found = if let narrowed {
                Self.bestTitles(matcher, text: text, order: order, positions: narrowed[range], limit: limit)
            } else {
                Self.bestTitles(matcher, text: text, order: order, positions: Int32(range.lowerBound)..<Int32(range.upperBound),
                                limit: limit)
            }
            results.set(part, found)
        }
        let all = results.all
        let candidates = QuickOpenCandidates(indexID: id, query: matcher.query, positions: Array(all.map(\.passed).joined()))
        return QuickOpenResult(hits: Self.best(of: all.map(\.hits), limit: limit), candidates: candidates)
    }

    /// The best `limit` hits among the notes at display `positions`, and every position that matched.
    private static func bestTitles(_ matcher: FuzzyMatcher, text: SearchText, order: [Int32],
                                   positions: some Sequence<Int32>, limit: Int) -> QuickOpenPart {
        var matcher = matcher
        var best = TopHits(limit: limit)
        var passed: [Int32] = []
        let queryMask = TitleMask.of(matcher.query)
        text.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            text.starts.withUnsafeBufferPointer { starts in
                text.titleMasks.withUnsafeBufferPointer { masks in
                    for position in positions {
                        let slot = Int(order[Int(position)])
                        guard TitleMask.mayMatch(masks[slot], queryMask) else { continue }
                        let start = starts[slot], end = starts[slot + 1]
                        var titleEnd = start
                        while titleEnd < end, bytes[titleEnd] != SearchableNote.bodyMarker, bytes[titleEnd] != 0 {
                            titleEnd += 1
                        }
                        let title = UnsafeBufferPointer(start: base + start, count: titleEnd - start)
                        guard let score = matcher.score(title) else { continue }
                        passed.append(position)
                        best.add(QuickOpenHit(position: position, score: score, length: title.count))
                    }
                }
            }
        }
        return QuickOpenPart(hits: best.hits, passed: passed)
    }

    private static func best(of parts: [[QuickOpenHit]], limit: Int) -> [QuickOpenHit] {
        var best = TopHits(limit: limit)
        for hit in parts.joined() { best.add(hit) }
        return best.hits
    }

    /// The best hits so far, best first, at most `limit`: a hit that does not beat the
    /// last one kept costs one comparison.
    private struct TopHits {
        let limit: Int
        var hits: [QuickOpenHit] = []

        init(limit: Int) {
            self.limit = limit
            hits.reserveCapacity(limit + 1)
        }

        mutating func add(_ hit: QuickOpenHit) {
            if hits.count == limit, let last = hits.last, !hit.ranks(before: last) { return }
            var index = hits.count
            while index > 0, hit.ranks(before: hits[index - 1]) { index -= 1 }
            hits.insert(hit, at: index)
            if hits.count > limit { hits.removeLast() }
        }
    }
}

/// What one part of a parallel quick-open scan found: its best hits, and the display
/// positions of every title that matched, ascending.
private struct QuickOpenPart: Sendable {
    var hits: [NoteIndex.QuickOpenHit]
    var passed: [Int32]
}

/// The parts of a parallel quick-open scan.
private final class QuickOpenParts: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [QuickOpenPart]

    init(count: Int) { parts = Array(repeating: QuickOpenPart(hits: [], passed: []), count: count) }

    func set(_ index: Int, _ part: QuickOpenPart) {
        lock.withLock { parts[index] = part }
    }

    var all: [QuickOpenPart] { lock.withLock { parts } }
}
