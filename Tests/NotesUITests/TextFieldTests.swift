import Testing
import NotesTerminal
import NotesUI

/// The one text field: every key of PRODUCT §5, graphemes, paste, and where it draws the cursor.
@Suite struct TextFieldTests {
    /// Feeds keys to a field and returns it.
    private func field(_ text: String = "", _ keys: Key...) -> TextField {
        var field = TextField(text: text)
        for key in keys { _ = field.handle(key) }
        return field
    }

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
        #expect(field.handle(.control("c")) == .cancelled)
    }

    @Test func typingInsertsAtTheCursor() {
        let edited = field("held", .left, .left, .character("X"))
        #expect(edited.text == "heXld")
        #expect(edited.cursor == 3)
    }

    @Test func homeEndAndTheirControlKeys() {
        #expect(field("abc", .home, .character("<")).text == "<abc")
        #expect(field("abc", .control("a"), .character("<")).text == "<abc")
        #expect(field("abc", .home, .end, .character(">")).text == "abc>")
        #expect(field("abc", .control("a"), .control("e"), .character(">")).text == "abc>")
        #expect(field("abc", .control("b"), .control("b"), .control("f"), .character("|")).text == "ab|c")
    }

    @Test func cursorStopsAtBothEnds() {
        #expect(field("ab", .right, .right).cursor == 2)
        #expect(field("ab", .left, .left, .left, .left).cursor == 0)
        #expect(field("ab", .home, .backspace).text == "ab")  // nothing before the cursor
        #expect(field("ab", .delete).text == "ab")  // nothing after it
    }

    @Test func backspaceAndDeleteAroundTheCursor() {
        #expect(field("abcd", .left, .left, .backspace).text == "acd")
        #expect(field("abcd", .left, .left, .delete).text == "abd")
        #expect(field("abcd", .home, .control("d")).text == "bcd")
    }

    @Test func controlWDeletesTheBlankSeparatedWordBeforeTheCursor() {
        #expect(field("call mom-now  ", .control("w")).text == "call ")
        #expect(field("call mom now", .left, .left, .left, .control("w")).text == "call now")
        #expect(field("one", .home, .control("w")).text == "one")
    }

    @Test func altBackspaceDeletesTheWordOfLettersBeforeTheCursor() {
        #expect(field("call mom-now", .alt(.backspace)).text == "call mom-")
        #expect(field("call mom-now", .alt(.backspace), .alt(.backspace)).text == "call ")
        let moved = field("call mom now", .alt(.character("b")), .alt(.character("b")))
        #expect(moved.cursor == 5)
        #expect(field("call mom now", .home, .alt(.character("f"))).cursor == 4)
    }

    @Test func controlUAndControlKDeleteToTheStartAndTheEnd() {
        let left = field("call mom", .left, .left, .left, .control("u"))
        #expect(left.text == "mom")
        #expect(left.cursor == 0)
        #expect(field("call mom", .left, .left, .left, .control("k")).text == "call ")
    }

    @Test func theCursorMovesOverWholeGraphemeClusters() {
        let family = "👨‍👩‍👧"
        let flag = "🇫🇷"
        var edited = field("a\(family)\(flag)e\u{301}", .left, .left, .backspace)
        #expect(edited.text == "a\(flag)e\u{301}")  // the whole family went
        _ = edited.handle(.delete)
        #expect(edited.text == "ae\u{301}")  // the whole flag went
        #expect(edited.cursor == 1)
    }

    @Test func aPasteGoesInAtTheCursorWithLineBreaksAsSpaces() {
        let pasted = field("[]", .left, .paste("Call mom\ndye the shirt\r\nthen\rrest"))
        #expect(pasted.text == "[Call mom dye the shirt then rest]")
        #expect(pasted.cursor == "[Call mom dye the shirt then rest".count)
    }

    @Test func aPasteDropsControlCharactersAndNeverSubmits() {
        var edited = TextField()
        #expect(edited.handle(.paste("a\u{1B}[2Jb\u{7}c\td\n")) == nil)
        #expect(edited.text == "a[2Jbc d ")
    }

    @Test func aHugePasteIsCutWithANotice() {
        var edited = TextField(text: "x")
        _ = edited.handle(.paste(String(repeating: "y", count: TextField.maximumLength + 50)))
        #expect(edited.text.count == TextField.maximumLength)
        #expect(edited.notice?.contains("Paste cut") == true)
        _ = edited.handle(.left)
        #expect(edited.notice == nil)
    }

    @Test func otherKeysChangeNothing() {
        #expect(field("abc", .up, .down, .tab, .function(2), .control("x")).text == "abc")
    }

    @Test func theTerminalCursorSitsAtTheInsertionPoint() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 20, height: 2))
        field("日本abc", .left, .left, .left).draw(label: "> ", in: &buffer, x: 0, y: 1, width: 20)
        expectLines(buffer, from: 1, ["> 日本abc           "])
        #expect(buffer.cursor == CursorPosition(x: 6, y: 1))  // after two wide characters
    }

    @Test func longTextScrollsSoTheCursorStaysVisible() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 12, height: 1))
        TextField(text: "abcdefghijklmnop").draw(label: "> ", in: &buffer, x: 0, y: 0, width: 12)
        expectLines(buffer, ["> hijklmnop "])
        #expect(buffer.cursor == CursorPosition(x: 11, y: 0))

        var start = ScreenBuffer(size: TerminalSize(width: 12, height: 1))
        field("abcdefghijklmnop", .home).draw(label: "> ", in: &start, x: 0, y: 0, width: 12)
        expectLines(start, ["> abcdefghij"])
        #expect(start.cursor == CursorPosition(x: 2, y: 0))
    }
}
