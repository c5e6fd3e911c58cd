import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// `/`, `n`/`N` in the rendered read view find the text where the reader sees it: inside
/// **bold** (without the asterisks), in a table cell, on the second line of a wrapped
/// paragraph; the current match is reversed there and the status line counts it.
@Suite struct RenderedSearchTests {
    static let body = """
        Intro with **bold** word.

        | name | city |
        |------|------|
        | Ana  | Lisbon |

        This paragraph is long enough that it has to wrap, and the word zebra lands on its second line.
        """

    static func runner() -> (AppRunner, MemoryTerminal) {
        let note = Note(id: UIFixtures.uuid(91), title: "Search me", body: body, created: UIFixtures.now)
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 40, height: 16)
        terminal.press(.enter)
        runner.run()
        return (runner, terminal)
    }

    /// The row and column where `word` shows on the screen, and whether its first cell is reversed.
    static func shown(_ word: String, in terminal: MemoryTerminal) throws -> (row: Int, column: Int, reversed: Bool) {
        let buffer = try #require(terminal.lastBuffer)
        let row = try #require(buffer.lines.firstIndex { $0.contains(word) && !$0.hasPrefix("/") })
        let line = buffer.lines[row]
        let column = line.distance(from: line.startIndex, to: try #require(line.range(of: word)).lowerBound)
        return (row, column, buffer[column, row].style.reverse && buffer[column, row].style.underline)
    }

    @Test func aMatchInsideBoldIsAtItsRenderedPosition() throws {
        let (runner, terminal) = Self.runner()
        terminal.type("/bold")
        terminal.press(.enter)
        runner.run()
        let match = try #require(runner.state.readSearch?.currentMatch)
        #expect(match.position == ReadPosition(block: 0, line: 0))
        #expect(match.characters == 11..<15)  // "Intro with bold": the asterisks are not shown
        let place = try Self.shown("bold", in: terminal)
        #expect(place.reversed && place.column == 12)
        #expect(!runner.state.readsRaw)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("/bold  match 1 of 1") == true)
    }

    @Test func aMatchInATableCellAndOnAWrappedLineStepWithN() throws {
        let (runner, terminal) = Self.runner()
        terminal.type("/lisbon")
        terminal.press(.enter)
        runner.run()
        let cell = try Self.shown("Lisbon", in: terminal)
        #expect(cell.reversed)
        #expect(terminal.lastBuffer?.lines[cell.row].contains("Ana") == true)
        #expect(terminal.lastBuffer?.lines[cell.row].contains("│") == true)

        terminal.press(.escape)
        terminal.type("/zebra")
        terminal.press(.enter)
        runner.run()
        let wrapped = try Self.shown("zebra", in: terminal)
        #expect(wrapped.reversed)
        #expect(terminal.lastBuffer?.lines[wrapped.row - 1].contains("This paragraph") == true)  // the line it wrapped from
    }

    @Test func nAndNGoFromMatchToMatchCountingThem() throws {
        let (runner, terminal) = Self.runner()
        terminal.type("/word")  // "bold word." and "the word zebra"
        terminal.press(.enter)
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("/word  match 1 of 2") == true)
        #expect(try Self.shown("word", in: terminal).reversed)  // the first row showing it: the intro
        terminal.press(.character("n"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("/word  match 2 of 2") == true)
        #expect(!(try Self.shown("word", in: terminal).reversed))
        #expect(try Self.shown("word zebra", in: terminal).reversed)
        terminal.press(.character("N"))
        runner.run()
        #expect(try Self.shown("word", in: terminal).reversed)
        terminal.press(.character("N"))
        runner.run()
        #expect(runner.state.message?.text == "Search went round to the bottom")
    }
}
