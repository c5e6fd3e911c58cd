import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// What `u` says and where the cursor stays after a pin and a tag renamed across notes.
@Suite struct UndoPinAndTagWordsTests {
    @Test func undoingAPinNamesItAndKeepsTheCursorOnTheNote() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("j"), .character("j"), .character("p"))
        runner.run()
        #expect(repository.contents.notes[UIFixtures.idea.id]?.pinned == true)
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == UIFixtures.idea.id)
        terminal.press(.character("u"))
        runner.run()
        #expect(repository.contents.notes[UIFixtures.idea.id]?.pinned == false)
        #expect(runner.state.message?.text == "Undone: pin \"Loose idea\" (Ctrl-R redoes)")
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == UIFixtures.idea.id)
    }

    @Test func undoingATagMergeSaysWhatItWas() throws {
        var other = UIFixtures.idea
        other.tags = ["shopping"]
        let (runner, terminal, repository) = UIFixtures.runner(
            NotesDatabase(notes: [UIFixtures.report, UIFixtures.groceries, other], categories: [UIFixtures.work, UIFixtures.home]))
        terminal.press(.character("#"))
        runner.run()
        let row = try #require(runner.state.tagBrowser?.entries.firstIndex { $0.tag == "shopping" })
        for _ in 0..<row { terminal.press(.character("j")) }
        terminal.press(.character("r"), .control("u"))
        terminal.type("errands")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.message?.text == "Renamed #shopping to #errands on 2 notes (u undoes it)")
        terminal.press(.character("u"))
        runner.run()
        #expect(runner.state.message?.text == "Undone: tags of 2 notes (Ctrl-R redoes)")
        #expect(repository.contents.notes[other.id]?.tags == ["shopping"])
    }
}
