import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// Quick open passes over most titles unscored (`TitleSummary`, `FuzzyBound`) and scores
/// the rest with `FuzzyScorer`: its ranking must be that of scoring every title with
/// `FuzzyMatcher`, on a fresh index and on one changed in place by commits.
@Suite struct QuickOpenIndexTests {
    /// One ranked note: its display position, score and folded title's length.
    struct Ranked: Equatable {
        var position: Int32
        var score: Int
        var length: Int
    }

    /// The ranking of scoring every note in display order: score, then shorter folded title, then position.
    static func everyTitleRanked(_ query: String, in index: NoteIndex, limit: Int) -> [Ranked] {
        var matcher = FuzzyMatcher(query: query)
        var hits: [Ranked] = []
        for position in 0..<index.count {
            let title = SearchFolding.fold(index.note(at: position).title)
            guard let score = title.withUnsafeBufferPointer({ matcher.score($0) }) else { continue }
            hits.append(Ranked(position: Int32(position), score: score, length: title.count))
        }
        hits.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.length != b.length { return a.length < b.length }
            return a.position < b.position
        }
        return Array(hits.prefix(limit))
    }

    static func ranked(_ query: String, in index: NoteIndex, limit: Int) -> [Ranked] {
        index.quickOpen(query, limit: limit).map { Ranked(position: $0.position, score: $0.score, length: $0.length) }
    }

    static let queries = ["a", "al", "alp", "alpha b", "e", "ab", "zz", "日本", "ecole", "STRASSE", "a a", "dt", "q"]

    @Test(arguments: [UInt64(5), 6, 7])
    func rankingIsThatOfScoringEveryTitleAfterCommits(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let repository = InMemoryNotesRepository(IncrementalIndexTests.database(&random, notes: 300))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground)
        for round in 0..<8 {
            if round > 0 { try snapshot.commit(IncrementalIndexTests.changes(&random, in: repository.contents), through: repository) }
            for query in Self.queries {
                for limit in [1, 5, 100] {
                    #expect(Self.ranked(query, in: snapshot.index, limit: limit)
                                == Self.everyTitleRanked(query, in: snapshot.index, limit: limit),
                            "\(query), limit \(limit), round \(round)")
                }
            }
        }
    }

    @Test func aLargeIndexSplitInPartsRanksAsScoringEveryTitle() {
        var random = SeededRandom(seed: 41)
        let index = NoteIndex(database: IncrementalIndexTests.database(&random, notes: NoteIndex.parallelThreshold + 300))
        for query in ["a", "alpha", "dz", "e b"] {
            #expect(Self.ranked(query, in: index, limit: QuickOpen.limit)
                        == Self.everyTitleRanked(query, in: index, limit: QuickOpen.limit))
        }
    }

    /// Typing, erasing several characters and typing again narrows from the candidates
    /// kept for the text typed before: each step ranks as a fresh search.
    @Test func backspacesAndRetypingRankAsAFreshSearch() {
        let index = NoteIndex(database: QuickOpenTests.database(QuickOpenNarrowingTests.titles(500, seed: 21)))
        var open = QuickOpen(in: index)
        var keys: [Key] = "garden p".map { Key.character($0) }
        keys += [.backspace, .backspace, .backspace]
        keys += "n plan".map { Key.character($0) }
        keys += [.backspace, .character("x")]
        for key in keys {
            #expect(open.handle(key, in: index, page: 10) == nil)
            let fresh = index.quickOpen(open.field.text, limit: QuickOpen.limit).map { index.note(at: Int($0.position)).title }
            #expect(open.rows.map(\.title) == fresh, "\(open.field.text)")
        }
    }
}
