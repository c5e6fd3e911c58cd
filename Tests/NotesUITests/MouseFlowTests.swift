import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// Clicks, double clicks and the wheel, through the runner as the terminal reports them.
@Suite struct MouseFlowTests {
    static func press(_ x: Int, _ y: Int, at time: Double) -> InputEvent {
        .mouse(MouseEvent(.press(.left), x: x, y: y, time: time))
    }

    /// 30 notes, "Note 29" newest.
    static let many = NotesDatabase(notes: (0..<30).map {
        Note(id: UIFixtures.uuid(100 + $0), title: "Note \($0)",
             created: Date(timeIntervalSince1970: 1_740_000_000 + Double($0) * 3600))
    })

    @Test func aClickSelectsTheNoteUnderItAndADoubleClickOpensIt() {
        let (runner, terminal, _) = UIFixtures.runner(Self.many, width: 80, height: 20)
        terminal.events += [Self.press(30, 3, at: 1.0), .mouse(MouseEvent(.release(.left), x: 30, y: 3, time: 1.1))]
        runner.run()
        #expect(runner.state.noteRow == 2)
        #expect(runner.state.screen == .notes)
        terminal.events += [Self.press(30, 3, at: 1.3)]  // the second press on that cell, soon after
        runner.run()
        #expect(runner.state.screen == .reading(UIFixtures.uuid(127)))
    }

    @Test func twoPressesFarApartInTimeOrPlaceAreTwoClicks() {
        let (runner, terminal, _) = UIFixtures.runner(Self.many, width: 80, height: 20)
        terminal.events += [Self.press(30, 3, at: 1.0), Self.press(30, 3, at: 2.0)]
        runner.run()
        #expect(runner.state.screen == .notes)
        terminal.events += [Self.press(30, 4, at: 2.1)]
        runner.run()
        #expect(runner.state.screen == .notes)
        #expect(runner.state.noteRow == 3)
    }

    @Test func theWheelMovesTheListAndScrollsTheReadView() {
        let (runner, terminal, _) = UIFixtures.runner(Self.many, width: 80, height: 20)
        terminal.events += [.mouse(MouseEvent(.wheelDown, x: 30, y: 5)), .mouse(MouseEvent(.wheelDown, x: 30, y: 5)),
                            .mouse(MouseEvent(.wheelUp, x: 30, y: 5))]
        runner.run()
        #expect(runner.state.noteRow == 3)
        let long = Note(id: UIFixtures.uuid(90), title: "Long", body: (1...60).map { "line \($0)" }.joined(separator: "\n\n"),
                        created: UIFixtures.now)
        let (reader, readTerminal, _) = UIFixtures.runner(NotesDatabase(notes: [long]), width: 60, height: 12)
        readTerminal.press(.enter)
        readTerminal.events += [.mouse(MouseEvent(.wheelDown, x: 10, y: 6))]
        reader.run()
        #expect(reader.state.readTop.line == 3)
        #expect(readTerminal.lastBuffer?.lines[4].contains("line 3") == true)
    }

    @Test func aClickInTheCategoryPaneShowsThatCategorysNotes() {
        let (runner, terminal, _) = UIFixtures.runner(width: 80, height: 20)
        // Row 1: the title; 2: All notes; 3: Uncategorized (a note is in none); 4, 5: the categories.
        terminal.events += [Self.press(5, 3, at: 1)]
        runner.run()
        #expect(runner.state.filter.scope == .uncategorized)
        terminal.events += [Self.press(5, 4, at: 5)]
        runner.run()
        #expect(runner.state.filter.scope == .category(UIFixtures.home.id))
        terminal.events += [Self.press(5, 2, at: 9)]
        runner.run()
        #expect(runner.state.filter.scope == .all)
    }

    @Test func aClickOnATaskBoxTicksItAndAClickOnItsTextDoesNot() throws {
        let (runner, terminal, repository) = RenderedReadTests.runner()
        let id = RenderedReadTests.checklist.id
        terminal.events += [Self.press(6, 6, at: 1)]  // on "passport"
        runner.run()
        #expect(repository.contents.notes[id]?.body == RenderedReadTests.checklist.body)
        terminal.events += [Self.press(1, 6, at: 3)]  // on its box
        runner.run()
        #expect(repository.contents.notes[id]?.body.contains("- [x] passport") == true)
        #expect(runner.state.readItem == 0)
        #expect(terminal.lastBuffer?.lines[6].contains("☑ passport") == true)
    }

    @Test func theMouseDoesNothingWhileADialogIsOpen() {
        let (runner, terminal, _) = UIFixtures.runner(Self.many, width: 80, height: 20)
        terminal.press(.character("r"))
        terminal.events += [Self.press(30, 3, at: 1), Self.press(30, 3, at: 1.1)]
        runner.run()
        #expect(runner.state.noteRow == 0)
        #expect(runner.state.prompt != nil)
    }
}
