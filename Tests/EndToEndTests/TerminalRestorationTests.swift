import Foundation
import NotesTestSupport
import Testing

/// PRODUCT §7: after quit, an error, SIGINT, SIGTERM, SIGHUP, a crash (SIGSEGV, SIGABRT),
/// SIGQUIT and Ctrl-Z + fg the terminal is back in its normal mode. Driven through `notes-termcheck`, which opens
/// the terminal exactly as `notes` does (`NCursesTerminal`).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalRestorationTests {
    /// How the program is made to end, and the exit status that follows.
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case quitKey, errorExit, interrupt, terminate, hangUp, segmentationFault, abort, quitSignal

        var testDescription: String { rawValue }

        var expectedStatus: Int {
            switch self {
            case .quitKey: return 0
            case .errorExit: return 1
            case .interrupt: return 128 + Int(SIGINT)
            case .terminate: return 128 + Int(SIGTERM)
            case .hangUp: return 128 + Int(SIGHUP)
            case .segmentationFault: return 128 + Int(SIGSEGV)
            case .abort: return 128 + Int(SIGABRT)
            case .quitSignal: return 128 + Int(SIGQUIT)
            }
        }

        /// The signal sent to end the program; nil when it ends by a key.
        var signal: Int32? {
            switch self {
            case .quitKey, .errorExit: return nil
            case .interrupt: return SIGINT
            case .terminate: return SIGTERM
            case .hangUp: return SIGHUP
            case .segmentationFault: return SIGSEGV
            case .abort: return SIGABRT
            case .quitSignal: return SIGQUIT
            }
        }
    }

    @Test(arguments: Ending.allCases)
    func terminalModeIsRestored(ending: Ending) throws {
        // Given a shell in a tmux pane running the program full-screen
        let harness = try TerminalHarness()
        defer { harness.session.kill() }
        try harness.startBracketed([TerminalHarness.product("notes-termcheck")])
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "termcheck")

        // When it ends
        let pid = try harness.programPid()
        switch ending {
        case .quitKey: try harness.session.sendKeys("q")
        case .errorExit: try harness.session.sendKeys("x")
        default: kill(pid, ending.signal ?? SIGKILL)
        }

        // Then the process is gone, having died of the signal (no crash report, no wait),
        // and the shell gets the terminal back exactly as it was: normal screen, cursor shown
        let status = try harness.waitForExit()
        #expect(status == ending.expectedStatus)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(try harness.session.format("#{cursor_flag}") == "1")
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
        if ending == .errorExit {
            #expect(try harness.session.capture().contains("error: failure requested with the x key"))
        }
    }

    @Test func controlZSuspendsAndFgResumes() throws {
        // Given the program running full-screen as a shell job
        let harness = try TerminalHarness()
        defer { harness.session.kill() }
        try harness.saveSnapshot("before")
        try harness.run(TerminalHarness.product("notes-termcheck"))
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "termcheck")

        // When Ctrl-Z is pressed, the shell is back, in its own mode
        try harness.session.sendKeys("C-z")
        try harness.session.waitFor(text: "Stopped")
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "0")
        try harness.saveSnapshot("stopped")
        #expect(try harness.snapshot("stopped") == harness.snapshot("before"))

        // And `fg` brings the program back, redrawn and taking keys
        try harness.run("fg")
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "termcheck")
        try harness.session.sendKeys("Up")
        try harness.session.waitFor(text: "last key: up")

        // And quitting then restores the terminal again
        try harness.session.sendKeys("q")
        try harness.session.waitFor(text: "termcheck: done")
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "0")
        try harness.saveSnapshot("after")
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
    }

    @Test func crashRestoresTheTerminal() throws {
        // Given the program running full-screen (the Swift backtracer off, for speed)
        let harness = try TerminalHarness(environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { harness.session.kill() }
        try harness.startBracketed([TerminalHarness.product("notes-termcheck")])
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "termcheck")

        // When it traps (an array index out of range)
        try harness.session.sendKeys("!")

        // Then it dies of the signal, and the terminal is as it was
        let status = try harness.waitForExit()
        #expect(status == 128 + Int(SIGILL) || status == 128 + Int(SIGTRAP))
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
    }

    @Test func noFrameStaysOnATerminalWithoutAnAlternateScreen() throws {
        // Given the program full-screen on a terminal without an alternate screen (the Linux console)
        let harness = try TerminalHarness(term: "linux")
        defer { harness.session.kill() }
        try harness.startBracketed([TerminalHarness.product("notes-termcheck")])
        try harness.session.waitFor(text: "last key:")

        // When it quits
        try harness.session.sendKeys("q")
        let status = try harness.waitForExit()

        // Then its last frame is gone from the screen (the top rows scroll away as the shell
        // prints; the bottom row, its key help, would stay), and the terminal is as it was
        #expect(status == 0)
        let screen = try harness.session.capture()
        #expect(!screen.contains("q quit") && !screen.contains("last key:"), "\(screen)")
        #expect(try harness.session.format("#{cursor_flag}") == "1")
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
    }
}
