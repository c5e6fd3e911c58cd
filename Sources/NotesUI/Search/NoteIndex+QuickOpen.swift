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

    /// The notes that may match a quick-open query, kept so that a longer query typed
    /// after it looks only at these: a title holding the longer query in order holds its
    /// start too. Every note that matched is among them; so are notes passed over
    /// unscored (their bound could not reach the hits kept), which a later query scores.
    /// Each has an upper bound of its score for the query (its score where it was scored):
    /// the longer query's score is at most that plus what its added bytes may bring.
    public struct QuickOpenCandidates: Equatable, Sendable {
        /// The index version they belong to (`NoteIndex.id`): another version starts afresh.
        let indexID: UUID
        /// The folded query they passed.
        public let query: [UInt8]
        /// Them in the parts the search was split into (a longer query splits the same way,
        /// so that no part is copied to join them).
        let parts: [QuickOpenCandidateList]

        /// How many notes may match.
        public var count: Int { parts.reduce(0) { $0 + $1.liveCount } }
    }

    /// What quick open ranked: the best hits, and the notes that may match (nil for an
    /// empty query, which matches everything, and for a one-byte query: a longer one is
    /// bounded better from every note's summary than from these).
    public struct QuickOpenResult: Sendable {
        public var hits: [QuickOpenHit]
        public var candidates: QuickOpenCandidates?
    }

    /// The `limit` best notes for quick open's `query`, best first (see `quickOpen(_:limit:narrowing:)`).
    public func quickOpen(_ query: String, limit: Int) -> [QuickOpenHit] {
        quickOpen(query, limit: limit, narrowing: nil).hits
    }

    /// The `limit` best notes for quick open's `query` (`FuzzyMatcher`'s score of the
    /// folded names of each note, `QuickOpenNames`), best first; on an empty query the
    /// first `limit` in display order (the most recently updated). Looks at every note, or
    /// only at `previous`'s when they belong to this index and `query` extends their
    /// query; a note is passed over on its `TitleSummary` when it lacks a byte of the
    /// query; the others are scored (`FuzzyScorer`) highest bound first (`FuzzyBound`, or
    /// the previous bound plus what the added bytes may bring) until the next bound is
    /// below the worst hit kept. Split between the processors. The ranking is that of
    /// scoring every note.
    public func quickOpen(_ query: String, limit: Int, narrowing previous: QuickOpenCandidates?) -> QuickOpenResult {
        guard limit > 0 else { return QuickOpenResult(hits: [], candidates: nil) }
        let folded = FuzzyMatcher(query: query).query
        guard !folded.isEmpty else {
            let hits = (0..<min(limit, count)).map { QuickOpenHit(position: Int32($0), score: 0, length: 0) }
            return QuickOpenResult(hits: hits, candidates: nil)
        }
        let text = searchText.text
        let positions = positionOfSlot
        let narrowed = previous.flatMap { $0.indexID == id && folded.starts(with: $0.query) ? $0 : nil }
        let earlier = narrowed.map { Self.split($0.parts) }
        let total = min(text.slotCount, positions.count)
        let parts = earlier?.count ?? (total >= Self.parallelThreshold ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1)
        let results = QuickOpenParts(count: parts)
        let shared = parts > 1 ? QuickOpenSharedFloor(parts: parts, limit: limit) : nil
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var scan = QuickOpenScan(query: folded, text: text, positionOfSlot: positions, limit: limit,
                                     shared: shared, part: part)
            if let earlier, let narrowed {
                scan.run(earlier[part], extending: narrowed.query.count)
            } else {
                scan.run(Int32(total * part / parts)..<Int32(total * (part + 1) / parts))
            }
            results.set(part, scan.result)
        }
        let all = results.all
        let candidates = folded.count == 1 ? nil : QuickOpenCandidates(indexID: id, query: folded, parts: all.map(\.candidates))
        var best = QuickOpenTopHits(limit: limit)
        for hit in all.map(\.hits).joined() { best.add(hit) }
        return QuickOpenResult(hits: best.hits, candidates: candidates)
    }
}

extension NoteIndex {
    /// The parts a narrowed search goes over: the earlier search's, or one part when
    /// they are too few to be worth another thread.
    fileprivate static func split(_ parts: [QuickOpenCandidateList]) -> [QuickOpenCandidateList] {
        let total = parts.reduce(0) { $0 + $1.count }
        guard parts.count > 1, total < parallelThreshold else { return parts }
        return [QuickOpenCandidateList(joining: parts)]
    }
}

/// The parts of a parallel quick-open scan.
private final class QuickOpenParts: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [QuickOpenScan.Part]

    init(count: Int) { parts = Array(repeating: QuickOpenScan.Part(hits: [], candidates: QuickOpenCandidateList()), count: count) }

    func set(_ index: Int, _ part: QuickOpenScan.Part) {
        lock.withLock { parts[index] = part }
    }

    var all: [QuickOpenScan.Part] { lock.withLock { parts } }
}
