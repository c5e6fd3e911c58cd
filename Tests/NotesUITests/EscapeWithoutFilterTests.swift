import Testing
import NotesTerminal
import NotesUI

/// `Esc` on the list clears a filter and goes back to the top; with no filter to clear it
/// leaves the selection alone (a reflexive `Esc` does not lose the user's place).
@Suite struct EscapeWithoutFilterTests {
    @Test func escapeWithNothingToClearKeepsTheSelectedNote() throws {
        // Given the list showing every note, the cursor moved down
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.down, .down)
        runner.run()
        let selected = try #require(runner.state.selectedNote(in: runner.snapshot))
        #expect(runner.state.noteRow == 2)

        // When Esc is pressed with no filter
        terminal.press(.escape)
        runner.run()

        // Then the same note is still selected
        #expect(runner.state.noteRow == 2)
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == selected.id)
    }

    @Test func escapeClearsAFilterAndGoesBackToTheTop() throws {
        // Given a kept filter and the cursor on its second match
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.character("/"))
        terminal.type("o")
        terminal.press(.enter, .down)
        runner.run()
        #expect(runner.state.filter.query == "o")

        // When Esc is pressed
        terminal.press(.escape)
        runner.run()

        // Then the filter is gone and the cursor is on the first note
        #expect(runner.state.filter.query.isEmpty)
        #expect(runner.state.noteRow == 0)
    }
}
