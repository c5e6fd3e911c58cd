import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// `/` in the read view searches inside the note; `n`/`N` step through the matches. These
/// search the raw text (`R`), block by block; `RenderedSearchTests` search the rendered view.
@Suite struct ReadSearchTests {
    static let body = (1...30).map { line in
        switch line {
        case 2: "Line 2: Café au lait"
        case 15: "Line 15: a CAFE\u{301} in NFD"
        case 28: "Line 28: cafe again, and cafés"
        default: "Line \(line)"
        }
    }.joined(separator: "\n")

    /// The UTF-8 offset of body line `number` (from 1).
    static func offset(ofLine number: Int) -> Int {
        body.split(separator: "\n", omittingEmptySubsequences: false).prefix(number - 1).reduce(0) { $0 + $1.utf8.count + 1 }
    }

    static func runner() -> (AppRunner, MemoryTerminal) {
        let note = Note(title: "Long note", body: body, created: UIFixtures.now)
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 60, height: 12)
        terminal.press(.enter, .character("R"))
        runner.run()
        return (runner, terminal)
    }

    /// The highlighted text of a row (match style: bold and underlined), and whether its current match is reversed.
    static func highlighted(_ buffer: ScreenBuffer, row y: Int) -> String {
        (0..<buffer.size.width).compactMap { x in
            buffer[x, y].style.bold && buffer[x, y].style.underline ? buffer[x, y].text : nil
        }.joined()
    }

    @Test func slashFindsEveryFormAndNSteps() throws {
        // Given a long note open in the read view
        let (runner, terminal) = Self.runner()

        // When "/cafe" is typed and submitted
        terminal.type("/cafe")
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("/cafe") == true)
        terminal.press(.enter)
        runner.run()

        // Then the first match is current and in view (its block is line 2's paragraph)
        let search = try #require(runner.state.readSearch)
        #expect(search.currentMatch?.position == ReadPosition(block: Self.offset(ofLine: 2), line: 0))
        var buffer = try #require(terminal.lastBuffer)
        let percent = Self.offset(ofLine: 2) * 100 / Self.body.utf8.count
        #expect(buffer.lines.last?.hasPrefix("/cafe  match 1 of 4 · \(percent)%  n next") == true)
        #expect(Self.highlighted(buffer, row: 4) == "Café")
        #expect(buffer[9, 4].style.reverse)  // "Café" at column 9: the current match

        // When n is pressed, the view scrolls to line 15's match
        terminal.press(.character("n"))
        runner.run()
        buffer = try #require(terminal.lastBuffer)
        let row = try #require(buffer.lines.firstIndex { $0.contains("Line 15") })
        #expect(Self.highlighted(buffer, row: row) == "CAFE\u{301}")
        #expect(runner.state.readSearch?.currentMatch?.position.block == Self.offset(ofLine: 15))
        #expect(buffer.lines.last?.contains("match 2 of 4 · \(Self.offset(ofLine: 15) * 100 / Self.body.utf8.count)%") == true)

        // When N is pressed twice, it goes back to the first, then round to the last
        terminal.press(.character("N"), .character("N"))
        runner.run()
        #expect(runner.state.readSearch?.currentMatch?.position.block == Self.offset(ofLine: 28))
        #expect(runner.state.readSearch?.currentMatch?.characters == 25..<29, "the last match: café in cafés")
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Line 28") } == true)
        #expect(runner.state.message?.text == "Search went round to the bottom")
        #expect(runner.state.readSearch?.matchNumber?.number == 4)
        #expect(runner.state.readSearch?.matchNumber?.count == 4)
        #expect(runner.state.readSearch?.statusText.contains("match 4 of 4 · \(Self.offset(ofLine: 28) * 100 / Self.body.utf8.count)%") == true)

        // When Esc is pressed, the search is cleared and the view stays; a second Esc goes back
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.readSearch == nil)
        #expect(runner.state.screen != .notes)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.screen == .notes)
    }

    @Test func aTextNotFoundSaysSoAndCtrlCCancelsTyping() throws {
        let (runner, terminal) = Self.runner()
        terminal.type("/zzz")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.message == .init(text: "Not found: zzz", isError: true))

        terminal.type("/caf")
        terminal.press(.control("c"))
        terminal.press(.character("j"))
        runner.run()
        #expect(runner.state.readSearch == nil)
        #expect(runner.state.readTop == ReadPosition(block: Self.offset(ofLine: 2), line: 0))  // still running: Ctrl-C in the field did not quit
    }
}
