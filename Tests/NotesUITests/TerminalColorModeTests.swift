import Testing
@testable import NotesTerminal

@Suite struct TerminalColorModeTests {
    private func mode(rgb: Bool = false, colors: Int, _ environment: [String: String] = [:]) -> ColorMode {
        ColorModeDetection.mode(terminfo: TerminfoColorFacts(hasRGB: rgb, colors: colors), environment: environment)
    }

    @Test func terminfoRGBFlagMeansTrueColor() {
        #expect(mode(rgb: true, colors: 0x1000000) == .trueColor)
    }

    @Test func colorCountsGiveThePaletteModes() {
        #expect(mode(colors: 256) == .palette256)
        #expect(mode(colors: 88) == .ansi16)
        #expect(mode(colors: 16) == .ansi16)
        #expect(mode(colors: 8) == .ansi8)
        #expect(mode(colors: 2) == .monochrome)
        #expect(mode(colors: -1) == .monochrome)
    }

    @Test func noColorWinsWhenNonEmpty() {
        #expect(mode(rgb: true, colors: 0x1000000, ["NO_COLOR": "1"]) == .monochrome)
        #expect(mode(colors: 256, ["NO_COLOR": ""]) == .palette256)
    }

    @Test func colortermAloneDoesNotChangeTheModeButAsksForADirectEntry() {
        let facts = TerminfoColorFacts(hasRGB: false, colors: 256)
        let environment = ["COLORTERM": "truecolor", "TERM": "xterm-256color"]
        // ncurses cannot send 24-bit colors without an RGB entry, so the mode follows terminfo…
        #expect(ColorModeDetection.mode(terminfo: facts, environment: environment) == .palette256)
        // …and the terminal is opened with the -direct entry instead.
        #expect(ColorModeDetection.directCandidates(terminfo: facts, environment: environment) == ["xterm-direct"])
        #expect(ColorModeDetection.directCandidates(terminfo: facts, environment: ["COLORTERM": "24bit", "TERM": "tmux-256color"])
            == ["tmux-direct", "xterm-direct"])
    }

    @Test func noDirectEntryWhenNotAskedOrNotWanted() {
        let facts = TerminfoColorFacts(hasRGB: false, colors: 256)
        #expect(ColorModeDetection.directCandidates(terminfo: facts, environment: ["TERM": "xterm-256color"]).isEmpty)
        #expect(ColorModeDetection.directCandidates(
            terminfo: facts, environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]).isEmpty)
        #expect(ColorModeDetection.directCandidates(
            terminfo: TerminfoColorFacts(hasRGB: true, colors: 0x1000000),
            environment: ["TERM": "xterm-direct", "COLORTERM": "truecolor"]).isEmpty)
        #expect(ColorModeDetection.directCandidates(terminfo: facts, environment: ["COLORTERM": "yes", "TERM": "xterm"]).isEmpty)
    }

    @Test func directVariantNames() {
        #expect(ColorModeDetection.directVariant(of: "xterm-256color") == "xterm-direct")
        #expect(ColorModeDetection.directVariant(of: "xterm") == "xterm-direct")
        #expect(ColorModeDetection.directVariant(of: "konsole-16color") == "konsole-direct")
        #expect(ColorModeDetection.directVariant(of: "xterm-direct") == nil)
        #expect(ColorModeDetection.directVariant(of: "") == nil)
        #expect(ColorModeDetection.directVariant(of: "dumb") == nil)
    }
}
