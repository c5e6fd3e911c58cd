import Foundation
import Testing
import NotesUI

/// `r`, `m`, `t`, `n` in the note list and the read view, through `AppRunner`.
@Suite struct OrganizeFlowTests {
    @Test func renameStartsFromTheTitleAndCommitsTheNewOne() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("r"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Rename note to: Quarterly report") == true)
        terminal.press(.alt(.backspace))
        terminal.type("summary")
        terminal.press(.enter)
        runner.run()
        let renamed = try #require(repository.contents.notes[UIFixtures.report.id])
        #expect(renamed.title == "Quarterly summary")
        #expect(renamed.updated == UIFixtures.now)
        #expect(renamed.body == UIFixtures.report.body)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Quarterly summary") } == true)
    }

    @Test func escapeOrAnEmptyTitleRenamesNothing() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("r"), .character("x"), .escape, .character("r"), .control("u"), .enter)
        runner.run()
        #expect(repository.commits.isEmpty)
        #expect(runner.state.prompt == nil)
    }

    @Test func moveChoosesACategoryByTypingAndTheListFollows() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("m"))
        runner.run()
        let chooser = try #require(terminal.lastBuffer)
        #expect(chooser.lines.contains { $0.contains("(no category)") })
        let homeRow = try #require(chooser.lines.firstIndex { $0.contains("│    Home") })
        let homeX = try #require(chooser.lines[homeRow].range(of: "Home")).lowerBound
        let column = chooser.lines[homeRow].distance(from: chooser.lines[homeRow].startIndex, to: homeX)
        #expect(chooser[column - 3, homeRow].style.background == UIFixtures.yellow)  // the swatch
        #expect(chooser.cursor != nil)  // the terminal cursor sits in the chooser's field

        terminal.type("hom")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes[UIFixtures.report.id]?.categoryID == UIFixtures.home.id)
        #expect(runner.state.chooser == nil)
        let buffer = try #require(terminal.lastBuffer)
        #expect(buffer.lines.contains { $0.contains("Home            2") })  // the count in the categories pane
        let row = try #require(buffer.lines.firstIndex { $0.contains("Quarterly report") })
        #expect(buffer[Layout.main(buffer.size).list.x, row].style.background == UIFixtures.yellow)
    }

    @Test func dashOrTheNoneRowTakesTheNoteOutOfItsCategory() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("m"), .character("-"))
        runner.run()
        #expect(repository.contents.notes[UIFixtures.report.id]?.categoryID == nil)
        terminal.press(.down, .down, .character("m"), .character("w"), .character("o"), .enter)  // the idea into Work
        runner.run()
        #expect(repository.contents.notes[UIFixtures.idea.id]?.categoryID == UIFixtures.work.id)
    }

    @Test func cancellingTheChooserMovesNothing() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("m"), .down, .escape, .character("m"), .control("c"))
        runner.run()
        #expect(repository.commits.isEmpty)
        #expect(runner.state.chooser == nil)
        #expect(terminal.events.isEmpty)  // Ctrl-C closed the chooser; the app kept running
    }

    @Test func tagsAreEditedAsTextAndNormalized() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("t"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.contains("Tags (comma-separated, Tab completes): q3, report") == true)
        terminal.press(.control("u"))
        terminal.type("#Work, urgent,  Q3")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes[UIFixtures.report.id]?.tags == ["work", "urgent", "q3"])
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("#q3 #urgent") } == true)
    }

    @Test func anInvalidTagKeepsTheFieldOpenWithItsText() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("t"), .end)
        terminal.type(", #, ok")
        terminal.press(.enter)
        runner.run()
        #expect(repository.commits.isEmpty)
        let prompt = try #require(runner.state.prompt)
        #expect(prompt.field.text == "q3, report, #, ok")
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[lines.count - 2].hasPrefix("'#' is not a tag"))
        // Fixing the text and Enter again saves
        terminal.press(.left, .left, .left, .left, .backspace, .backspace, .enter)
        runner.run()
        #expect(repository.contents.notes[UIFixtures.report.id]?.tags == ["q3", "report", "ok"])
    }

    @Test func anEmptyTagFieldRemovesTheTags() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("t"), .control("u"), .enter)
        runner.run()
        #expect(repository.contents.notes[UIFixtures.report.id]?.tags == [])
    }

    @Test func theReadViewRenamesMovesAndTagsTheNoteItShows() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.down, .enter, .character("r"), .control("u"))
        terminal.type("Shopping")
        terminal.press(.enter, .character("m"), .character("-"), .character("t"))
        terminal.type(", weekly")
        terminal.press(.enter)
        runner.run()
        let note = repository.contents.notes[UIFixtures.groceries.id]
        #expect(note?.title == "Shopping")
        #expect(note?.categoryID == nil)
        #expect(note?.tags == ["shopping", "weekly"])
        #expect(runner.state.screen == .reading(UIFixtures.groceries.id))
    }

    @Test func newNoteSaysItsCategoryThenOpensTheEditorOnIt() throws {
        var edited: [String] = []
        let (runner, terminal, repository) = UIFixtures.runner(editBody: { body in
            edited.append(body)
            return "The body"
        })
        terminal.press(.character("c"), .down, .character("f"), .character("n"))  // show Work's notes
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("New note in Work: ") == true)
        terminal.type("Plan")
        terminal.press(.enter)
        runner.run()
        let created = try #require(repository.contents.notes.values.first { $0.title == "Plan" })
        #expect(created.categoryID == UIFixtures.work.id)
        // The editor opened on the whole new note: its header, and an empty body line.
        #expect(edited == ["---\ntitle: \"Plan\"\ncategory: \"Work\"\ntags: []\nkind: note\n---\n\n"])
        #expect(created.body == "The body")
        #expect(terminal.resumeCount == 1)
    }

    @Test func aTwoLinePasteIntoTheTitleMakesOneNoteAndRunsNoKeys() throws {
        // The editor saves the new note as it is (`:wq`): a note is made only when it saves.
        let (runner, terminal, repository) = UIFixtures.runner(editBody: { $0 })
        terminal.press(.character("n"), .paste("Call mom\ndye the shirt"), .enter)
        runner.run()
        #expect(repository.contents.notes.count == 4)
        #expect(repository.contents.notes.values.contains { $0.title == "Call mom dye the shirt" })
        #expect(repository.commits.count == 1)
    }
}
