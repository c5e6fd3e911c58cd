import NotesUI
import Testing

@Suite struct TextFieldTests {
    @Test func typingBackspaceEnterAndEsc() {
        var field = TextField()
        for character in "日本e\u{301}" { #expect(field.handle(.character(character)) == nil) }
        #expect(field.text == "日本é")
        #expect(field.handle(.backspace) == nil)
        #expect(field.text == "日本")  // the accented letter went at once
        #expect(field.handle(.backspace) == nil)
        #expect(field.text == "日")
        #expect(field.handle(.enter) == .submitted("日"))
        #expect(field.handle(.escape) == .cancelled)
    }

    @Test func longTextKeepsItsEndAndTheCursorVisible() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 12, height: 1))
        TextField(text: "abcdefghijklmnop").draw(label: "> ", in: &buffer, x: 0, y: 0, width: 12)
        #expect(buffer.lines == ["> hijklmnop "])
        #expect(buffer[11, 0].style.reverse)
    }
}
