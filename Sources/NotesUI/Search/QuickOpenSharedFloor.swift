import Foundation

/// What the parts of a parallel quick-open search know together of the worst hit that can
/// still be listed. Each part keeps its own best `limit` hits, whose worst (`QuickOpenTopHits.floor`)
/// is about the whole search's `2 × limit`-th with two parts; here each part vouches for
/// its best `share` hits (`limit` together), so that the worst of the parts' `share`-th
/// hits has at least `limit` hits ranking at or before it: a note that cannot rank before
/// it cannot be listed, whichever part holds it.
final class QuickOpenSharedFloor: @unchecked Sendable {
    private let lock = NSLock()
    /// Per part, its `share`-th best hit so far (nil until it has `share` hits).
    private var vouched: [NoteIndex.QuickOpenHit?]
    /// How many of its best hits each part vouches for.
    let share: Int

    init(parts: Int, limit: Int) {
        vouched = Array(repeating: nil, count: parts)
        share = (limit + parts - 1) / parts
    }

    /// Records `part`'s `share`-th best hit (nil: it has fewer) and returns the worst of
    /// every part's, nil while a part has fewer than `share` hits.
    func vouch(_ part: Int, _ hit: NoteIndex.QuickOpenHit?) -> NoteIndex.QuickOpenHit? {
        lock.withLock {
            if let hit { vouched[part] = hit }
            var worst: NoteIndex.QuickOpenHit?
            for hit in vouched {
                guard let hit else { return nil }
                if worst.map({ $0.ranks(before: hit) }) ?? true { worst = hit }
            }
            return worst
        }
    }
}
