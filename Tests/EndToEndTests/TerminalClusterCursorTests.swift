import Foundation
import NotesTestSupport
import Testing

/// In a real terminal, after the terminal layer writes a cluster curses cannot hold itself
/// (`👍🏽` in a title, `ClusterOverlays`), the cursor goes back where curses has it: the next
/// frame, which curses may start with a carriage return on the status line, writes the status
/// line, not the cluster's row. (Before, the move back was lost, and `/` on the list left the
/// key hints on the status line and blanked the row of the last cluster written.)
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalClusterCursorTests {
    @Test(arguments: [(80, 24, "xterm-256color"), (60, 15, "tmux-256color")])
    func theFrameAfterAClusterWritesTheStatusLineInPlace(width: Int, height: Int, term: String) throws {
        // Given a list whose rows hold clusters the terminal layer writes itself
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Plain note", "--body", "nothing wide")
        _ = try sandbox.add("Thumbs 👍🏽 up", "--body", "a skin-tone emoji")
        _ = try sandbox.add("Pair 👩‍💻 coding", "--body", "a ZWJ sequence")
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: width, height: height, term: term)
        defer { session.kill() }
        try session.waitFor(text: "q quit")

        // When `/` opens the filter (only the status line changes)
        try session.sendKeys("/")

        // Then the status line is the filter's, whole, and the rows above keep their titles
        let screen = try session.waitFor(text: "Esc clears")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let status = try #require(lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(status.hasPrefix("/"), "\(screen)")
        #expect(!status.contains("quit") && !status.contains("new"), "\(screen)")
        #expect(lines.filter { $0.hasPrefix("/") }.count == 1, "\(screen)")
        for title in ["Plain note", "Thumbs", "Pair"] {
            #expect(screen.contains(title), "\(title) in \(screen)")
        }
    }
}
