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

    /// The `limit` best notes for quick open's `query` (`FuzzyMatcher` over the folded
    /// titles the search text already holds), best first; on an empty query the first
    /// `limit` in display order (the most recently updated). Keeps only the best `limit`
    /// while it scans, so its cost is the titles' bytes, split between the processors.
    public func quickOpen(_ query: String, limit: Int) -> [QuickOpenHit] {
        guard limit > 0 else { return [] }
        let matcher = FuzzyMatcher(query: query)
        guard !matcher.isEmpty else {
            return (0..<min(limit, count)).map { QuickOpenHit(position: Int32($0), score: 0, length: 0) }
        }
        let text = searchText.text
        let order = self.order
        let parts = count >= Self.parallelThreshold ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        let results = QuickOpenParts(count: parts)
        let total = count
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (total * part / parts)..<(total * (part + 1) / parts)
            results.set(part, Self.bestTitles(matcher, text: text, order: order, positions: range, limit: limit))
        }
        return Self.best(of: results.all, limit: limit)
    }

    /// The best `limit` hits among the notes at display `positions`.
    private static func bestTitles(_ matcher: FuzzyMatcher, text: SearchText, order: [Int32], positions: Range<Int>,
                                   limit: Int) -> [QuickOpenHit] {
        var matcher = matcher
        var best = TopHits(limit: limit)
        text.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            text.starts.withUnsafeBufferPointer { starts in
                for position in positions {
                    let slot = Int(order[position])
                    let start = starts[slot], end = starts[slot + 1]
                    var titleEnd = start
                    while titleEnd < end, bytes[titleEnd] != SearchableNote.bodyMarker, bytes[titleEnd] != 0 {
                        titleEnd += 1
                    }
                    let title = UnsafeBufferPointer(start: base + start, count: titleEnd - start)
                    guard let score = matcher.score(title) else { continue }
                    best.add(QuickOpenHit(position: Int32(position), score: score, length: title.count))
                }
            }
        }
        return best.hits
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

/// The hits of each part of a parallel quick-open scan.
private final class QuickOpenParts: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[NoteIndex.QuickOpenHit]]

    init(count: Int) { parts = Array(repeating: [], count: count) }

    func set(_ index: Int, _ hits: [NoteIndex.QuickOpenHit]) {
        lock.withLock { parts[index] = hits }
    }

    var all: [[NoteIndex.QuickOpenHit]] { lock.withLock { parts } }
}
