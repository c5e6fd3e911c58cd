import Foundation
import NotesTestSupport
import Testing

/// The trash and undo in the real UI, under tmux: `d` then `u` on a note, and a deleted
/// category brought back by `u` with its notes in it — checked on screen and in the store.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalTrashTests {
    private func start(_ sandbox: CLISandbox) throws -> TmuxSession {
        try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath], width: 100, height: 24,
                        term: "xterm-256color")
    }

    /// Waits until the status line (the last line) starts with `prefix`.
    @discardableResult
    private func waitForStatus(_ session: TmuxSession, _ prefix: String) throws -> String {
        try session.waitUntil("the status line to say \(prefix)") { screen in
            screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty }?.hasPrefix(prefix) == true
        }
    }

    @Test func dThenUOnANote() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Plan the week")
        let session = try start(sandbox)
        defer { session.kill() }
        try session.waitFor(text: "Plan the week")

        try session.sendKeys("d")
        let trashed = try waitForStatus(session, "Moved \"Plan the week\" to the trash (u undoes it)")
        #expect(!trashed.split(separator: "\n").dropLast().contains { $0.contains("Plan the week") })
        let listed = try #require(try sandbox.json("trash") as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == [id])

        try session.sendKeys("u")
        try waitForStatus(session, "Undone: move \"Plan the week\" to the trash")
        #expect(try sandbox.notes().map { $0["id"] as? String } == [id])
        #expect((try sandbox.json("trash") as? [Any])?.isEmpty == true)

        try session.sendKeys("C-r")
        try waitForStatus(session, "Redone: move \"Plan the week\" to the trash")
        #expect(try sandbox.notes().isEmpty)
    }

    @Test func aDeletedCategoryComesBackWithUAndItsNotes() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work", "--color", "3A7BD5")
        let first = try sandbox.add("Standup", "--category", "Work")
        let second = try sandbox.add("Roadmap", "--category", "Work")
        let session = try start(sandbox)
        defer { session.kill() }
        try session.waitFor(text: "Roadmap")

        try session.sendKeys("c")
        try session.waitFor(text: "#3A7BD5")
        try session.sendKeys("d")
        try waitForStatus(session, "Delete category Work? Its notes are kept. (y/n)")
        try session.sendKeys("y")
        try waitForStatus(session, "Deleted category Work (u brings it back with its notes)")
        #expect(try sandbox.categories().isEmpty)
        #expect(try sandbox.notes().allSatisfy { $0["category"] is NSNull })

        try session.sendKeys("u")
        let screen = try waitForStatus(session, "Undone: delete category Work")
        #expect(screen.contains("Work"))
        let categories = try sandbox.categories()
        #expect(categories.map { $0["name"] as? String } == ["Work"])
        #expect(categories.first?["notes"] as? Int == 2)
        let inWork = try sandbox.notes("--category", "Work").compactMap { $0["id"] as? String }
        #expect(Set(inWork) == [first, second])
    }
}
