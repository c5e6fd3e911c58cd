import Foundation
import NotesStore
import NotesTestSupport
import Testing

/// The app started on a store with a list head, in a real terminal under tmux: the first
/// frame shows the whole store's count, and keys typed at once reach the list and the filter.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalEarlyStartTests {
    @Test func theAppStartsFromTheHeadAndTakesKeysAtOnce() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let url = URL(fileURLWithPath: sandbox.storePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AppEarlyStartTests.seed(url, seed: 41)
        let store = try NotesStore.open(at: url)
        let live = store.contents.notes.count
        store.close()
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath], width: 100, height: 30,
                                      term: "xterm-256color")
        defer { session.kill() }
        try session.waitFor(text: " notes  \(live) notes")
        // Typed at once: a move, then the filter (which may wait for the whole store).
        try session.sendKeys("j")
        try session.sendKeys("/")
        try session.type("Note 1")
        try session.waitFor(text: "matching Note 1")
        try session.sendKeys("Escape")
        try session.waitFor(text: " notes  \(live) notes")
    }
}
