import NotesModel

extension NoteIndex {
    /// How many notes from the top of the list quick open ranks while the search text is
    /// still being built (a few milliseconds of folding and scoring).
    public static let quickOpenRecentCount = 2_000

    /// Quick open's `limit` best notes for `query` among the first `recent` notes of the
    /// list only (the most recently updated), folding their names here: what can be shown
    /// before the search text, and the summaries kept with it, are built. Ranked as
    /// `quickOpen(_:limit:)` ranks, so a note listed here keeps its place among these once
    /// every note is ranked.
    public func quickOpenAmongRecent(_ query: String, limit: Int, recent: Int = quickOpenRecentCount) -> [QuickOpenHit] {
        let folded = FuzzyMatcher(query: query).query
        guard limit > 0, !folded.isEmpty else { return [] }
        let scorer = FuzzyScorer(query: folded)
        var best = QuickOpenTopHits(limit: limit)
        for position in 0..<min(recent, count) {
            var found: QuickOpenHit?
            for name in QuickOpenNames.of(note(at: position)) {
                let bytes = SearchFolding.fold(name)
                guard let score = bytes.withUnsafeBufferPointer({ scorer.score($0) }) else { continue }
                let hit = QuickOpenHit(position: Int32(position), score: score, length: bytes.count)
                if found.map({ hit.ranks(before: $0) }) ?? true { found = hit }
            }
            if let found { best.add(found) }
        }
        return best.hits
    }
}
