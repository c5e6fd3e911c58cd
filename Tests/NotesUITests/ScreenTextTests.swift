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
