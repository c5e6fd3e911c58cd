import Foundation
import Testing
import NotesModel
import NotesTestSupport
import NotesUI

/// Narrowing: a query that extends the previous one scores only the titles that passed
/// it, and must rank exactly as a fresh search does.
@Suite struct QuickOpenNarrowingTests {
    static let pieces = ["gar", "den", "plan", "Café", "crème", " ", "-", "note", "e", "日本", "2024", "x"]

    /// `count` titles made of `pieces`, the same for the same seed.
    static func titles(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in (0..<random.int(1...5)).map { _ in random.pick(pieces) }.joined() }
    }

    func titles(_ hits: [NoteIndex.QuickOpenHit], _ index: NoteIndex) -> [String] {
        hits.map { index.note(at: Int($0.position)).title }
    }

    /// Types `query` a character at a time, each step narrowing the last, and checks each
    /// step against a fresh search.
    func expectNarrowingRanksAsFresh(_ query: String, in index: NoteIndex, limit: Int) {
        var previous: NoteIndex.QuickOpenCandidates?
        for length in 1...query.count {
            let typed = String(query.prefix(length))
            let narrowed = index.quickOpen(typed, limit: limit, narrowing: previous)
            #expect(narrowed.hits == index.quickOpen(typed, limit: limit), "\(typed)")
            previous = narrowed.candidates
        }
    }

    @Test func narrowingRanksAsAFreshSearch() {
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles(600, seed: 7)))
        for query in ["gdn", "garden plan", "cafe", "CRÈME", "2024 note", "日本x", "e-e", "zzz"] {
            expectNarrowingRanksAsFresh(query, in: index, limit: 10)
            expectNarrowingRanksAsFresh(query, in: index, limit: 600)
        }
    }

    /// Above `parallelThreshold` the candidates are split between the processors.
    @Test func narrowingSplitBetweenProcessorsRanksAsAFreshSearch() {
        let count = NoteIndex.parallelThreshold + 1_000
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles(count, seed: 11)))
        expectNarrowingRanksAsFresh("garden plan", in: index, limit: QuickOpen.limit)
        expectNarrowingRanksAsFresh("e", in: index, limit: QuickOpen.limit)
    }

    @Test func theCandidatesAreEveryTitleThatMatched() throws {
        let index = NoteIndex(database: QuickOpenTests.database(["Garden", "Gold", "Shopping", "garden plan"]))
        let candidates = try #require(index.quickOpen("gd", limit: 1, narrowing: nil).candidates)
        #expect(candidates.count == 3)
        let narrowed = index.quickOpen("gdn", limit: 10, narrowing: candidates)
        #expect(titles(narrowed.hits, index) == ["Garden", "garden plan"])
        #expect(narrowed.candidates?.count == 2)
    }

    @Test func candidatesOfAnotherQueryOrIndexAreNotUsed() throws {
        let index = NoteIndex(database: QuickOpenTests.database(["Garden", "Shopping"]))
        let none = try #require(index.quickOpen("zz", limit: 10, narrowing: nil).candidates)
        #expect(none.count == 0)
        // "shop" does not extend "zz": a fresh search.
        #expect(titles(index.quickOpen("shop", limit: 10, narrowing: none).hits, index) == ["Shopping"])
        // Another index: its own titles, even for a query that extends "zz".
        let other = NoteIndex(database: QuickOpenTests.database(["zzz top", "Garden"]))
        #expect(titles(other.quickOpen("zzz", limit: 10, narrowing: none).hits, other) == ["zzz top"])
    }

    @Test func typingInQuickOpenRanksAsAFreshSearch() {
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles(400, seed: 3)))
        var open = QuickOpen(in: index)
        for character in "garden p" {
            #expect(open.handle(.character(character), in: index, page: 10) == nil)
            let fresh = index.quickOpen(open.field.text, limit: QuickOpen.limit)
            #expect(open.rows.map(\.title) == titles(fresh, index), "\(open.field.text)")
        }
        #expect(open.handle(.backspace, in: index, page: 10) == nil)
        #expect(open.rows.map(\.title) == titles(index.quickOpen("garden ", limit: QuickOpen.limit), index))
    }
}
