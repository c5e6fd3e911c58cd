import Foundation
import NotesTestSupport
import Testing

/// Text fields and organizing notes in a real terminal (tmux), as a person does it:
/// a real bracketed paste, Ctrl-C in a prompt, `r` and `m`, and a dialog while the
/// terminal is too small. The store is checked afterwards with `notes list --json`.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalOrganizeTests {
    private let title = "Plan the week"

    /// A store with categories Work and Home and one uncategorized note, and notes open on it
    /// (the editor is `touch`: `n` opens it and it saves the new note unchanged, as `:wq` does).
    private func start(width: Int = 80, height: Int = 24) throws -> (CLISandbox, TmuxSession) {
        let sandbox = try CLISandbox()
        try sandbox.ok("category", "add", "Work", "--color", "3A7BD5")
        try sandbox.ok("category", "add", "Home")
        _ = try sandbox.add(title)
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: width, height: height, environment: ["EDITOR": "touch", "VISUAL": "touch"])
        try session.waitFor(text: title)
        return (sandbox, session)
    }

    @Test func aTwoLinePasteIntoTheNewNoteTitleIsOneTitle() throws {
        let (sandbox, session) = try start()
        defer { session.kill(); sandbox.remove() }
        // When a two-line text is pasted into the title prompt and Enter is pressed
        try session.sendKeys("n")
        try session.waitFor(text: "New note title:")
        try session.paste("Call mom\ndye the shirt")
        try session.waitFor(text: "New note title: Call mom dye the shirt")
        try session.sendKeys("Enter")
        try session.waitFor(text: "2 notes")
        // Then exactly one note has that title, and nothing was deleted ("d", "y" were text)
        let titles = try sandbox.notes().compactMap { $0["title"] as? String }.sorted()
        #expect(titles == ["Call mom dye the shirt", title])
    }

    @Test func controlCInAPromptClosesItAndKeepsTheAppRunning() throws {
        let (sandbox, session) = try start()
        defer { session.kill(); sandbox.remove() }
        try session.sendKeys("n")
        try session.type("half typed")
        try session.waitFor(text: "New note title: half typed")
        // The terminal's own cursor is shown at the insertion point
        #expect(try session.format("#{cursor_flag} #{cursor_x},#{cursor_y}") == "1 \("New note title: half typed".count),23")
        try session.sendKeys("Left", "Left", "Left", "Left", "Left")
        try session.waitFor(format: "#{cursor_x}", toBe: String("New note title: half ".count))
        try session.sendKeys("C-c")
        _ = try session.waitUntil("the prompt to close") { !$0.contains("New note title") }
        #expect(try session.format("#{cursor_flag}") == "0")
        // Still running, and keys work again
        try session.sendKeys("c")
        try session.waitFor(text: "a add")
        #expect(try session.format("#{pane_dead}") == "0")
        #expect(try sandbox.notes().count == 1)
    }

    @Test func rRenamesTheSelectedNote() throws {
        let (sandbox, session) = try start()
        defer { session.kill(); sandbox.remove() }
        try session.sendKeys("r")
        try session.waitFor(text: "Rename note to: \(title)")
        try session.sendKeys("M-BSpace")  // Alt-Backspace: the last word
        try session.type("month")
        try session.sendKeys("Enter")
        try session.waitFor(text: "Renamed")
        let notes = try sandbox.notes()
        #expect(notes.map { $0["title"] as? String } == ["Plan the month"])
    }

    @Test func mMovesTheNoteThroughTheChooser() throws {
        let (sandbox, session) = try start()
        defer { session.kill(); sandbox.remove() }
        try session.sendKeys("m")
        try session.waitFor(text: "(no category)")
        try session.type("wo")
        _ = try session.waitUntil("the chooser to narrow") { !$0.contains("Home    ") || !$0.contains("(no category)") }
        try session.sendKeys("Enter")
        try session.waitFor(text: "Moved \"\(title)\" to Work")
        #expect(try sandbox.notes().first?["category"] as? String == "Work")
        // And "-" takes it out again
        try session.sendKeys("m", "-")
        try session.waitFor(text: "is in no category now")
        #expect(try sandbox.notes().first?["category"] is NSNull)
    }

    @Test func aTooSmallTerminalWithAQuestionOpenIgnoresYAndQ() throws {
        let (sandbox, session) = try start()
        defer { session.kill(); sandbox.remove() }
        // Given a question open (deleting a category asks; a note goes to the trash at once)
        try session.sendKeys("c", "d")
        try session.waitFor(text: "(y/n)")
        // When the terminal becomes too small and y, q and Ctrl-C are pressed
        try session.resize(width: 30, height: 8)
        try session.waitFor(text: "Terminal too small")
        try session.sendKeys("y", "q", "C-c")
        // Then, back at a usable size, the question is still open and nothing was deleted
        try session.resize(width: 80, height: 24)
        try session.waitFor(text: "(y/n)")
        #expect(try session.format("#{pane_dead}") == "0")
        try session.sendKeys("n")
        try session.waitFor(text: "Not deleted")
        #expect(try sandbox.notes().count == 1)
        #expect(try sandbox.ok("category", "list").contains("Home"))
        #expect(try sandbox.ok("category", "list").contains("Work"))
    }

    @Test(arguments: TerminalRestorationTests.Ending.allCases.filter { $0 != .errorExit })
    func bracketedPasteIsOffOnceNotesHasEnded(ending: TerminalRestorationTests.Ending) throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add(title)
        let harness = try TerminalHarness()
        defer { harness.session.kill() }
        // notes runs, ends, then `cat -v` reads the terminal with no shell in between
        let notes = [sandbox.runner.executable.path, "--store", sandbox.storePath].map(TmuxSession.shellQuoted)
        try harness.run(notes.joined(separator: " ") + "; cat -v")
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: title)
        switch ending {
        case .quitKey, .errorExit: try harness.session.sendKeys("q")
        default: kill(try harness.programPid(), ending.signal ?? SIGKILL)
        }
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "0")
        // Pasted once `cat` reads the terminal: before, the shell's report of a killed notes
        // ("Segmentation fault") could land between the paste's echo and cat's copy of it.
        try harness.session.waitFor(format: "#{pane_current_command}", toBe: "cat")
        try harness.session.paste("pasted")
        try harness.session.sendKeys("Enter")
        // cat's echo of the line, then its output: no paste markers around it
        let screen = try harness.session.waitFor(text: "pasted\npasted")
        #expect(!screen.contains("200~"))
        try harness.session.sendKeys("C-d")
    }
}
