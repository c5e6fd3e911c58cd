import Foundation
import Testing
import NotesTerminal

/// Ctrl-C cancels whatever is open and quits only at the top level; a paste is never
/// keys; while the terminal is too small no key reaches anything hidden.
@Suite struct DialogKeyTests {
    private let small = InputEvent.resize(TerminalSize(width: 30, height: 8))
    private let normal = InputEvent.resize(TerminalSize(width: 80, height: 20))

    @Test(arguments: [
        [Key.character("n")],  // a prompt
        [.character("c"), .character("d")],  // a question (deleting a category)
        [.character("T"), .character("/")],  // the trash's filter
        [.character("c"), .character("p")],  // the color picker
        [.character("c"), .character("p"), .character("#")],  // its hex entry
        [.character("m")],  // the chooser
        [.character("?")],  // help
        [.character("/")],  // the filter
    ])
    func controlCClosesWhatIsOpenAndDoesNotQuit(opening keys: [Key]) {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.events = keys.map { .key($0) } + [.key(.control("c"))]
        runner.run()
        #expect(terminal.events.isEmpty)  // everything was read: no quit
        #expect(repository.commits.isEmpty)
        #expect(runner.state.prompt == nil && runner.state.confirmation == nil && runner.state.chooser == nil)
        #expect(runner.state.picker?.picker.hexEntry == nil)
        #expect(!runner.state.showsHelp && !runner.state.isEditingFilter)
        #expect(runner.state.trash?.isAsking != true)
    }

    @Test func controlCQuitsAtTheTopLevel() {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.control("c"), .character("j"))
        runner.run()
        #expect(terminal.events == [.key(.character("j"))])
    }

    @Test func aPasteOutsideAFieldDoesNothing() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.paste("dyq"), .character("c"), .character("d"), .paste("y"), .paste("q"))
        runner.run()
        #expect(terminal.events.isEmpty)  // not quit
        #expect(repository.commits.isEmpty)
        #expect(runner.state.confirmation != nil)  // still asking
    }

    @Test func aPasteIntoTheFilterNarrowsTheList() {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.character("/"), .paste("gro"))
        runner.run()
        #expect(runner.state.filter.query == "gro")
        #expect(runner.state.isEditingFilter)
        #expect(runner.state.filter.count(in: runner.snapshot.index) == 1)
    }

    @Test func whileTooSmallAQuestionIgnoresYAndQ() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.events = [.key(.character("c")), .key(.character("d")), small, .key(.character("y")), .key(.character("q")),
                           .key(.control("c")), .key(.enter)]
        runner.run()
        #expect(terminal.events.isEmpty)  // q and Ctrl-C did not quit
        #expect(repository.commits.isEmpty)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("enlarge it to go on") } == true)
        terminal.events = [normal]
        runner.run()
        #expect(runner.state.confirmation != nil)  // still open, unanswered
    }

    @Test func whileTooSmallAFieldAndThePickerTakeNoKeys() {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.events = [.key(.character("n")), small, .key(.character("q")), .key(.paste("x")), .key(.enter), normal]
        runner.run()
        #expect(runner.state.prompt?.field.text == "")
        terminal.events = [.key(.escape), .key(.character("c")), .key(.character("p")), small, .key(.right), .key(.enter), normal]
        runner.run()
        #expect(repository.commits.isEmpty)
        #expect(runner.state.picker?.picker.color == UIFixtures.home.color.rgb8)
    }

    @Test func whileTooSmallQQuitsWhenNothingIsOpen() {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.events = [small, .key(.character("j")), .key(.character("q")), .key(.character("k"))]
        runner.run()
        #expect(terminal.events == [.key(.character("k"))])
    }
}
