import Testing
import NotesColor
import NotesModel
import NotesTerminal
import NotesUI

@Suite struct ColorPickerTests {
    let start = RGB8(red: 100, green: 150, blue: 200)

    /// The picker after `keys`, and the outcome of the last key.
    func press(_ keys: [Key], from picker: ColorPicker? = nil) -> (ColorPicker, ColorPickerOutcome?) {
        var picker = picker ?? ColorPicker(start: start)
        var outcome: ColorPickerOutcome?
        for key in keys { outcome = picker.handle(key) }
        return (picker, outcome)
    }

    @Test func startsOnRedWithTheStartingColor() {
        let picker = ColorPicker(start: start)
        #expect(picker.color == start)
        #expect(picker.channel == .red)
    }

    @Test(arguments: [
        (Key.right, 101), (.character("l"), 101), (.left, 99), (.character("h"), 99),
        (.character("L"), 116), (.pageUp, 116), (.character("H"), 84), (.pageDown, 84),
        (.home, 0), (.end, 255),
    ])
    func valueKeysChangeTheSelectedSlider(key: Key, red: Int) {
        let (picker, outcome) = press([key])
        #expect(outcome == nil)
        #expect(picker.color == RGB8(red: UInt8(red), green: 150, blue: 200))
    }

    @Test func slidersAreChosenWithArrowsVimKeysAndTab() {
        #expect(press([.down]).0.channel == .green)
        #expect(press([.character("j")]).0.channel == .green)
        #expect(press([.tab, .tab]).0.channel == .blue)
        #expect(press([.tab, .tab, .tab]).0.channel == .red)
        #expect(press([.up]).0.channel == .blue)
        #expect(press([.character("k")]).0.channel == .blue)
        #expect(press([.backTab]).0.channel == .blue)
        #expect(press([.down, .right]).0.color == RGB8(red: 100, green: 151, blue: 200))
        #expect(press([.up, .character("L")]).0.color == RGB8(red: 100, green: 150, blue: 216))
    }

    @Test func valuesStayInsideTheRange() {
        #expect(press([.end, .right, .character("L")]).0.color.red == 255)
        #expect(press([.home, .left, .character("H")]).0.color.red == 0)
        #expect(press([.character("L"), .character("L"), .character("L"), .character("L"), .character("L"),
                       .character("L"), .character("L"), .character("L"), .character("L"), .character("L")]).0.color.red == 255)
    }

    @Test func hexEntryAppliesOnEnter() {
        let (picker, outcome) = press([.character("#"), .character("1"), .character("a"), .character("2"),
                                       .character("B"), .character("3"), .character("c"), .enter])
        #expect(outcome == nil)
        #expect(picker.hexEntry == nil)
        #expect(picker.color == RGB8(red: 0x1A, green: 0x2B, blue: 0x3C))
    }

    @Test func hexEntryKeepsWhatIsTypedAndBackspaces() {
        let (picker, _) = press([.character("#"), .character("z"), .character("f"), .character("7"), .backspace,
                                 .character("1")])
        #expect(picker.hexEntry?.text == "zf1")
    }

    @Test func escLeavesHexEntryWithoutChangingTheColor() {
        let (picker, outcome) = press([.character("#"), .character("f"), .escape])
        #expect(outcome == nil)
        #expect(picker.hexEntry == nil)
        #expect(picker.color == start)
        // A second Esc cancels the picker itself.
        #expect(press([.escape], from: picker).1 == .cancelled)
    }

    @Test func incompleteHexIsReportedAndEntryStaysOpen() {
        let (picker, _) = press([.character("#"), .character("f"), .character("f"), .enter])
        #expect(picker.hexEntry?.text == "ff")
        #expect(picker.problem != nil)
        #expect(picker.color == start)
    }

    @Test func enterPicksTheCurrentColorAndEscCancels() {
        #expect(press([.right, .enter]).1 == .picked(SerializableColor(RGB8(red: 101, green: 150, blue: 200))))
        #expect(press([.right, .escape]).1 == .cancelled)
    }

    @Test func digitsChooseARecentColor() {
        let recent = [RGB8(red: 1, green: 2, blue: 3), RGB8(red: 4, green: 5, blue: 6)]
        let picker = ColorPicker(start: start, recent: recent)
        #expect(press([.character("2")], from: picker).0.color == recent[1])
        #expect(press([.character("3")], from: picker).0.color == start)
    }

    @Test func recentColorsPutTheNewestFirstUniqueAndLimited() {
        let colors = (0..<20).map { RGB8(red: UInt8($0), green: 0, blue: 0) }
        let recent = colors[3].prepended(to: colors)
        #expect(recent.count == NotesDatabase.recentColorLimit)
        #expect(recent.first == colors[3])
        #expect(Set(recent).count == recent.count)
        #expect(Array(recent[1...3]) == [colors[0], colors[1], colors[2]])
    }

    @Test func theViewShowsTheNewColorAboveTheStartingOne() {
        var picker = ColorPicker(start: start)
        _ = picker.handle(.end)
        var buffer = ScreenBuffer(size: TerminalSize(width: 50, height: 15))
        ColorPickerView.draw(picker, in: Rect(x: 0, y: 0, width: 50, height: 15), buffer: &buffer, colorMode: .trueColor)
        #expect(buffer.lines[2].contains("#FF96C8"))
        #expect(buffer.lines[3].contains("was #6496C8"))
        #expect(!buffer.lines.joined().contains("nearest of"))
        #expect(buffer[3, 2].style.background == RGB8(red: 255, green: 150, blue: 200))
        #expect(buffer[3, 3].style.background == start)
    }
}

