import Testing
import NotesTerminal

@Suite struct ScreenBufferTests {
    @Test func aNewBufferIsBlank() {
        let buffer = ScreenBuffer(size: TerminalSize(width: 3, height: 2))
        #expect(buffer.lines == ["   ", "   "])
    }
}
