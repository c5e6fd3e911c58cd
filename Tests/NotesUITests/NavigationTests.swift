import Foundation
import Testing
import NotesModel

@Suite struct NavigationTests {
    /// 30 notes, "Note 29" newest.
    let many = NotesDatabase(notes: (0..<30).map {
        Note(id: UIFixtures.uuid(100 + $0), title: "Note \($0)", created: Date(timeIntervalSince1970: 1_740_000_000 + Double($0) * 3600))
    })

    @Test func movingPastTheBottomScrollsTheList() throws {
        let (runner, terminal, _) = UIFixtures.runner(many, width: 60, height: 10)  // 8 list rows
        terminal.press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"),
                       .character("j"), .character("j"), .character("j"), .character("j"))
        runner.run()
        #expect(runner.state.noteRow == 9)
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[1].hasPrefix("   Note 27"))  // scrolled by two
        #expect(lines[8].hasPrefix("  ▶Note 20"))
    }

    @Test func pageAndEndKeys() throws {
        let (runner, terminal, _) = UIFixtures.runner(many, width: 60, height: 10)
        terminal.press(.character("G"))
        runner.run()
        #expect(runner.state.noteRow == 29)
        #expect(terminal.lastBuffer?.lines[8].hasPrefix("  ▶Note 0") == true)
        terminal.press(.pageUp)
        runner.run()
        #expect(runner.state.noteRow == 22)
        terminal.press(.character("g"), .pageDown)
        runner.run()
        #expect(runner.state.noteRow == 7)
        terminal.press(.up, .up, .character("k"))
        runner.run()
        #expect(runner.state.noteRow == 4)
    }

    @Test func movingTheSelectionChangesOnlyTwoRowsMarkersAndTitles() throws {
        let (runner, terminal, _) = UIFixtures.runner(many, width: 200, height: 60)
        terminal.press(.character("v"))  // hide the preview
        runner.run()
        let before = try #require(terminal.lastBuffer)
        terminal.press(.character("j"))
        runner.run()
        let after = try #require(terminal.lastBuffer)
        var changedRows = Set<Int>(), changedCells = 0
        for y in 0..<60 {
            for x in 0..<200 where before[x, y] != after[x, y] {
                changedRows.insert(y)
                changedCells += 1
            }
        }
        #expect(changedRows == [1, 2])
        #expect(changedCells == 2 * (1 + "Note 28".count))
    }

    @Test func theReadViewShowsTheWholeNote() throws {
        let (runner, terminal, _) = UIFixtures.runner(width: 60, height: 10)
        terminal.press(.enter)
        runner.run()
        expectLines(terminal.lastBuffer, [
            " Quarterly report                                           ",
            " Work · updated 2025-03-02 · created 2025-03-02 · #q3       ",
            " #report                                                    ",
            "                                                            ",
            " Numbers for Q3.                                            ",
            " Send to Ana before Friday.                                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "/ find  n/N match  R raw  e edit  d trash  ? help  q back   ",
        ])
    }

    @Test func helpClosesOnAnyKey() throws {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.character("?"))
        runner.run()
        #expect(runner.state.showsHelp)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("─ Keys ─") } == true)
        terminal.press(.enter)  // j/k scroll a help taller than the screen; other keys close it
        runner.run()
        #expect(!runner.state.showsHelp)
        #expect(runner.state.screen == .notes)  // the key only closed the help
    }

    @Test func renameACategory() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("c"), .down, .character("r"), .backspace, .backspace, .backspace, .backspace)
        terminal.type("Job")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.categories[UIFixtures.work.id]?.name == "Job")
        #expect(repository.contents.categories[UIFixtures.work.id]?.color == UIFixtures.work.color)
    }
}

@Suite struct ReadViewScrollTests {
    @Test func scrollingStopsAtTheEndOfTheBody() throws {
        let long = Note(id: UIFixtures.uuid(50), title: "Long", body: (1...20).map { "line \($0)" }.joined(separator: "\n"),
                        created: UIFixtures.now)
        // The dates take two lines at 40 columns: 5 body rows.
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [long]), width: 40, height: 10)
        terminal.press(.enter, .character("G"))
        runner.run()
        #expect(terminal.lastBuffer?.lines[4].hasPrefix(" line 16") == true)
        #expect(terminal.lastBuffer?.lines[8].hasPrefix(" line 20") == true)
        terminal.press(.character("j"), .character("j"), .character("k"))
        runner.run()
        #expect(terminal.lastBuffer?.lines[4].hasPrefix(" line 15") == true)
    }
}
