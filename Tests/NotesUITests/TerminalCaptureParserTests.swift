import NotesTestSupport
import Testing
import NotesColor

@Suite struct TerminalCaptureParserTests {
    private let escape = "\u{1B}["

    @Test func trueColorForegroundAndBackground() {
        let screen = CapturedScreen("\(escape)38;2;1;2;3mX\(escape)48;2;250;128;0mY")
        #expect(screen.cell(x: 0, y: 0)?.style.foreground == .rgb(RGB8(red: 1, green: 2, blue: 3)))
        #expect(screen.cell(x: 0, y: 0)?.style.background == .terminalDefault)
        #expect(screen.cell(x: 1, y: 0)?.style.background == .rgb(RGB8(red: 250, green: 128, blue: 0)))
        #expect(screen.text(row: 0) == "XY")
    }

    @Test func paletteAndANSIColors() {
        let screen = CapturedScreen("\(escape)38;5;208mA\(escape)48;5;32mB\(escape)31;102mC\(escape)39;49mD")
        #expect(screen.cell(x: 0, y: 0)?.style.foreground == .palette(208))
        #expect(screen.cell(x: 1, y: 0)?.style.background == .palette(32))
        #expect(screen.cell(x: 2, y: 0)?.style.foreground == .palette(1))
        #expect(screen.cell(x: 2, y: 0)?.style.background == .palette(10))
        #expect(screen.cell(x: 3, y: 0)?.style == CapturedStyle())
    }

    @Test func colonFormsAndCombinedParameters() {
        let screen = CapturedScreen("\(escape)1;38:2::9:8:7;48:5:17mA\(escape)0mB")
        let first = screen.cell(x: 0, y: 0)?.style
        #expect(first?.bold == true)
        #expect(first?.foreground == .rgb(RGB8(red: 9, green: 8, blue: 7)))
        #expect(first?.background == .palette(17))
        #expect(screen.cell(x: 1, y: 0)?.style == CapturedStyle())
    }

    @Test func stylesCarryAcrossLinesLikeTmuxWritesThem() {
        let screen = CapturedScreen("\(escape)41mAB\(escape)7mC\nDE\(escape)0mF\n")
        #expect(screen.rows.count == 2)
        #expect(screen.cell(x: 0, y: 1)?.style.background == .palette(1))
        #expect(screen.cell(x: 0, y: 1)?.style.reverse == true)
        #expect(screen.cell(x: 2, y: 1)?.style == CapturedStyle())
        #expect(screen.row(containing: "DE") == 1)
    }

    @Test func wideCharactersTakeTwoColumnsAndMarksJoinTheirBase() {
        let screen = CapturedScreen("漢x e\u{301}!")
        #expect(screen.cell(x: 0, y: 0)?.text == "漢")
        #expect(screen.cell(x: 1, y: 0)?.text == "")
        #expect(screen.cell(x: 2, y: 0)?.text == "x")
        #expect(screen.cell(x: 4, y: 0)?.text == "e\u{301}")
        #expect(screen.cell(x: 5, y: 0)?.text == "!")
    }

    @Test func shellQuoting() {
        #expect(TmuxSession.shellQuoted("plain-word_1.txt") == "plain-word_1.txt")
        #expect(TmuxSession.shellQuoted("two words") == "'two words'")
        #expect(TmuxSession.shellQuoted("it's") == "'it'\\''s'")
        #expect(TmuxSession.shellQuoted("") == "''")
    }
}
