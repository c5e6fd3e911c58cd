import Foundation
import Testing
import NotesModel
import NotesTerminal
@testable import NotesUI

/// The parts of a parallel quick-open search share a floor (`QuickOpenSharedFloor`), a
/// title is told apart before scoring when it does not hold the query's bytes in order,
/// and a candidate found not to match stays in its list marked `gone`: none of these may
/// change the ranking.
@Suite struct QuickOpenPartsTests {
    static func hit(_ score: Int, length: Int = 5, position: Int32) -> NoteIndex.QuickOpenHit {
        NoteIndex.QuickOpenHit(position: position, score: score, length: length)
    }

    @Test func theSharedFloorIsTheWorstOfEveryPartsVouchedHit() {
        let floor = QuickOpenSharedFloor(parts: 2, limit: 100)
        #expect(floor.share == 50)
        #expect(QuickOpenSharedFloor(parts: 3, limit: 100).share == 34)
        // Until every part has its share of hits, nothing is known.
        #expect(floor.vouch(0, Self.hit(90, position: 1)) == nil)
        #expect(floor.vouch(1, nil) == nil)
        #expect(floor.vouch(1, Self.hit(80, position: 2)) == Self.hit(80, position: 2))
        // A part that has no better hit to tell keeps what it vouched for.
        #expect(floor.vouch(0, nil) == Self.hit(80, position: 2))
        #expect(floor.vouch(1, Self.hit(95, position: 3)) == Self.hit(90, position: 1))
        // Equal scores: the longer title ranks after.
        #expect(floor.vouch(1, Self.hit(90, length: 9, position: 4)) == Self.hit(90, length: 9, position: 4))
    }

    /// "gdn" matches; the other titles hold its bytes but not in order: each one scored is
    /// found not to match (`gone`), each one passed over keeps its bound.
    static let titles = ["gdn"] + (0..<40).map { "ndg \($0)" }

    func goneAfterRanking(_ shared: QuickOpenSharedFloor?) -> (hits: Int, gone: Int) {
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles))
        var scan = QuickOpenScan(query: Array("gdn".utf8), text: index.searchText.text, positionOfSlot: index.positionOfSlot,
                                 limit: 2, shared: shared, part: 0)
        scan.run(Int32(0)..<Int32(Self.titles.count))
        return (scan.result.hits.count, scan.result.candidates.bounds.filter { $0 == QuickOpenCandidateList.gone }.count)
    }

    @Test func aPartPassesOverTitlesThatCannotReachTheOtherPartsHits() {
        // Alone, with one hit of the two it may keep, the part scores every title.
        #expect(goneAfterRanking(nil) == (1, 40))
        // The other part vouches for a hit no title here reaches: once this part has its
        // share (one), the rest cannot be listed and are passed over.
        let shared = QuickOpenSharedFloor(parts: 2, limit: 2)
        _ = shared.vouch(1, Self.hit(10_000, position: 99))
        let (hits, gone) = goneAfterRanking(shared)
        #expect(hits == 1)
        #expect(gone > 0 && gone < 40)
    }

    @Test func aTitleIsToldApartWhenItDoesNotHoldTheQueryInOrder() {
        func first(_ query: String, _ title: String) -> Int? {
            Array(title.utf8).withUnsafeBufferPointer { QuickOpenScan.firstColumn(of: Array(query.utf8), inOrder: $0) }
        }
        #expect(first("mtng", "meeting") == 0)
        #expect(first("mtng", "a month to nag") == 2)
        #expect(first("mtng", "nag to month") == nil)
        #expect(first("ee", "e") == nil)
        #expect(first("ee", "bebe") == 1)
        #expect(first("a", "") == nil)
        #expect(first("", "") == nil)
        #expect(first("日本", "a 日本") == 2)
        #expect(first("本日", "日本") == nil)
    }

    @Test func aCandidateFoundNotToMatchIsPassedOverByTheLongerQuery() throws {
        // "dn g" holds g, d and n, not in that order: scored for "gdn" and marked gone.
        let index = NoteIndex(database: QuickOpenTests.database(["dn g", "garden"]))
        let first = index.quickOpen("gd", limit: 10, narrowing: nil)
        let candidates = try #require(first.candidates)
        #expect(candidates.count == 1)
        #expect(candidates.parts.map { $0.bounds.filter { $0 == QuickOpenCandidateList.gone }.count }.reduce(0, +) == 1)
        let narrowed = index.quickOpen("gdn", limit: 10, narrowing: candidates)
        #expect(narrowed.hits.map { index.note(at: Int($0.position)).title } == ["garden"])
        #expect(narrowed.candidates?.parts.map(\.count).reduce(0, +) == 1)
    }

    /// Above `parallelThreshold` the parts share their floor: typed key by key with
    /// backspaces on titles made like the bench's, every step ranks as scoring every title.
    @Test func typingOnAnIndexSplitInPartsRanksAsScoringEveryTitle() {
        let titles = QuickOpenSeededStoreTests.titles(NoteIndex.parallelThreshold + 2_000, seed: 77)
        let index = NoteIndex(database: QuickOpenTests.database(titles))
        for text in ["mtng nts", "grcrs", "ca"] {
            var open = QuickOpen(in: index)
            for key in text.map({ Key.character($0) }) + [.backspace, .backspace, .character("s")] {
                #expect(open.handle(key, in: index, page: 10) == nil)
                guard !open.field.text.isEmpty else { continue }
                let expected = QuickOpenIndexTests.everyTitleRanked(open.field.text, in: index, limit: QuickOpen.limit)
                #expect(open.rows.map(\.id) == expected.map { index.note(at: Int($0.position)).id }, "\(open.field.text)")
            }
        }
    }
}
