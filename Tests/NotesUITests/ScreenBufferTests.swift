import Testing
import NotesColor
import NotesTerminal

@Suite struct ScreenBufferTests {
    @Test func aNewBufferIsBlank() {
        let buffer = ScreenBuffer(size: TerminalSize(width: 3, height: 2))
        expectLines(buffer, ["   ", "   "])
    }

    @Test func aMatchingBufferHasNoDifference() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 4, height: 2))
        buffer.write("a会b", x: 0, y: 1)
        #expect(BufferDifference.report(buffer, expected: ["    ", "a会b"]) == nil)
        #expect(BufferDifference.report(buffer, from: 1, expected: ["a会b"]) == nil)
    }

    /// The report names the row, the column in cells (after a wide character), both
    /// characters and the actual cell's style.
    @Test func aDifferenceNamesTheRowColumnCharactersAndStyle() throws {
        var buffer = ScreenBuffer(size: TerminalSize(width: 5, height: 2))
        buffer.write("会", x: 0, y: 1)
        let style = CellStyle(foreground: RGB8(red: 0x3A, green: 0x7B, blue: 0xD5), bold: true)
        buffer.write("X", x: 2, y: 1, style: style)
        let report = try #require(BufferDifference.report(buffer, expected: ["     ", "会Y  "]))
        #expect(report.contains("row 1, column 2: expected \"Y\", got \"X\" styled fg #3A7BD5 bold"), "\(report)")
        #expect(report.contains("expected: \"会Y  \""), "\(report)")
        #expect(report.contains("actual:   \"会X  \""), "\(report)")
        #expect(!report.contains("row 0"), "\(report)")
    }

    @Test func missingRowsAndAShortLineAreReported() throws {
        let buffer = ScreenBuffer(size: TerminalSize(width: 3, height: 2))
        let whole = try #require(BufferDifference.report(buffer, expected: ["   "]))
        #expect(whole.contains("expected 1 rows; the buffer has 2"), "\(whole)")
        let outside = try #require(BufferDifference.report(buffer, from: 1, expected: ["   ", "   "]))
        #expect(outside.contains("from row 1"), "\(outside)")
        let short = try #require(BufferDifference.report(buffer, from: 0, expected: ["  "]))
        #expect(short.contains("row 0, column 2: expected the end of the line, got \" \" styled plain"), "\(short)")
    }
}
