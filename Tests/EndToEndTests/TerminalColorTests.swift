import Foundation
import NotesTestSupport
import Testing
import NotesColor

/// Colors as they reach a real terminal, per `TERM`, `COLORTERM` and `NO_COLOR`.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalColorTests {
    /// A mid blue: OKLab's nearest 256-color entry is 32 (#0087D7), while plain RGB
    /// distance would pick 68 (#5F87D7).
    private let blue = RGB8(red: 58, green: 123, blue: 213)

    /// The background of the termcheck strip (row 2, column 0) under the given terminal.
    private func stripColor(term: String, environment: [String: String] = [:]) throws -> CapturedColor? {
        let session = try TmuxSession(command: [TerminalHarness.product("notes-termcheck"), "--color", "3A7BD5"],
                                      width: 80, height: 24, term: term, environment: environment)
        defer { session.kill() }
        try session.waitFor(text: "strip #3A7BD5")
        let screen = CapturedScreen(try session.capture(escapes: true))
        return screen.cell(x: 0, y: 2)?.style.background
    }

    @Test func tmuxKeepsTwentyFourBitColorsInCaptures() throws {
        let session = try TmuxSession(command: ["sh", "-c", "printf '\\033[38;2;1;2;3mX\\033[0m ok'; sleep 60"])
        defer { session.kill() }
        try session.waitFor(text: "X ok")
        let screen = CapturedScreen(try session.capture(escapes: true))
        #expect(screen.cell(x: 0, y: 0)?.style.foreground == .rgb(RGB8(red: 1, green: 2, blue: 3)))
    }

    /// The `TERM`/`COLORTERM` pairs that GNOME Terminal, kitty, iTerm2, Alacritty, Windows
    /// Terminal, tmux and screen set: 24-bit color on a system with only ncurses-base's
    /// terminfo entries (no `xterm-direct`), through the entry notes compiles itself.
    @Test(arguments: [("xterm-256color", "truecolor"), ("tmux-256color", "truecolor"),
                      ("screen-256color", "24bit"), ("xterm", "truecolor")])
    func colortermTruecolorShowsTheExactColor(term: String, colorterm: String) throws {
        #expect(try stripColor(term: term, environment: ["COLORTERM": colorterm]) == .rgb(blue))
    }

    @Test func theCompiledEntryIsCachedAndNamed() throws {
        let cache = try TemporaryFolder(prefix: "notes-terminfo-cache")
        defer { cache.remove() }
        let environment = ["COLORTERM": "truecolor", "XDG_CACHE_HOME": cache.url.path]
        for _ in 0..<2 {
            let session = try TmuxSession(command: [TerminalHarness.product("notes-termcheck")],
                                          width: 80, height: 24, term: "tmux-256color", environment: environment)
            defer { session.kill() }
            try session.waitFor(text: "terminfo:notes-direct1-tmux-256color")
        }
        let entry = cache.url.appendingPathComponent("notes/terminfo/n/notes-direct1-tmux-256color")
        #expect(FileManager.default.fileExists(atPath: entry.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.url.appendingPathComponent("notes/terminfo").path)
        #expect(leftovers == ["n"])
    }

    @Test func withoutACacheFolderColortermStillAsksForNoMoreThan256Colors() throws {
        // HOME and XDG_CACHE_HOME unusable: nothing can be compiled; the palette is used.
        let color = try stripColor(term: "xterm-256color",
                                   environment: ["COLORTERM": "truecolor", "XDG_CACHE_HOME": "relative", "HOME": "relative"])
        #expect(color == .palette(32))
    }

    @Test func twoHundredFiftySixColorsShowThePerceptuallyNearestEntry() throws {
        #expect(try stripColor(term: "xterm-256color") == .palette(32))
    }

    @Test func aDarkBlueStaysBlueWith256Colors() throws {
        let session = try TmuxSession(command: [TerminalHarness.product("notes-termcheck"), "--color", "123456"],
                                      width: 80, height: 24, term: "xterm-256color")
        defer { session.kill() }
        try session.waitFor(text: "strip #123456")
        let screen = CapturedScreen(try session.capture(escapes: true))
        // 24 is #005F87; plain OKLab distance would draw gray 236.
        #expect(screen.cell(x: 0, y: 2)?.style.background == .palette(24))
    }

    @Test func eightColorsShowAnANSIColor() throws {
        let color = try stripColor(term: "xterm")
        guard case .palette(let index) = color else {
            Issue.record("expected a palette color, got \(String(describing: color))")
            return
        }
        #expect((0...7).contains(index))
    }

    @Test func noColorShowsNoColors() throws {
        #expect(try stripColor(term: "xterm-256color", environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
            == .terminalDefault)
    }

    /// An 8-color terminal has 63 color pairs. termcheck's rows 5 and 6 need 60 at first,
    /// then more with every frame while row 5 stays unchanged: the pairs are renumbered
    /// and the screen repainted, and no cell may show another cell's colors.
    @Test func runningOutOfColorPairsNeverRecolorsCellsOnScreen() throws {
        let session = try TmuxSession(command: [TerminalHarness.product("notes-termcheck")],
                                      width: 80, height: 24, term: "xterm")
        defer { session.kill() }
        let combinations: [(foreground: Int, background: Int)] = (0...8).flatMap { background in
            (0...8).map { foreground in (foreground, background) }
        }.filter { $0.foreground != 8 || $0.background != 8 }
        func expected(_ index: Int) -> CapturedColor { index == 8 ? .terminalDefault : .palette(index) }

        for frame in 0..<4 {
            if frame > 0 { try session.sendKeys("n") }
            try session.waitFor(text: "pairs frame \(frame)")
            let screen = CapturedScreen(try session.capture(escapes: true))
            for x in 0..<30 {
                let fixed = combinations[x]
                let moving = combinations[(30 + 30 * frame + x) % combinations.count]
                let fixedStyle = screen.cell(x: x, y: 5)?.style
                let movingStyle = screen.cell(x: x, y: 6)?.style
                #expect(fixedStyle?.foreground == expected(fixed.foreground), "frame \(frame), row 5, column \(x)")
                #expect(fixedStyle?.background == expected(fixed.background), "frame \(frame), row 5, column \(x)")
                #expect(movingStyle?.foreground == expected(moving.foreground), "frame \(frame), row 6, column \(x)")
                #expect(movingStyle?.background == expected(moving.background), "frame \(frame), row 6, column \(x)")
            }
        }
    }
}
