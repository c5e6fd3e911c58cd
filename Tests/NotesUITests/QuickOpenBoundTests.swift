import Foundation
import Testing
import NotesModel
import NotesTestSupport
import NotesUI

/// Quick open scores the notes highest bound first, and carries each note's bound (or
/// score) from one query to the longer one typed after it: typed a key at a time, each
/// step must rank as scoring every title, on titles of words whose starts decide the bound.
@Suite struct QuickOpenBoundTests {
    static let words = ["month", "the", "to", "Meeting", "notes", "a", "grocery", "swift", "release", "日本", "café", "x"]
    static let separators = [" ", " ", " ", "-", "/", ""]

    /// `count` titles of 1 to 11 words, the same for the same seed.
    static func titles(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            (0..<random.int(1...11)).map { _ in random.pick(Self.words) + random.pick(Self.separators) }.joined()
        }
    }

    static func ranked(_ hits: [NoteIndex.QuickOpenHit]) -> [QuickOpenIndexTests.Ranked] {
        hits.map { QuickOpenIndexTests.Ranked(position: $0.position, score: $0.score, length: $0.length) }
    }

    @Test(arguments: [1, 10, 100])
    func typingKeyByKeyRanksAsScoringEveryTitle(limit: Int) {
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles(2_000, seed: 31)))
        for query in ["mtng nts", "grcy", "swft rls", "café", "日本", "mt", "tt x", "the month"] {
            var previous: NoteIndex.QuickOpenCandidates?
            for length in 1...query.count {
                let typed = String(query.prefix(length))
                let result = index.quickOpen(typed, limit: limit, narrowing: previous)
                #expect(Self.ranked(result.hits) == QuickOpenIndexTests.everyTitleRanked(typed, in: index, limit: limit),
                        "\(typed), limit \(limit)")
                previous = result.candidates
            }
        }
    }

    /// Above `parallelThreshold` each part keeps its own best hits and bounds.
    @Test func aLargeIndexSplitInPartsRanksAsScoringEveryTitle() {
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles(NoteIndex.parallelThreshold + 500, seed: 32)))
        var previous: NoteIndex.QuickOpenCandidates?
        for typed in ["m", "mt", "mtn", "mtng", "mtng ", "mtng n"] {
            let result = index.quickOpen(typed, limit: QuickOpen.limit, narrowing: previous)
            #expect(Self.ranked(result.hits) == QuickOpenIndexTests.everyTitleRanked(typed, in: index, limit: QuickOpen.limit),
                    "\(typed)")
            previous = result.candidates
        }
    }
}
