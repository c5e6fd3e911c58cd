import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// `]` and `[` in the read view: the next and previous heading to the top of the screen.
@Suite struct ReadHeadingJumpTests {
    static let guide = Note(id: UIFixtures.uuid(84), title: "Guide",
                            body: "# Start\n\n" + (1...20).map { "line \($0)" }.joined(separator: "\n\n")
                                + "\n\n## A long second heading that wraps onto a second line at the width of the screen\n\nbody\n\n## Third\n\n"
                                + (1...20).map { "tail \($0)" }.joined(separator: "\n\n"),
                            created: UIFixtures.now)

    /// The body's first line on screen (the read view's header is three lines).
    static func firstBodyLine(_ terminal: MemoryTerminal) -> String {
        let lines = terminal.lastBuffer?.lines ?? []
        return lines.count > 3 ? lines[3].trimmingCharacters(in: .whitespaces) : "(no screen)"
    }

    @Test func bracketsMoveFromHeadingToHeading() throws {
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [Self.guide]), width: 60, height: 14)
        terminal.press(.enter, .character("]"))
        runner.run()
        #expect(Self.firstBodyLine(terminal).hasPrefix("## A long second heading"))
        terminal.press(.character("]"))
        runner.run()
        #expect(Self.firstBodyLine(terminal) == "## Third")
        terminal.press(.character("]"))
        runner.run()
        #expect(runner.state.message?.text == "No heading below")
        #expect(Self.firstBodyLine(terminal) == "## Third")
        terminal.press(.character("["), .character("["))
        runner.run()
        #expect(Self.firstBodyLine(terminal) == "# Start")
        terminal.press(.character("["))
        runner.run()
        #expect(runner.state.message?.text == "No heading above")
    }

    @Test func theRawViewSaysWhereHeadingsAre() throws {
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [Self.guide]), width: 60, height: 14)
        terminal.press(.enter, .character("R"), .character("]"))
        runner.run()
        #expect(runner.state.message?.text == "Headings are in the rendered view (R)")
    }
}
