import Testing
@testable import NotesBase
@testable import NotesTerminal

/// Text as the screen buffer lays it out: control characters never reach a cell, line
/// breaks and tabs keep words apart, and every grapheme cluster takes the columns a
/// terminal gives it.
struct ScreenTextTests {
    @Test func lineBreaksAndTabsInATitleShowAsSpaces() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 23, height: 1))
        buffer.write("one\ntwo\r\nthree\tfour\u{1B}[2J", x: 0, y: 0)
        #expect(buffer.line(0) == "one two three four^[[2J")
    }

    /// A control character or bidi override never reaches a cell: it shows as the escape
    /// the command line shows (dimmed), so a title hiding one does not look harmless, and
    /// the widths used to lay text out count the escape.
    @Test func controlsAndBidiOverridesShowAsTheCommandLinesEscapes() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 40, height: 1))
        let title = "pay\u{202E}txt.exe\u{07}\u{9B}x"
        let used = buffer.write(title, x: 0, y: 0)
        #expect(buffer.line(0).hasPrefix("pay\\u{202E}txt.exe^G\\u{9B}x"))
        #expect(used == DisplayWidth.of(title))
        #expect(buffer[3, 0].style.dim && !buffer[0, 0].style.dim)
        #expect(!buffer.cells.contains { $0.text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) } })
        #expect(DisplayWidth.truncate(title, to: 12) == "pay\u{202E}…")
        #expect(DisplayWidth.truncate(title, to: 15) == "pay\u{202E}txt…")
    }
}

/// Widths of grapheme clusters as terminals that follow Unicode's emoji rules draw them,
/// and which of them curses cannot hold in one cell.
struct ClusterWidthTests {
    @Test(arguments: [
        ("a", 1), ("漢", 2), ("🎉", 2), ("🇯🇵", 2), ("🇯", 1), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("✈️", 2), ("✈", 1),
        ("🏳️‍🌈", 2), ("#️⃣", 2), ("e\u{301}\u{302}", 1), ("\u{301}", 0),
    ])
    func width(cluster: String, columns: Int) {
        #expect(DisplayWidth.of(cluster) == columns)
    }

    @Test func cursesHoldsSimpleCellsButNotEmojiSequences() {
        for simple in ["a", "漢", "🎉", "e\u{301}\u{302}", "✈"] {
            #expect(TerminalGlyph.fitsOneCursesCell(simple, scalarLimit: 5), "\(simple)")
        }
        for sequence in ["🇯🇵", "👍🏽", "👩‍👩‍👧", "✈️", "🏳️‍🌈", "#️⃣"] {
            #expect(!TerminalGlyph.fitsOneCursesCell(sequence, scalarLimit: 5), "\(sequence)")
        }
        #expect(TerminalGlyph.widestAdvance("👩‍👩‍👧") == 6)
        #expect(TerminalGlyph.widestAdvance("✈️") == 2)
    }

    @Test func aFlagInARowTakesTwoCellsWhole() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 8, height: 1))
        buffer.write("a🇯🇵b👩‍👩‍👧c", x: 0, y: 0)
        #expect(buffer.line(0) == "a🇯🇵b👩‍👩‍👧c ")
        #expect(buffer[1, 0].text == "🇯🇵")
        #expect(buffer[2, 0].isContinuation)
    }
}
