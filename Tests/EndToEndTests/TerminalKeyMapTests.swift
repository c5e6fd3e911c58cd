import Foundation
import NotesTestSupport
import Testing

/// The footer and the categories keys in a real terminal under tmux: `? help` and
/// `q quit` at 60 columns, no note keys on an empty store, Enter on a category shows its
/// notes, Tab gives the focus to the category pane.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalKeyMapTests {
    private func start(_ sandbox: CLISandbox, width: Int) throws -> TmuxSession {
        try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath], width: width, height: 20,
                        term: "xterm-256color")
    }

    private func lastLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
    }

    @Test func theFooterAt60ColumnsOnAnEmptyAndAFullStore() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let empty = try start(sandbox, width: 60)
        let emptyScreen = try empty.waitFor(text: "? help  q quit")
        empty.kill()
        #expect(lastLine(emptyScreen).hasPrefix("n new  / find  c categories"))
        #expect(!lastLine(emptyScreen).contains("e edit"))

        _ = try sandbox.add("Plan the week")
        let full = try start(sandbox, width: 60)
        defer { full.kill() }
        let fullScreen = try full.waitFor(text: "Plan the week")
        #expect(lastLine(fullScreen).hasPrefix("Enter open  n new  / find  c categories"))
        #expect(lastLine(fullScreen).hasSuffix("? help  q quit"))
    }

    @Test func enterOnACategoryShowsItsNotesAndTabFocusesThePane() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        try sandbox.ok("category", "add", "Home")
        _ = try sandbox.add("Roadmap", "--category", "Work")
        _ = try sandbox.add("Groceries", "--category", "Home")
        let session = try start(sandbox, width: 100)
        defer { session.kill() }
        try session.waitFor(text: "Roadmap")

        try session.sendKeys("c")
        let categories = try session.waitFor(text: "Uncategorized")
        #expect(categories.contains("All notes"))
        try session.sendKeys("Enter")  // the first category: Home
        try session.waitFor(text: "1 of 2 notes  in Home")
        #expect(!(try session.capture()).contains("Color of"))

        try session.sendKeys("Tab")
        try session.waitFor(text: "▶Categories")
        try session.sendKeys("j")  // Home → Work
        try session.waitFor(text: "1 of 2 notes  in Work")
    }
}
