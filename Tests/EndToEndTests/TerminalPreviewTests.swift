import Foundation
import NotesTestSupport
import Testing

/// In a real terminal, the preview pane catches up with the selection once the keys
/// stop (the app waits for a pause in input through ncurses before redrawing it).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalPreviewTests {
    /// A store with three notes, newest (listed first) last: each body names its note.
    private func makeStore() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        _ = try sandbox.add("Third note", "--body", "body of the 第三 note")
        _ = try sandbox.add("Second note", "--body", "body of the second note")
        _ = try sandbox.add("First note", "--body", "body of the first note")
        return sandbox
    }

    private func open(_ sandbox: CLISandbox) throws -> TmuxSession {
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 120, height: 20, term: "xterm-256color")
        try session.waitFor(text: "body of the first note")
        return session
    }

    @Test func aSingleDownShowsTheNextNotesPreview() throws {
        // Given the list with the first note previewed
        let sandbox = try makeStore()
        defer { sandbox.remove() }
        let session = try open(sandbox)
        defer { session.kill() }

        // When ↓ is pressed once
        try session.sendKeys("Down")

        // Then the preview ends up showing the second note, and only it
        let screen = try session.waitFor(text: "body of the second note")
        #expect(!screen.contains("body of the first note"), "\(screen)")
        #expect(screen.contains("▶Second note"), "\(screen)")
    }

    @Test func keysInQuickSuccessionEndWithThePreviewOfTheSelection() throws {
        // Given the list with the first note previewed
        let sandbox = try makeStore()
        defer { sandbox.remove() }
        let session = try open(sandbox)
        defer { session.kill() }

        // When ↓ ↓ ↑ ↓ arrive at once (as with key repeat)
        try session.sendKeys("Down", "Down", "Up", "Down")

        // Then the preview ends up showing the third note, wide characters whole
        let screen = try session.waitFor(text: "body of the 第三 note")
        #expect(!screen.contains("body of the first note") && !screen.contains("body of the second note"), "\(screen)")
        #expect(screen.contains("▶Third note"), "\(screen)")
    }
}