/// The picker is faithful: accepting without a change hands back the starting color
/// itself; hex entry takes `RRGGBB`, `RRGGBBAA` and `RGB`, and shows what is wrong.
@Suite struct FaithfulColorPickerTests {
    let translucent = try! SerializableColor(hex: "#FF00FF80")
    let displayP3 = try! SerializableColor(colorSpace: .displayP3, red: 0.9, green: 0.2, blue: 0.1, alpha: 1)

    func press(_ keys: [Key], start: SerializableColor) -> (ColorPicker, ColorPickerOutcome?) {
        var picker = ColorPicker(start: start)
        var outcome: ColorPickerOutcome?
        for key in keys { outcome = picker.handle(key) }
        return (picker, outcome)
    }

    @Test func acceptingUnchangedGivesTheStartingColorItself() {
        for start in [translucent, displayP3, SerializableColor.white] {
            guard case .picked(let color) = press([.enter], start: start).1 else {
                Issue.record("not picked")
                continue
            }
            #expect(color === start)
        }
    }

    @Test func movingAwayAndBackIsNoChange() {
        guard case .picked(let color) = press([.right, .left, .enter], start: displayP3).1 else {
            Issue.record("not picked")
            return
        }
        #expect(color.colorSpace == .displayP3)
        #expect(color == displayP3)
    }

    @Test func aRealChangeIsSRGBAndKeepsTheAlpha() {
        guard case .picked(let color) = press([.home, .enter], start: translucent).1 else {
            Issue.record("not picked")
            return
        }
        #expect(color.colorSpace == .sRGB)
        #expect(color.hex == "#0000FF80")
        #expect(color.alpha == translucent.alpha)
    }

    @Test(arguments: [
        ("#123456", "#123456"), ("123456", "#123456"), ("#abc", "#AABBCC"), ("ABC", "#AABBCC"),
        ("#11223344", "#11223344"), (" 0a0b0c ", "#0A0B0C"),
    ])
    func hexForms(typed: String, expected: String) {
        let keys = [Key.character("#")] + typed.map { Key.character($0) } + [.enter, .enter]
        guard case .picked(let color) = press(keys, start: .white).1 else {
            Issue.record("not picked")
            return
        }
        #expect(color.hex == expected)
    }

    @Test func hexWithoutAlphaKeepsTheStartingAlpha() {
        let keys = [Key.character("#")] + "00FF00".map { Key.character($0) } + [.enter, .enter]
        guard case .picked(let color) = press(keys, start: translucent).1 else {
            Issue.record("not picked")
            return
        }
        #expect(color.hex == "#00FF0080")
    }

    @Test(arguments: ["12345", "#GG0000", "1234567", "", "#"])
    func badHexShowsTheProblemUnderTheEntry(typed: String) {
        let keys = [Key.character("#")] + typed.map { Key.character($0) } + [.enter]
        let (picker, outcome) = press(keys, start: translucent)
        #expect(outcome == nil)
        #expect(picker.hexEntry?.text == typed)
        #expect(picker.problem != nil)
        var buffer = ScreenBuffer(size: TerminalSize(width: 60, height: 24))
        ColorPickerView.draw(picker, in: Rect(x: 0, y: 0, width: 60, height: 24), buffer: &buffer, colorMode: .trueColor)
        let lines = buffer.lines
        let entryRow = lines.firstIndex { $0.contains("Hex #") }
        let problemRow = lines.firstIndex { $0.contains("not a hex color: use RRGGBB, RRGGBBAA or RGB") }
        #expect(entryRow != nil && problemRow == entryRow.map { $0 + 1 }, "\(lines.joined(separator: "\n"))")
    }

    @Test func theViewShowsAlphaSpaceAndApproximation() {
        var buffer = ScreenBuffer(size: TerminalSize(width: 60, height: 24))
        ColorPickerView.draw(ColorPicker(start: translucent), in: Rect(x: 0, y: 0, width: 60, height: 24),
                             buffer: &buffer, colorMode: .palette256)
        var text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("was #FF00FF80"))
        #expect(text.components(separatedBy: "#FF00FF80").count == 3)
        #expect(text.contains("nearest of 256 colors"))

        buffer = ScreenBuffer(size: TerminalSize(width: 60, height: 24))
        ColorPickerView.draw(ColorPicker(start: displayP3), in: Rect(x: 0, y: 0, width: 60, height: 24),
                             buffer: &buffer, colorMode: .ansi8)
        text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("(display-p3)"))
        #expect(text.contains("nearest of 8 colors"))
    }
}
