import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// The read view shows a note's Markdown rendered; `R` shows the raw text; tasks are
/// ticked with `Tab` and `x` as body edits, undone with `u`.
@Suite struct RenderedReadTests {
    static let checklist = Note(id: UIFixtures.uuid(70), title: "Trip", body: "# Packing\r\n\r\n- [ ] passport\r\n- [x] tickets\r\n> - [ ] charger in a quote\r\n\r\nSee **notes**.",
                                created: UIFixtures.now, kind: .checklist)

    static func runner() -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        // The header takes three lines at 40 columns (the dates wrap), the body eight.
        let runner = UIFixtures.runner(NotesDatabase(notes: [checklist]), width: 40, height: 13)
        runner.1.press(.enter)
        runner.0.run()
        return runner
    }

    @Test func theReadViewRendersAndRShowsTheRawText() throws {
        let (runner, terminal, _) = Self.runner()
        var lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[1].hasPrefix(" 1/3 · updated"))
        #expect(Array(lines[4...11]).map { $0.trimmingCharacters(in: .whitespaces) } == [
            "# Packing", "", "☐ passport", "☑ tickets", "", "│ ☐ charger in a quote", "", "See notes.",
        ])
        let buffer = try #require(terminal.lastBuffer)
        #expect(buffer[5, 11].style.bold && !buffer[1, 11].style.bold)  // "notes" is strong
        terminal.press(.character("R"))
        runner.run()
        lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[6].hasPrefix(" - [ ] passport"))
        #expect(runner.state.readsRaw)
    }

    @Test func tabAndXTickATaskAsABodyEditThatUUndoes() throws {
        let (runner, terminal, repository) = Self.runner()
        terminal.press(.tab, .tab, .tab)  // to the task in the quote
        terminal.press(.character("x"))
        runner.run()
        let body = try #require(repository.contents.notes[Self.checklist.id]?.body)
        let before = Array(Self.checklist.body.utf8), after = Array(body.utf8)
        #expect(after.count == before.count)
        #expect(before.indices.filter { before[$0] != after[$0] }.count == 1)
        #expect(body.contains("> - [x] charger in a quote\r\n"))
        #expect(terminal.lastBuffer?.lines[9].contains("│ ☑ charger in a quote") == true)
        #expect(terminal.lastBuffer?.lines[1].hasPrefix(" 2/3 · updated") == true)
        terminal.press(.character("u"))
        runner.run()
        #expect(repository.contents.notes[Self.checklist.id]?.body == Self.checklist.body)
    }

    @Test func spaceTicksOnlyOnATaskAndPagesOtherwise() throws {
        let (runner, terminal, repository) = Self.runner()
        terminal.press(.character(" "))
        runner.run()
        #expect(repository.contents.notes[Self.checklist.id]?.body == Self.checklist.body)
        terminal.press(.character("g"), .tab, .character(" "))
        runner.run()
        #expect(repository.contents.notes[Self.checklist.id]?.body.contains("- [x] passport") == true)
    }

    @Test func theListRowOfAChecklistShowsItsProgress() throws {
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [Self.checklist]), width: 60, height: 10)
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Trip") && $0.contains("1/3 · ") } == true)
    }
}

/// The preview pane renders the start of the body; while filtering it shows the raw
/// text around the first match.
@Suite struct RenderedPreviewTests {
    @Test func thePreviewRendersTheBody() throws {
        let note = Note(id: UIFixtures.uuid(71), title: "Plan", body: "## Steps\n\n- [ ] **call** Ana\n\n| a | b |\n|---|---|\n| 1 | 2 |",
                        created: UIFixtures.now)
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 100, height: 14)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        for expected in ["## Steps", "☐ call Ana", "a │ b", "──┼──", "1 │ 2"] {
            #expect(lines.contains { $0.contains(expected) }, "\(expected)")
        }
        #expect(!lines.contains { $0.contains("**call**") || $0.contains("|---|") })
    }
}
