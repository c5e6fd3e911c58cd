import Foundation
import NotesTestSupport
import Testing

/// The UI open in one pane while the CLI writes to the same store in another: neither
/// overwrites the other's commits, and the UI shows what the CLI added.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalSharedStoreTests {
    @Test func theUIAndTheCLIKeepEachOthersCommits() throws {
        // Given notes open full-screen on a store
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 120, height: 40, term: "xterm-256color",
                                      environment: ["EDITOR": "touch", "VISUAL": "touch"])  // `n`: the editor saves it unchanged
        defer { session.kill() }
        try session.waitFor(text: "0 notes")

        // When the CLI adds notes while the UI is open, and the UI adds its own in between
        _ = try sandbox.add("First from the CLI")
        try session.sendKeys("n")
        try session.type("Written in the UI")
        try session.sendKeys("Enter")
        try session.waitFor(text: "2 notes")
        _ = try sandbox.add("Second from the CLI")
        try session.sendKeys("j")

        // Then the UI shows all three, and the store holds all three
        _ = try session.waitUntil("all three notes on screen") {
            $0.contains("First from the CLI") && $0.contains("Written in the UI") && $0.contains("Second from the CLI")
        }
        let titles = Set(try sandbox.notes().compactMap { $0["title"] as? String })
        #expect(titles == ["First from the CLI", "Written in the UI", "Second from the CLI"])
    }
}
