import Foundation
import NotesTestSupport
import Testing

/// A terminal the full-screen UI cannot use (`TERM` unset, `dumb`, no cursor addressing)
/// gives a clear error with a hint and a non-zero status, and nothing is drawn.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalUnusableTests {
    /// Runs `notes` on an empty store under `termSetting` (a shell assignment, or `unset TERM`)
    /// and returns the screen after it ended.
    private func screenAfterRunning(_ termSetting: String) throws -> String {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let notes = [sandbox.runner.executable.path, "--store", sandbox.storePath]
            .map(TmuxSession.shellQuoted).joined(separator: " ")
        let script = "\(termSetting); printf 'BEFORE\\n'; \(notes); echo \"EXIT\"\"=$?\"; sleep 60"
        let session = try TmuxSession(command: ["sh", "-c", script], width: 100, height: 20)
        defer { session.kill() }
        return try session.waitUntil("the exit status") { $0.contains("EXIT=") }
    }

    @Test(arguments: ["export TERM=dumb", "unset TERM", "export TERM="])
    func unusableTerminalIsAClearError(termSetting: String) throws {
        let screen = try screenAfterRunning(termSetting)
        #expect(screen.contains("error: "))
        #expect(screen.contains("TERM=xterm-256color"))
        #expect(screen.contains("EXIT=1"))
        // Untouched: the line printed before is still there, and no alternate screen was used.
        #expect(screen.contains("BEFORE"))
    }
}
