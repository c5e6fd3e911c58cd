import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// What a new user tripped over: the category pane without "Uncategorized", a taken
/// category name, a read note deleted elsewhere, long titles and tags cut off.
@Suite struct NewUserSlipsTests {
    @Test func theCategoryPaneListsUncategorizedWhileSomeNotesAreInNoCategory() throws {
        let (runner, terminal, _) = UIFixtures.runner(width: 80, height: 20)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[3].hasPrefix("    Uncategorized"))
        terminal.press(.tab, .character("j"))
        runner.run()
        #expect(runner.state.filter.scope == .uncategorized)
        #expect(runner.state.filter.count(in: runner.snapshot.index) == 1)

        let allFiled = NotesDatabase(notes: [UIFixtures.report, UIFixtures.groceries],
                                     categories: [UIFixtures.work, UIFixtures.home])
        let (filedRunner, filedTerminal, _) = UIFixtures.runner(allFiled, width: 80, height: 20)
        filedRunner.run()
        #expect(filedTerminal.lastBuffer?.lines.contains { $0.contains("Uncategorized") } == false)
    }

    @Test func aTakenCategoryNameKeepsThePromptOpenWithItsText() throws {
        let (runner, terminal, repository) = UIFixtures.runner(width: 80, height: 20)
        terminal.press(.character("c"), .character("a"))
        terminal.type("home")
        terminal.press(.enter)
        runner.run()
        let prompt = try #require(runner.state.prompt)
        #expect(prompt.field.text == "home")
        #expect(prompt.problem?.contains("already a category named Home") == true)
        #expect(runner.state.picker == nil)
        #expect(repository.commits.isEmpty)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("already a category named Home") } == true)
        // Another name goes through, and its color picker opens.
        terminal.press(.control("u"))
        terminal.type("Garden")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.prompt == nil)
        #expect(runner.state.picker != nil)
        #expect(repository.contents.category(named: "Garden") != nil)
    }

    @Test func aRenameToATakenNameKeepsThePromptOpen() throws {
        let (runner, terminal, repository) = UIFixtures.runner(width: 80, height: 20)
        terminal.press(.character("c"), .character("G"), .character("r"), .control("u"))  // the last row: Work
        terminal.type("HOME")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.prompt?.field.text == "HOME")
        #expect(runner.state.prompt?.problem?.contains("already a category named Home") == true)
        #expect(repository.commits.isEmpty)
        // Its own name in another case is a rename, not a collision.
        terminal.press(.control("u"))
        terminal.type("WORK")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.prompt == nil)
        #expect(repository.contents.categories[UIFixtures.work.id]?.name == "WORK")
    }

    @Test func aReadNoteDeletedElsewhereSaysSoAndQGoesBack() throws {
        let (runner, terminal, repository) = OtherProcessRepository.runner()
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.screen == .reading(UIFixtures.report.id))
        repository.pending = .deleteNote(UIFixtures.report.id)
        runner.run()
        #expect(runner.state.screen == .reading(UIFixtures.report.id))
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.contains { $0.contains("This note was deleted") })
        #expect(lines[19].contains("q goes back") || lines[19].contains("q back"))
        terminal.press(.character("q"))
        runner.run()
        #expect(runner.state.screen == .notes)
        #expect(runner.state.quitting == .running)
    }

    @Test func keysThatNeedTheNoteSayItIsGoneAndTheFooterLeavesThemOut() throws {
        let (runner, terminal, repository) = OtherProcessRepository.runner(width: 120)
        terminal.press(.enter)
        runner.run()
        repository.pending = .deleteNote(UIFixtures.report.id)
        runner.run()
        let footer = KeyHelp.statusKeys(for: runner.state, runner.snapshot, width: 120)
        for gone in ["e edit", "d trash", "r rename", "Tab item", "Enter open", "/ find", "R raw"] {
            #expect(!footer.contains(gone), "\(footer)")
        }
        #expect(footer.contains("q back"))
        // Every key that acts on the note says again what happened, instead of a message
        // about something else or a search field over nothing.
        for key: Key in [.tab, .enter, .character("e"), .character("/"), .character("R"), .character("x")] {
            terminal.press(.character("j"))  // scrolling still works, and clears the message
            runner.run()
            #expect(runner.state.message == nil)
            terminal.press(key)
            runner.run()
            #expect(runner.state.message?.text == "This note was deleted or moved to the trash elsewhere; q goes back", "\(key)")
            #expect(runner.state.readSearch == nil && !runner.state.readsRaw, "\(key)")
        }
        terminal.press(.character("q"))
        runner.run()
        #expect(runner.state.screen == .notes)
    }

    @Test func aLongTitleAndManyTagsWrapInTheReadViewsHeader() throws {
        let title = "A very long title about the vegetable garden plan for the whole of next spring and summer"
        let tags: Set<String> = ["garden", "vegetables", "planning", "spring", "summer", "allotment", "seeds"]
        let note = Note(id: UIFixtures.uuid(80), title: title, body: "Body line", created: UIFixtures.now, tags: tags)
        for width in [60, 80] {
            let header = try ReadHeaderTagWrapTests.header(of: note, width: width)
            let words = header.joined(separator: " ").split(separator: " ").map(String.init)
            for word in title.split(separator: " ") { #expect(words.contains(String(word)), "\(word) at \(width)") }
            for tag in tags { #expect(words.contains("#" + tag), "#\(tag) at \(width)") }
            #expect(!header.joined().contains("…"))
        }
    }
}
