import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// The list shows what other processes commit without a key: the runner wakes up when
/// no key comes, picks up their changes, and keeps the cursor on the note it was on.
@Suite struct LiveRefreshTests {
    @Test func aNoteAddedElsewhereAppearsWithoutAKeyAndTheCursorStays() throws {
        // Given the list with the second note ("Groceries") selected
        let (runner, terminal, repository) = OtherProcessRepository.runner()
        terminal.press(.down)
        runner.run()
        #expect(runner.state.selectedNote(in: runner.snapshot)?.title == "Groceries")
        #expect(terminal.lastBuffer?.lines[0].contains("3 notes") == true)

        // When another process commits a newer note (listed first) and no key comes
        repository.pending = .putNote(Note(title: "From elsewhere", created: UIFixtures.now))
        runner.run()

        // Then a pause was enough: the note is listed, the count updated, and the
        // cursor is still on "Groceries" (now the third row)
        #expect(terminal.idleCount >= 1)
        let buffer = try #require(terminal.lastBuffer)
        #expect(buffer.lines[0].contains("4 notes"))
        #expect(buffer.lines.contains { $0.contains("From elsewhere") })
        #expect(runner.state.selectedNote(in: runner.snapshot)?.title == "Groceries")
        #expect(runner.state.noteRow == 2)
    }

    @Test func aPauseWithNothingNewDrawsNothing() {
        let (runner, terminal, _) = UIFixtures.runner()
        runner.run()
        #expect(terminal.idleCount == 1)
        #expect(terminal.drawCount == 1)  // the first frame only
    }

    @Test func aFilteredListTakesInTheNewNoteWhenItMatches() throws {
        let (runner, terminal, repository) = OtherProcessRepository.runner()
        terminal.type("/creme")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.filter.count(in: runner.snapshot.index) == 0)

        repository.pending = .putNote(Note(title: "Crème brûlée", created: UIFixtures.now))
        runner.run()

        #expect(runner.state.filter.count(in: runner.snapshot.index) == 1)
        #expect(terminal.lastBuffer?.lines[0].contains("1 of 4 notes") == true)
    }
}
