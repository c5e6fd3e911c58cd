import NotesCore
@testable import NotesUI
import Testing

/// Text as the screen buffer lays it out: control characters never reach a cell, line
/// breaks and tabs keep words apart, and every grapheme cluster takes the columns a
/// terminal gives it.
struct ScreenTextTests {
    @Test func lineBreaksAndTabsInATitleShowAsSpaces() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 20, height: 1))
        buffer.write("one\ntwo\r\nthree\tfour\u{1B}[2J", x: 0, y: 0)
        #expect(buffer.line(0) == "one two three four[2")
    }
}
