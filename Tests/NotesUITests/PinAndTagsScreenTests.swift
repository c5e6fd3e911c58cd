import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// `p` (pin), `#` (the tags screen) and the `t` prompt, through `AppRunner` on a real store.
@Suite struct PinAndTagsScreenTests {
    /// A store holding the UI fixtures (the groceries tagged `garden` and `veg patch` too), and a runner on it.
    static func withStore(_ test: (AppRunner, MemoryTerminal, NotesStore, URL) throws -> Void) throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-organize")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        var groceries = UIFixtures.groceries
        groceries.tags = ["shopping", "garden", "veg patch"]
        try store.commit(UIFixtures.database.categories.values.map(StoreChange.putCategory)
                         + [UIFixtures.report, groceries, UIFixtures.idea].map(StoreChange.putNote))
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20))
        let runner = AppRunner(terminal: terminal, repository: store, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 })
        try test(runner, terminal, store, url)
    }

    static func journalLines(_ url: URL) throws -> Int {
        try String(contentsOfFile: NotesStore.journalPath(for: url), encoding: .utf8).split(separator: "\n").count
    }

    @Test func pMovesTheNoteOnTopMarkedAndUUndoesIt() throws {
        try Self.withStore { runner, terminal, store, _ in
            terminal.press(.down, .down, .character("p"))  // the loose idea, listed last
            runner.run()
            #expect(store.contents.notes[UIFixtures.idea.id]?.pinned == true)
            let lines = try #require(terminal.lastBuffer?.lines)
            let first = try #require(lines.firstIndex { $0.contains("Loose idea") })
            #expect(first < (lines.firstIndex { $0.contains("Quarterly report") } ?? 0))
            #expect(lines[first].contains("▶* Loose idea"), "\(lines[first])")
            #expect(runner.state.message?.text == "Pinned \"Loose idea\" (listed first)")

            terminal.press(.character("/"))
            terminal.type("e")  // every note has an e: the pinned one leads the results too
            terminal.press(.enter)
            runner.run()
            #expect(runner.state.filter.count(in: runner.snapshot.index) == 3)
            #expect(runner.snapshot.index.note(at: runner.state.filter.position(ofRow: 0)).id == UIFixtures.idea.id)

            terminal.press(.escape, .character("u"))
            runner.run()
            #expect(store.contents.notes[UIFixtures.idea.id]?.pinned == false)
            let after = try #require(terminal.lastBuffer?.lines)
            #expect((after.firstIndex { $0.contains("Loose idea") } ?? 0) > (after.firstIndex { $0.contains("Quarterly report") } ?? 0))
        }
    }

    @Test func theReadViewPinsTheNoteItShows() throws {
        try Self.withStore { runner, terminal, store, _ in
            terminal.press(.down, .enter, .character("p"))
            runner.run()
            #expect(store.contents.notes[UIFixtures.groceries.id]?.pinned == true)
            #expect(runner.state.screen == .reading(UIFixtures.groceries.id))
        }
    }

    @Test func theTagsScreenCountsNarrowsAndShowsATagsNotes() throws {
        try Self.withStore { runner, terminal, _, _ in
            terminal.press(.character("#"))
            runner.run()
            let lines = try #require(terminal.lastBuffer?.lines)
            #expect(lines[0].hasPrefix(" Tags  5"))
            #expect(lines.dropFirst().prefix(5).map { $0.split(separator: " ").first.map(String.init) }
                    == ["#garden", "#q3", "#report", "#shopping", "#veg"])
            #expect(lines[5].contains("#veg patch") && lines[5].contains("1 note"))

            terminal.press(.character("/"))
            terminal.type("PATCH")
            terminal.press(.enter)
            runner.run()
            #expect(runner.state.tagBrowser?.entries.map(\.tag) == ["veg patch"])
            terminal.press(.enter)
            runner.run()
            #expect(runner.state.tagBrowser == nil)
            #expect(runner.state.filter.query == "#\"veg patch\"")
            #expect(runner.state.filter.count(in: runner.snapshot.index) == 1)
            #expect(terminal.lastBuffer?.lines.contains { $0.contains("Groceries") } == true)
        }
    }

    @Test func renamingATagIsOneCommitAndOneUUndoesIt() throws {
        try Self.withStore { runner, terminal, store, url in
            let before = try Self.journalLines(url)
            terminal.press(.character("#"), .down, .down, .character("r"), .control("u"))  // #report
            terminal.type("q3")
            terminal.press(.enter)
            runner.run()
            #expect(store.contents.notes[UIFixtures.report.id]?.tags == ["q3"])
            #expect(runner.state.message?.text == "Merged #report into #q3 on 1 note (u undoes it)")
            #expect(runner.state.tagBrowser?.counts.map(\.tag) == ["garden", "q3", "shopping", "veg patch"])

            terminal.press(.character("/"))
            terminal.type("ga")
            terminal.press(.enter, .character("r"), .control("u"))
            terminal.type("Yard")
            terminal.press(.enter)
            runner.run()
            #expect(store.contents.notes[UIFixtures.groceries.id]?.tags == ["shopping", "yard", "veg patch"])
            #expect(try Self.journalLines(url) == before + 2, "one journal line a rename")

            terminal.press(.character("u"))
            runner.run()
            #expect(store.contents.notes[UIFixtures.groceries.id]?.tags == ["shopping", "garden", "veg patch"])
            #expect(store.contents.notes[UIFixtures.report.id]?.tags == ["q3"])
        }
    }

    @Test func theCountsFollowAnotherProcessesCommits() throws {
        try Self.withStore { runner, terminal, _, url in
            terminal.press(.character("#"))
            runner.run()
            let theirs = try NotesStore.open(at: url)
            defer { theirs.close() }
            try theirs.commit(.putNote(Note(title: "Elsewhere", created: UIFixtures.now, tags: ["garden", "compost"])))
            runner.refreshFromRepository()
            runner.run()
            let counts = try #require(runner.state.tagBrowser?.counts)
            #expect(counts.first { $0.tag == "garden" }?.count == 2)
            #expect(counts.first { $0.tag == "compost" }?.count == 1)
            #expect(terminal.lastBuffer?.lines.contains { $0.contains("#compost") } == true)
        }
    }

    @Test func theTagPromptShowsTagsExactlyAndEnterUnchangedCommitsNothing() throws {
        try Self.withStore { runner, terminal, store, url in
            let before = try Self.journalLines(url)
            terminal.press(.down, .character("t"))
            runner.run()
            #expect(runner.state.prompt?.field.text == "garden, shopping, veg patch")
            terminal.press(.enter)
            runner.run()
            #expect(try Self.journalLines(url) == before)
            #expect(store.contents.notes[UIFixtures.groceries.id]?.tags == ["shopping", "garden", "veg patch"])
        }
    }

    @Test func tabCompletesAKnownTag() throws {
        try Self.withStore { runner, terminal, store, _ in
            terminal.press(.character("t"), .control("u"))
            terminal.type("GAR")
            terminal.press(.tab)
            runner.run()
            #expect(runner.state.prompt?.field.text == "garden")
            terminal.type(", ve")
            terminal.press(.tab)
            terminal.type(", zz")
            terminal.press(.tab)
            runner.run()
            #expect(runner.state.prompt?.field.text == "garden, veg patch, zz")
            #expect(runner.state.prompt?.problem == "no known tag starts so")
            terminal.press(.enter)
            runner.run()
            #expect(store.contents.notes[UIFixtures.report.id]?.tags == ["garden", "veg patch", "zz"])
        }
    }
}
