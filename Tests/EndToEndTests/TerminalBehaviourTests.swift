import Foundation
import NotesTestSupport
import Testing
import NotesTerminal

/// The terminal layer in a real terminal: keys, resize, too-small screens, wide characters.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalBehaviourTests {
    private func start(width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let session = try TmuxSession(command: [TerminalHarness.product("notes-termcheck")],
                                      width: width, height: height)
        // The help on the bottom row is written last: the whole frame is on screen.
        try session.waitUntil("the first frame") { screen in
            screen.contains("termcheck \(width)x\(height)") && screen.contains("x error")
        }
        return session
    }

    @Test func keysAreDecoded() throws {
        let session = try start()
        defer { session.kill() }
        let keys: [(send: String, shown: String)] = [
            ("Up", "up"), ("PageDown", "pageDown"), ("Home", "home"), ("End", "end"), ("BTab", "backTab"),
            ("F5", "function(5)"), ("C-a", "control(\"a\")"), ("Escape", "escape"), ("Enter", "enter"),
            ("BSpace", "backspace"), ("DC", "delete"), ("Tab", "tab"), ("é", "character(\"é\")"),
        ]
        for key in keys {
            try session.sendKeys(key.send)
            try session.waitFor(text: "last key: \(key.shown)")
            try session.sendKeys("C-b")  // something else in between, so repeats are seen
            try session.waitFor(text: "last key: control(\"b\")")
        }
    }

    @Test func arrowsAreDecodedInBothCursorKeyModes() throws {
        // A terminal sends `ESC [ A` while its cursor-key mode is normal (another program
        // turned it off), `ESC O A` in application mode: both are the arrow, never `[` and `A`.
        let session = try start()
        defer { session.kill() }
        let arrows: [(final: String, shown: String)] = [("41", "up"), ("42", "down"), ("43", "right"), ("44", "left")]
        for arrow in arrows {
            for introducer in ["5b", "4f"] {  // "[" and "O"
                try session.sendKeys("-H", "1b", introducer, arrow.final)
                try session.waitFor(text: "last key: \(arrow.shown)")
                try session.sendKeys("C-b")
                try session.waitFor(text: "last key: control(\"b\")")
            }
        }
    }

    @Test func resizeReflowsAndTooSmallSaysSo() throws {
        // Given the program at 80x24
        let session = try start()
        defer { session.kill() }

        // When the pane grows, the screen is laid out for the new size at once
        try session.resize(width: 100, height: 30)
        // (the header names the size, the help sits in the new bottom-right corner)
        try session.waitUntil("the layout at 100x30") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return screen.contains("termcheck 100x30") && lines.count >= 30
                && lines[29].count == 100 && lines[29].hasSuffix("q quit  ^Z suspend  x error")
        }

        // When it becomes too small, it says so
        try session.resize(width: 20, height: 5)
        let small = try session.waitFor(text: "Terminal too small")
        #expect(!small.contains("termcheck"))

        // And it comes back when there is room again
        try session.resize(width: 60, height: 12)
        try session.waitFor(text: "termcheck 60x12")
    }

    @Test func wideCharactersAndCombiningMarksAlign() throws {
        let session = try start()
        defer { session.kill() }
        let screen = CapturedScreen(try session.capture(escapes: true))
        guard let row = screen.row(containing: "wide:") else {
            Issue.record("no wide-character line")
            return
        }
        // "wide: " is 6 columns, 漢 and 字 two each, then " café".
        #expect(screen.cell(x: 6, y: row)?.text == "漢")
        #expect(screen.cell(x: 8, y: row)?.text == "字")
        #expect(screen.cell(x: 11, y: row)?.text == "c")
        #expect(screen.cell(x: 16, y: row)?.text == "e\u{301}")
    }
}
