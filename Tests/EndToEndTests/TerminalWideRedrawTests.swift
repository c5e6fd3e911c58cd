import Foundation
import NotesTestSupport
import Testing

/// Redrawing only what changed must keep wide characters whole: when a row's CJK text
/// moves one column to the right, every character is still on screen in one piece.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalWideRedrawTests {
    @Test func wideCharactersShiftedByOneColumnStayWhole() throws {
        // Given a list whose first row is "会議 first" and another note "x会議 second"
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("x会議 second")
        _ = try sandbox.add("会議 first")
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 100, height: 20, term: "xterm-256color")
        defer { session.kill() }
        try session.waitFor(text: "会議 first")

        // When a filter puts "x会議 second" on that row, one column further right
        try session.sendKeys("/")
        try session.type("x会")
        let screen = try session.waitUntil("the filtered list") { !$0.contains("会議 first") }

        // Then the row shows the whole title
        #expect(screen.contains("x会議 second"), "\(screen)")
    }
}
