import Testing
@testable import NotesColor
@testable import NotesTerminal

@Suite struct PaletteTests {
    private func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> RGB8 {
        RGB8(red: red, green: green, blue: blue)
    }

    @Test func paletteIndexesHaveTheXtermValues() {
        #expect(Palette256.color(ofIndex: 16) == rgb(0, 0, 0))
        #expect(Palette256.color(ofIndex: 196) == rgb(255, 0, 0))
        #expect(Palette256.color(ofIndex: 231) == rgb(255, 255, 255))
        #expect(Palette256.color(ofIndex: 232) == rgb(8, 8, 8))
        #expect(Palette256.color(ofIndex: 255) == rgb(238, 238, 238))
        #expect(Palette256.color(ofIndex: 15) == nil)
        #expect(Palette256.color(ofIndex: 256) == nil)
    }

    @Test func pureColorsMapToTheirCubeCorners() {
        #expect(Palette256.nearest(rgb(255, 0, 0)) == 196)
        #expect(Palette256.nearest(rgb(0, 255, 0)) == 46)
        #expect(Palette256.nearest(rgb(0, 0, 255)) == 21)
        #expect(Palette256.nearest(rgb(255, 255, 0)) == 226)
        #expect(Palette256.nearest(rgb(0, 0, 0)) == 16)
        #expect(Palette256.nearest(rgb(255, 255, 255)) == 231)
    }

    @Test func everyPaletteColorMapsToItself() {
        for index in 16...255 {
            guard let color = Palette256.color(ofIndex: index) else {
                Issue.record("no color for \(index)")
                continue
            }
            let found = Palette256.nearest(color)
            // Two entries may share a value (none do in this palette), so compare colors.
            #expect(Palette256.color(ofIndex: found) == color, "index \(index)")
        }
    }

    @Test func midGraysMapToTheGrayRamp() {
        #expect(Palette256.nearest(rgb(128, 128, 128)) == 244)
        #expect(Palette256.nearest(rgb(60, 60, 60)) == 237)
        #expect(Palette256.nearest(rgb(30, 30, 30)) == 234)
    }

    @Test func okLabChoosesDifferentlyFromRGBDistance() {
        // A mid blue: by raw byte distance (95,135,215) = 68 is closest, but it looks
        // lighter and grayer than (0,135,215) = 32, which OKLab picks.
        let blue = rgb(58, 123, 213)
        #expect(nearestByRGBDistance(blue) == 68)
        #expect(Palette256.nearest(blue) == 32)
    }

    @Test func ansiNearestUsesOnlyTheAllowedColors() {
        #expect(ANSIPalette.nearest(rgb(255, 0, 0), count: 16) == 9)
        #expect(ANSIPalette.nearest(rgb(255, 0, 0), count: 8) == 1)
        #expect(ANSIPalette.nearest(rgb(0, 0, 0), count: 8) == 0)
        #expect(ANSIPalette.nearest(rgb(250, 250, 250), count: 16) == 15)
        #expect(ANSIPalette.nearest(rgb(250, 250, 250), count: 8) == 7)
        #expect(ANSIPalette.nearest(rgb(0, 150, 150), count: 8) == 6)
    }

    @Test func okLabOfWhiteAndBlack() {
        let white = OKLab(rgb(255, 255, 255))
        let black = OKLab(rgb(0, 0, 0))
        #expect(abs(white.lightness - 1) < 0.001 && abs(white.a) < 0.001 && abs(white.b) < 0.001)
        #expect(abs(black.lightness) < 0.001)
    }

    @Test func terminalColorNumbersPerMode() {
        let orange = rgb(255, 128, 0)
        #expect(TerminalColor.number(for: orange, mode: .trueColor) == 0xFF8000)
        #expect(TerminalColor.number(for: orange, mode: .palette256) == 208)
        #expect(TerminalColor.number(for: orange, mode: .monochrome) == -1)
        #expect(TerminalColor.number(for: nil, mode: .trueColor) == -1)
        #expect((0...15).contains(TerminalColor.number(for: orange, mode: .ansi16)))
        #expect((0...7).contains(TerminalColor.number(for: orange, mode: .ansi8)))
    }

    @Test func directColorsBelowEightAreNudgedOffThePalette() {
        #expect(TerminalColor.directColor(rgb(0, 0, 0)) == 0x000100)
        #expect(TerminalColor.directColor(rgb(0, 0, 7)) == 0x000107)
        #expect(TerminalColor.directColor(rgb(0, 0, 8)) == 8)
        #expect(TerminalColor.directColor(rgb(1, 0, 0)) == 0x010000)
    }

    private func nearestByRGBDistance(_ color: RGB8) -> Int {
        func distance(_ other: RGB8) -> Int {
            let dr = Int(color.red) - Int(other.red)
            let dg = Int(color.green) - Int(other.green)
            let db = Int(color.blue) - Int(other.blue)
            return dr * dr + dg * dg + db * db
        }
        return (16...255).min { first, second in
            distance(Palette256.color(ofIndex: first) ?? color) < distance(Palette256.color(ofIndex: second) ?? color)
        } ?? 16
    }
}

/// The 256-color and ANSI picks keep a color's hue (the table in `Palette256.nearest`).
struct HueKeepingPaletteTests {
    @Test(arguments: [
        (0x123456, 24), (0x1A1A40, 17), (0x2B3A55, 60), (0x003300, 22), (0x5C4033, 95), (0xE6E6FA, 189),
        (0x3A7BD5, 32), (0x808890, 102), (0x400000, 52), (0x000080, 18), (0x8B4513, 130), (0x663399, 54),
        (0xFF8000, 208), (0x7F7F7F, 244), (0x101010, 233), (0xFFFFFF, 231), (0x000000, 16),
    ])
    func pick(hex: Int, index: Int) {
        let color = RGB8(red: UInt8(hex >> 16), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
        #expect(Palette256.nearest(color) == index, "\(color.hex)")
    }

    @Test func aDarkBlueStaysBlueInSixteenAndEightColors() {
        let darkBlue = RGB8(red: 0x12, green: 0x34, blue: 0x56)
        #expect(ANSIPalette.nearest(darkBlue, count: 16) == 4)
        #expect(ANSIPalette.nearest(darkBlue, count: 8) == 4)
        #expect(ANSIPalette.nearest(RGB8(red: 0x80, green: 0x80, blue: 0x80), count: 16) == 8)
    }
}
