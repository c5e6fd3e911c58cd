import Foundation
import Testing
import NotesColor
import NotesModel
import NotesTerminal
import NotesUI

/// Whole interactions: keys through `AppRunner` with a memory terminal and repository.
@Suite struct AppFlowTests {
    @Test func createACategoryPickItsColorAndSeeItOnTheNoteRow() throws {
        // Given a note in no category
        let (runner, terminal, repository) = UIFixtures.runner(width: 80, height: 20)
        // When we add a category, pick its color in the picker `a` offers, then write a note in it
        terminal.press(.character("c"), .character("a"))
        terminal.type("Ideas")
        terminal.press(.enter)
        runner.run()
        let ideas = try #require(repository.contents.category(named: "Ideas"))
        #expect(ideas.color == .white)
        #expect(runner.state.selectedCategory(in: runner.snapshot)?.id == ideas.id)
        // The picker is open on the new category at once (it used to stay white until Enter/p)
        #expect(runner.state.picker?.categoryID == ideas.id)

        terminal.press(.home, .down, .character("L"), .down, .end, .character("#"))
        terminal.type("2060A0")
        terminal.press(.enter, .character("H"), .enter)
        runner.run()
        // Then the repository holds exactly that color, and the recent colors start with it
        let expected = RGB8(red: 0x20, green: 0x60, blue: 0x90)
        let stored = try #require(repository.contents.categories[ideas.id])
        #expect(stored.color == SerializableColor(expected))
        #expect(repository.contents.recentColors.first == expected)
        #expect(repository.commits.last == [.putCategory(stored), .setRecentColors([expected])])
        #expect(runner.state.picker == nil)

        // And a note created while the list shows that category has a strip of exactly that color
        terminal.press(.character("f"), .character("n"))
        terminal.type("Fresh")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes.values.first { $0.title == "Fresh" }?.categoryID == ideas.id)
        let buffer = try #require(terminal.lastBuffer)
        let row = try #require(buffer.lines.firstIndex { $0.contains("Fresh") })
        let stripX = Layout.main(buffer.size).list.x
        #expect(buffer[stripX, row].style.background == expected)
        #expect(buffer[stripX + 1, row].style.background == expected)
    }

    @Test func renamingACategorySaysWhatItDid() throws {
        let (runner, terminal, repository) = UIFixtures.runner(width: 80, height: 20)
        terminal.press(.character("c"))
        runner.run()
        let selected = try #require(runner.state.selectedCategory(in: runner.snapshot))
        terminal.press(.character("r"))
        terminal.type(" 2")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.categories[selected.id]?.name == selected.name + " 2")
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Renamed category \(selected.name) to \(selected.name) 2") == true)
    }

    @Test func cancellingThePickerChangesNothing() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("c"), .character("p"), .right, .right, .escape)
        runner.run()
        #expect(repository.commits.isEmpty)
        #expect(runner.state.picker == nil)
    }

    @Test func dMovesTheSelectedNoteToTheTrashAtOnceAndSaysUUndoesIt() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.down, .character("d"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Moved \"Groceries\" to the trash (u undoes it)") == true)
        #expect(repository.contents.notes[UIFixtures.groceries.id] == nil)
        #expect(repository.contents.trash[UIFixtures.groceries.id]?.deleted != nil)
        #expect(repository.contents.notes.count == 2)
    }

    @Test func deletingACategoryAsksAndKeepsItsNotes() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("c"), .character("d"), .character("y"))  // Home is first
        runner.run()
        #expect(repository.contents.categories[UIFixtures.home.id] == nil)
        #expect(repository.contents.notes[UIFixtures.groceries.id]?.categoryID == nil)
    }

    @Test func filterNarrowsAsYouTypeAndEscClears() throws {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.character("/"))
        terminal.type("gro")
        runner.run()
        #expect(runner.state.filter.count(in: runner.snapshot.index) == 1)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("/gro") == true)
        #expect(terminal.lastBuffer?.lines[1].contains("Groceries") == true)
        terminal.press(.enter)  // keep the filter, back to the list keys
        runner.run()
        #expect(runner.state.filter.query == "gro")
        #expect(!runner.state.isEditingFilter)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.filter.query.isEmpty)
        #expect(runner.state.filter.count(in: runner.snapshot.index) == 3)
    }

    @Test func newNoteGoesIntoTheFilteredCategoryAndIsSelected() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("c"), .down, .character("f"), .character("n"))  // show Work's notes
        terminal.type("Plan 2026")
        terminal.press(.enter)
        runner.run()
        let created = try #require(repository.contents.notes.values.first { $0.title == "Plan 2026" })
        #expect(created.categoryID == UIFixtures.work.id)
        #expect(created.created == UIFixtures.now)
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == created.id)
    }

    @Test func editBodyRunsTheEditorWithTheTerminalSuspended() throws {
        var terminalWasSuspended = false
        var terminal: MemoryTerminal?
        let (runner, memory, repository) = UIFixtures.runner(editBody: { body in
            terminalWasSuspended = terminal?.isSuspended == true
            return body + "\nEdited."
        })
        terminal = memory
        memory.press(.character("e"))
        runner.run()
        #expect(terminalWasSuspended)
        #expect(!memory.isSuspended)
        #expect(repository.contents.notes[UIFixtures.report.id]?.body.hasSuffix("Edited.") == true)
        #expect(repository.contents.notes[UIFixtures.report.id]?.updated == UIFixtures.now)
    }

    /// A store that refuses every commit, as one would after another process made a
    /// category of the same name just before ours.
    final class RefusingRepository: NotesRepository {
        private(set) var contents = UIFixtures.database

        func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
            _ = try build(contents)
            throw ModelError.duplicateCategoryName("garden")
        }

        func refresh() throws -> Bool { false }
    }

    @Test func aFailedCommitBecomesAMessage() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20))
        let runner = AppRunner(terminal: terminal, repository: RefusingRepository(), timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editBody: { $0 })
        terminal.press(.character("c"), .character("a"))
        terminal.type("garden")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.message?.isError == true)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("error: a category named 'garden' already exists") == true)
        #expect(runner.state.picker == nil)  // no picker for the category that was not made
    }

    @Test func resizeReflowsAndTooSmallSaysSo() throws {
        let (runner, terminal, _) = UIFixtures.runner(width: 80, height: 20)
        terminal.events.append(.resize(TerminalSize(width: 30, height: 8)))
        runner.run()
        #expect(terminal.lastBuffer?.size == TerminalSize(width: 30, height: 8))
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Terminal too small") } == true)
        terminal.events.append(.resize(TerminalSize(width: 100, height: 12)))
        runner.run()
        #expect(terminal.lastBuffer?.lines[0].hasPrefix(" notes  3 notes") == true)
    }

    @Test func openReadAndGoBack() throws {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.screen == .reading(UIFixtures.report.id))
        #expect(terminal.lastBuffer?.lines[3].contains("Numbers for Q3.") == true)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.screen == .notes)
    }

    @Test func changesFromAnotherProcessAppearAfterRefresh() throws {
        let (runner, terminal, repository) = OtherProcessRepository.runner()
        repository.pending = .putNote(Note(title: "From elsewhere", created: UIFixtures.now))
        terminal.press(.character("j"))
        runner.run()
        #expect(runner.snapshot.index.count == 4)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("From elsewhere") } == true)
    }

    @Test func ctrlZSuspendsAndResumesAndQQuits() throws {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.control("z"))
        runner.run()
        #expect(terminal.suspendCount == 1 && terminal.resumeCount == 1)
        terminal.press(.character("q"), .character("j"))
        runner.run()
        #expect(terminal.events == [.key(.character("j"))])  // quit stopped reading keys
    }
}
