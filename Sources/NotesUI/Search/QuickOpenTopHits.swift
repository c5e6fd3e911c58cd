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

    /// The `count`-th best hit kept, nil while fewer are kept.
    func hit(_ count: Int) -> NoteIndex.QuickOpenHit? { count > 0 && hits.count >= count ? hits[count - 1] : nil }

    mutating func add(_ hit: NoteIndex.QuickOpenHit) {
        if let floor, !hit.ranks(before: floor) { return }
        var index = hits.count
        while index > 0, hit.ranks(before: hits[index - 1]) { index -= 1 }
        hits.insert(hit, at: index)
        if hits.count > limit { hits.removeLast() }
    }
}
