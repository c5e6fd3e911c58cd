import Foundation
import NotesTestSupport
import Testing

/// Footnotes and comments on a real terminal (tmux): the read view shows a reference as
/// `[1]` and its definition under a rule at the end, `Tab` and `Enter` on the reference
/// scroll to the definition and `H` comes back; a `%%comment%%` is not drawn.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalFootnoteTests {
    @Test func enterOnAFootnoteScrollsToItsDefinitionAndHComesBack() throws {
        // Given a note with a footnote far below its reference, and a comment
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let lines = (1...60).map { "line \($0)" }.joined(separator: "\n")
        _ = try sandbox.add("Claims", "--body", "A claim[^src] to check. %%a private remark%%\n\n\(lines)\n\n[^src]: Where it comes from.")
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 80, height: 20, term: "xterm-256color")
        defer { session.kill() }
        _ = try session.waitUntil("the list") { $0.contains("Claims") }

        // When it is read, the reference is its number and the comment is not drawn
        try session.sendKeys("Enter")
        let top = try session.waitUntil("the rendered note") { $0.contains("A claim[1] to check.") }
        #expect(!top.contains("[^src]") && !top.contains("private remark"))

        // and Tab then Enter follow the reference to the definition at the end
        try session.sendKeys("Tab")
        try session.sendKeys("Enter")
        let end = try session.waitUntil("the definition") { $0.contains("[1] Where it comes from.") }
        #expect(!end.contains("A claim"))

        // Then H comes back to the reference
        try session.sendKeys("H")
        _ = try session.waitUntil("back at the reference") { $0.contains("A claim[1] to check.") }
    }
}
