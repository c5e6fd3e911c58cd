import Foundation
import NotesTestSupport
import Testing
import NotesColor
import NotesTerminal

/// The real `notes` UI in a real terminal (tmux): the terminal is restored on every way
/// out, resize reflows, a small terminal says so, and the note strip has the category's
/// color (exact with 24-bit color, the OKLab-nearest palette entry with 256).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalNotesAppTests {
    /// #3A7BD5: OKLab's nearest 256-color entry is 32 (#0087D7); plain RGB distance would pick 68.
    private let blue = RGB8(red: 0x3A, green: 0x7B, blue: 0xD5)
    private let title = "Plan the week"

    /// A store with one category in `blue` and one note in it.
    private func makeStore() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.ok("category", "add", "Work", "--color", "3A7BD5")
        _ = try sandbox.add(title, "--category", "Work")
        return sandbox
    }

    private func notesCommand(_ sandbox: CLISandbox) -> [String] {
        [sandbox.runner.executable.path, "--store", sandbox.storePath]
    }

    /// The background of the strip at the left of the note's row.
    private func stripColor(term: String, environment: [String: String] = [:]) throws -> CapturedColor? {
        let sandbox = try makeStore()
        defer { sandbox.folder.remove() }
        let session = try TmuxSession(command: notesCommand(sandbox), width: 120, height: 40, term: term,
                                      environment: environment)
        defer { session.kill() }
        try session.waitFor(text: title)
        let screen = CapturedScreen(try session.capture(escapes: true))
        guard let found = screen.position(of: title) else {
            Issue.record("the note's title is not on screen")
            return nil
        }
        // The row is: a two-column strip, a selection marker column, then the title.
        return screen.cell(x: found.x - 3, y: found.y)?.style.background
    }

    @Test func stripHasTheExactColorWith24BitColor() throws {
        #expect(try stripColor(term: "tmux-256color", environment: ["COLORTERM": "truecolor"]) == .rgb(blue))
        #expect(try stripColor(term: "xterm-256color", environment: ["COLORTERM": "truecolor"]) == .rgb(blue))
    }

    @Test func stripHasTheNearestPaletteColorWith256Colors() throws {
        #expect(try stripColor(term: "xterm-256color") == .palette(32))
    }

    @Test(arguments: TerminalRestorationTests.Ending.allCases.filter { $0 != .errorExit })
    func terminalModeIsRestored(ending: TerminalRestorationTests.Ending) throws {
        // Given notes running full-screen from a shell
        let sandbox = try makeStore()
        defer { sandbox.folder.remove() }
        let harness = try TerminalHarness()
        defer { harness.session.kill() }
        try harness.startBracketed(notesCommand(sandbox))
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: title)

        // When it ends
        let pid = try harness.programPid()
        switch ending {
        case .quitKey, .errorExit: try harness.session.sendKeys("q")
        default: kill(pid, ending.signal ?? SIGKILL)
        }

        // Then the process is gone and the terminal is as it was, cursor shown
        #expect(try harness.waitForExit() == ending.expectedStatus)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(try harness.session.format("#{cursor_flag}") == "1")
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
    }

    @Test func controlZAndFg() throws {
        let sandbox = try makeStore()
        defer { sandbox.folder.remove() }
        let harness = try TerminalHarness()
        defer { harness.session.kill() }
        try harness.saveSnapshot("before")
        try harness.run(notesCommand(sandbox).map(TmuxSession.shellQuoted).joined(separator: " "))
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: title)

        try harness.session.sendKeys("C-z")
        try harness.session.waitFor(text: "Stopped")
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "0")
        try harness.saveSnapshot("stopped")
        #expect(try harness.snapshot("stopped") == harness.snapshot("before"))

        try harness.run("fg")
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: title)
        try harness.session.sendKeys("q")
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "0")
        try harness.saveSnapshot("after")
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
    }

    @Test func resizeReflowsAndTooSmallSaysSo() throws {
        let sandbox = try makeStore()
        defer { sandbox.folder.remove() }
        let session = try TmuxSession(command: notesCommand(sandbox), width: 100, height: 30)
        defer { session.kill() }
        try session.waitFor(text: title)

        // Too small: the message replaces the screen
        try session.resize(width: 30, height: 8)
        let small = try session.waitFor(text: "Terminal too small")
        #expect(!small.contains(title))

        // Wider than before: the note list is back, laid out across the new width
        try session.resize(width: 140, height: 35)
        let wide = try session.waitUntil("the list at 140 columns") { screen in
            screen.contains(self.title) && screen.split(separator: "\n").contains { $0.count > 100 }
        }
        #expect(!wide.contains("Terminal too small"))
    }
}
