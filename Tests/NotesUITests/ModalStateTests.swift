import Foundation
import Testing
import NotesTerminal
import NotesUI

/// `AppState.modal`: one dialog at a time, the help over what was open.
@Suite struct ModalStateTests {
    @Test func openingADialogClosesTheOneBefore() {
        var state = AppState(size: TerminalSize(width: 80, height: 20))
        state.prompt = .init(purpose: .newCategoryName, field: TextField())
        state.picker = .init(categoryID: UIFixtures.work.id, picker: ColorPicker(start: UIFixtures.work.color, recent: []))
        #expect(state.prompt == nil)
        #expect(state.picker != nil)
        #expect(state.hasOpenDialog)
        // Closing another kind leaves it open.
        state.chooser = nil
        #expect(state.picker != nil)
        state.picker = nil
        #expect(state.modal == nil)
        #expect(!state.hasOpenDialog)
    }

    @Test func theHelpOpensOverThePickerAndGivesItBack() {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.character("c"), .character("p"), .character("?"))
        runner.run()
        #expect(runner.state.showsHelp)
        #expect(runner.state.picker != nil)
        terminal.press(.escape)
        runner.run()
        #expect(!runner.state.showsHelp)
        #expect(runner.state.picker != nil)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.modal == nil)
    }
}
