import Foundation
import Testing
import NotesModel
import NotesTerminal
@testable import NotesUI

/// Quick open typed into before the search text is built (a large store just opened):
/// the key does not wait for it; the box lists the best of the most recent notes and says
/// "still counting", and every note is ranked at the first pause after the text is built.
@Suite struct QuickOpenStillCountingTests {
    /// Recent titles that match `gdpl` less well than an old "Garden plan" far below them,
    /// which only the ranking of every note finds.
    static func titles() -> [String] {
        (0..<(NoteIndex.quickOpenRecentCount + 10)).map { "Guarded trip log \($0)" } + ["Garden plan"]
    }

    /// A runner whose search text is held back until `gate` is signalled.
    static func runnerWithHeldSearchText(_ gate: DispatchSemaphore) -> (AppRunner, MemoryTerminal) {
        let (runner, terminal, _) = UIFixtures.runner(QuickOpenTests.database(titles()), width: 70, height: 16)
        let built = runner.snapshot.index.searchText.text
        runner.snapshot.index.searchText = PendingSearchText(buildingInBackground: {
            gate.wait()
            return built
        })
        return (runner, terminal)
    }

    @Test func aKeyBeforeTheSearchTextShowsRecentNotesThenRanksEveryNote() throws {
        let gate = DispatchSemaphore(value: 0)
        let (runner, terminal) = Self.runnerWithHeldSearchText(gate)
        #expect(!runner.snapshot.index.isSearchable)

        terminal.press(.control("p"), .character("g"), .character("d"), .character("p"), .character("l"))
        runner.run()  // returns at the end of the keys: none of them waited for the text

        let counting = try #require(runner.state.quickOpen)
        #expect(counting.isCounting)
        #expect(counting.rows.first?.title == "Guarded trip log 0")
        #expect(!counting.rows.contains { $0.title == "Garden plan" })
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.contains { $0.contains(QuickOpenView.countingText) })

        gate.signal()
        runner.snapshot.index.waitUntilSearchable()
        runner.run()  // the next pause ranks every note

        let ranked = try #require(runner.state.quickOpen)
        #expect(!ranked.isCounting)
        #expect(ranked.rows.first?.title == "Garden plan")
        let after = try #require(terminal.lastBuffer?.lines)
        #expect(!after.contains { $0.contains(QuickOpenView.countingText) })
    }

    @Test func theRecentNotesRankAsEveryNoteRanksAmongThem() {
        let index = NoteIndex(database: QuickOpenTests.database(QuickOpenBoundTests.titles(300, seed: 5)))
        for query in ["mtng", "grcy", "x", "日本"] {
            let recent = index.quickOpenAmongRecent(query, limit: 10, recent: 300)
            #expect(recent == index.quickOpen(query, limit: 10), "\(query)")
        }
    }
}
