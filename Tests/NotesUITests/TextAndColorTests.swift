import Foundation
import Testing
import NotesColor
import NotesTerminal
import NotesUI

@Suite struct DisplayWidthTests {
    @Test func widthsOfCharacters() {
        #expect(DisplayWidth.of("a" as Character) == 1)
        #expect(DisplayWidth.of("会" as Character) == 2)
        #expect(DisplayWidth.of("🎉" as Character) == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}" as Character) == 2)
        #expect(DisplayWidth.of("👩‍👩‍👧" as Character) == 2)
        #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("\t" as Character) == 0)
        #expect(DisplayWidth.of("Café 会議") == 9)
    }

    @Test func truncationEndsInAnEllipsisAndNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("hello", to: 5) == "hello")
        #expect(DisplayWidth.truncate("hello world", to: 6) == "hello…")
        #expect(DisplayWidth.truncate("会議のメモ", to: 6) == "会議…")
        #expect(DisplayWidth.truncate("会議のメモ", to: 5) == "会議…")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
        #expect(DisplayWidth.fit("会", to: 4) == "会  ")
    }

    @Test func writingAWideCharacterMarksItsSecondCell() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 5, height: 1))
        #expect(buffer.write("a会b", x: 0, y: 0) == 4)
        expectLines(buffer, ["a会b "])
        #expect(buffer[2, 0].isContinuation)
        // A wide character that does not fit in the last column becomes a space.
        #expect(buffer.write("xx会", x: 2, y: 0) == 3)
        expectLines(buffer, ["a xx "])
        #expect(!buffer[2, 0].isContinuation)
    }

    @Test func wrapBreaksAtSpacesAndInsideLongWords() {
        #expect(TextWrap.lines("one two three", width: 7) == ["one two", "three"])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("a\n\nb", width: 4) == ["a", "", "b"])
        #expect(TextWrap.lines("会議のメモ", width: 4) == ["会議", "のメ", "モ"])
    }

    @Test func wrapEndsALineAtCRLF() {
        // Text from Windows: the preview showed "first line second line" as one paragraph.
        let body = "first line\r\nsecond line\r\n\r\nlast"
        #expect(TextWrap.lines(body, width: 40) == ["first line", "second line", "", "last"])
    }

    @Test func datesInAFixedTimeZone() {
        let date = Date(timeIntervalSince1970: 1_740_909_600)  // 2025-03-02 10:00 UTC
        #expect(DateText.day(date, in: UIFixtures.utc) == "2025-03-02")
        #expect(DateText.day(date, in: TimeZone(secondsFromGMT: -11 * 3600) ?? UIFixtures.utc) == "2025-03-01")
        #expect(DateText.day(Date(timeIntervalSince1970: 951_782_400), in: UIFixtures.utc) == "2000-02-29")
        #expect(DateText.day(Date(timeIntervalSince1970: -86_400), in: UIFixtures.utc) == "1969-12-31")
    }
}

@Suite struct ContrastTests {
    @Test func luminanceOfBlackWhiteAndPrimaries() {
        #expect(Contrast.relativeLuminance(Contrast.black) == 0)
        #expect(abs(Contrast.relativeLuminance(Contrast.white) - 1) < 1e-9)
        #expect(abs(Contrast.relativeLuminance(RGB8(red: 255, green: 0, blue: 0)) - 0.2126) < 1e-9)
        #expect(abs(Contrast.relativeLuminance(RGB8(red: 0, green: 255, blue: 0)) - 0.7152) < 1e-9)
        #expect(abs(Contrast.ratio(Contrast.black, Contrast.white) - 21) < 1e-9)
    }

    @Test func blackTextOverLightColorsWhiteOverDark() {
        #expect(Contrast.textColor(on: Contrast.white) == Contrast.black)
        #expect(Contrast.textColor(on: RGB8(red: 0xF4, green: 0xD0, blue: 0x3F)) == Contrast.black)
        #expect(Contrast.textColor(on: RGB8(red: 0, green: 0, blue: 0x80)) == Contrast.white)
        #expect(Contrast.textColor(on: RGB8(red: 0x3A, green: 0x7B, blue: 0xD5)) == Contrast.black)  // L ≈ 0.199
        #expect(Contrast.textColor(on: RGB8(red: 0x1F, green: 0x4E, blue: 0x8C)) == Contrast.white)  // L ≈ 0.076
    }

    @Test func theThresholdIsLuminance0179() {
        // Gray 0x75 has L ≈ 0.1779, gray 0x76 has L ≈ 0.1812.
        let below = RGB8(red: 0x75, green: 0x75, blue: 0x75), above = RGB8(red: 0x76, green: 0x76, blue: 0x76)
        #expect(Contrast.relativeLuminance(below) < 0.179)
        #expect(Contrast.relativeLuminance(above) > 0.179)
        #expect(Contrast.textColor(on: below) == Contrast.white)
        #expect(Contrast.textColor(on: above) == Contrast.black)
    }
}
