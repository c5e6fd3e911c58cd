import Foundation
import NotesBase
import NotesTestSupport
import Testing

/// A REAL vim, in a real terminal (tmux), from `notes edit` and from the UI's `e`: it gets
/// the terminal (it is in the foreground process group), Ctrl-C in it does not end
/// notes, what is typed and saved is in the note, `:cq` keeps the text, and two editors
/// on one note keep both versions.
@Suite(.enabled(if: TmuxSession.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/vim"),
                "tmux or vim is not installed (.ci/run installs them)"))
struct TerminalEditorTests {
    /// A store with one note, and a shell in tmux whose `$EDITOR` is a plain vim.
    private func start(width: Int = 100) throws -> (CLISandbox, TerminalHarness, id: String) {
        let sandbox = try CLISandbox()
        let id = try sandbox.add("Draft", "--body", "old text")
        let harness = try TerminalHarness(width: width, height: 24, environment: [
            "EDITOR": "vim -u NONE -i NONE -N", "XDG_STATE_HOME": sandbox.folder.file("state").path,
        ])
        return (sandbox, harness, id)
    }

    private func notes(_ sandbox: CLISandbox, _ arguments: String...) -> [String] {
        [sandbox.runner.executable.path] + arguments + ["--store", sandbox.storePath]
    }

    /// The `ps` line of the vim on the pane's terminal, once there is one: pgid, tpgid, state.
    private func vimProcess(_ harness: TerminalHarness) throws -> (pgid: Int, tpgid: Int, state: String) {
        let tty = try harness.session.format("#{pane_tty}")
        let deadline = Date().addingTimeInterval(10)
        repeat {
            let output = try Self.ps(["-o", "pgid=,tpgid=,stat=,comm=", "-t", tty])
            for line in output.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count == 4, fields[3] == "vim", let pgid = Int(fields[0]), let tpgid = Int(fields[1]) {
                    return (pgid, tpgid, String(fields[2]))
                }
            }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError.timedOut(waitingFor: "vim in ps", screen: try harness.session.capture())
    }

    private static func ps(_ arguments: [String]) throws -> String {
        try ChildSpawn(program: "/bin/ps", arguments: ["ps"] + arguments).capture(timeout: 60).outputText
    }

    /// Types `text` into vim and presses Enter (an ex command such as `:wq`).
    /// The terminal hangs up (SIGHUP to the shell, notes and vim); notes must end within 10 s.
    private func hangUp(_ harness: TerminalHarness, notesPid: pid_t) throws {
        harness.session.kill()
        let deadline = Date().addingTimeInterval(10)
        while kill(notesPid, 0) == 0, Date() < deadline { usleep(20_000) }
        #expect(kill(notesPid, 0) != 0, "notes is still running after the hangup")
    }

    private func vimCommand(_ harness: TerminalHarness, _ text: String) throws {
        try harness.session.type(text)
        try harness.session.sendKeys("Enter")
    }

    /// Starts the UI on the sandbox's store and opens "Draft" in vim with `e`.
    private func openDraftInVim(_ sandbox: CLISandbox, _ harness: TerminalHarness) throws {
        try harness.startBracketed(notes(sandbox))
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "Draft")
        try harness.session.sendKeys("e")
        try harness.session.waitFor(text: "title: \"Draft\"")
    }

    /// Types `text` on a new last line in vim and leaves insert mode (nothing written yet).
    private func appendLineInVim(_ harness: TerminalHarness, _ text: String) throws {
        try harness.session.sendKeys("G", "o")
        try harness.session.type(text)
        try harness.session.sendKeys("Escape")
    }

    @Test func notesEditGivesVimTheTerminalAndSavesWhatIsTyped() throws {
        let (sandbox, harness, id) = try start()
        defer { sandbox.remove(); harness.session.kill() }
        try harness.startBracketed(notes(sandbox, "edit", id))
        try harness.session.waitFor(text: "title: \"Draft\"")

        // vim is in the terminal's foreground process group, and running (not stopped by SIGTTIN/SIGTTOU).
        let vim = try vimProcess(harness)
        #expect(vim.pgid == vim.tpgid)
        #expect(vim.state.contains("+") && !vim.state.hasPrefix("T"), "vim: \(vim)")
        let notesPid = try harness.programPid()
        #expect(getpgid(notesPid) == pid_t(vim.pgid))

        // Ctrl-C in vim (a key: vim turns the terminal's signals off), and a SIGINT to notes
        // itself (what a terminal that sends signals would deliver): vim stays, and so does notes.
        try harness.session.sendKeys("C-c")
        try harness.session.waitFor(text: "Type  :qa")
        #expect(kill(notesPid, SIGINT) == 0)
        #expect(try vimProcess(harness).pgid == vim.pgid)
        #expect(kill(notesPid, 0) == 0)

        // Type a line of body and change the title in the header, then :wq.
        try harness.session.sendKeys("G", "o")
        try harness.session.type("typed in vim")
        try harness.session.sendKeys("Escape")
        try vimCommand(harness, ":2s/Draft/Renamed: yes/")
        try vimCommand(harness, ":wq")

        #expect(try harness.waitForExit() == 0)
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "Renamed: yes")
        #expect(note["body"] as? String == "old text\ntyped in vim")
    }

    @Test func nThenQuitKeepsTheNoteCqAbandonsItAndWqMakesOne() throws {
        let (sandbox, harness, _) = try start()
        defer { sandbox.remove(); harness.session.kill() }
        try harness.startBracketed(notes(sandbox))
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "Draft")

        // n, a title, Enter, then :q in vim (exit 0, nothing written): the note is kept with its title.
        try harness.session.sendKeys("n")
        try harness.session.type("Kept by q")
        try harness.session.sendKeys("Enter")
        try harness.session.waitFor(text: "title: \"Kept by q\"")
        try vimCommand(harness, ":q")
        try harness.session.waitFor(text: "Created \"Kept by q\"")
        #expect(try sandbox.notes().count == 2)

        // :cq (a failing editor) abandons it; the title typed is back in the prompt, Esc drops it.
        try harness.session.sendKeys("n")
        try harness.session.type("Never saved")
        try harness.session.sendKeys("Enter")
        try harness.session.waitFor(text: "title: \"Never saved\"")
        try vimCommand(harness, ":cq")
        try harness.session.waitFor(text: "No note made; your title is kept here")
        try harness.session.waitFor(text: "New note title: Never saved")
        try harness.session.sendKeys("Escape")
        #expect(try sandbox.notes().count == 2)

        // n, a title, then :wq without typing: the user saved, the note is made.
        try harness.session.sendKeys("n")
        try harness.session.type("Saved empty")
        try harness.session.sendKeys("Enter")
        try harness.session.waitFor(text: "title: \"Saved empty\"")
        try vimCommand(harness, ":wq")
        try harness.session.waitFor(text: "Created \"Saved empty\"")
        let titles = Set(try sandbox.notes().compactMap { $0["title"] as? String })
        #expect(titles == ["Draft", "Kept by q", "Saved empty"])
        try harness.session.sendKeys("q")
        #expect(try harness.waitForExit() == 0)
    }

    @Test func eInTheUIEditsTheWholeNoteInVim() throws {
        let (sandbox, harness, id) = try start()
        defer { sandbox.remove(); harness.session.kill() }
        try openDraftInVim(sandbox, harness)
        let vim = try vimProcess(harness)
        #expect(vim.pgid == vim.tpgid)
        #expect(!vim.state.hasPrefix("T"))

        try appendLineInVim(harness, "from the UI")
        try vimCommand(harness, ":2s/Draft/From the UI/")
        try vimCommand(harness, ":wq")

        // Back in the UI, as it was, with the result on the status line.
        try harness.session.waitFor(text: "Saved \"From the UI\"")
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "1")
        try harness.session.sendKeys("q")
        #expect(try harness.waitForExit() == 0)
        #expect(try harness.snapshot("after") == harness.snapshot("before"))
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "From the UI")
        #expect(note["body"] as? String == "old text\nfrom the UI")
    }

    /// vim opens on the body's first line (typing at once edits the body, not the `---`),
    /// and `id=$(notes add … --edit)` gives vim the terminal though its output is a pipe.
    @Test func vimOpensOnTheBodyAndWorksInsideCommandSubstitution() throws {
        let (sandbox, harness, _) = try start()
        defer { sandbox.remove(); harness.session.kill() }
        let add = notes(sandbox, "add", "From a script", "--body", "first line", "--edit")
            .map(TmuxSession.shellQuoted).joined(separator: " ")
        try harness.run("id=$(\(add)); echo \"NEW\"\"=$id\"")
        try harness.session.waitFor(text: "title: \"From a script\"")
        try harness.session.sendKeys("I")
        try harness.session.type("typed at once: ")
        try harness.session.sendKeys("Escape")
        try vimCommand(harness, ":wq")
        let screen = try harness.session.waitUntil("the id printed") { $0.contains("NEW=") && !$0.contains("NEW=$id") }
        let id = try #require(screen.components(separatedBy: "\n").last { $0.hasPrefix("NEW=") }.map { String($0.dropFirst(4)) })
        #expect(UUID(uuidString: id) != nil, "\(screen)")
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "typed at once: first line")
        #expect(note["title"] as? String == "From a script")
    }

    @Test func colonCQKeepsTheTextAndShowsWhere() throws {
        let (sandbox, harness, id) = try start(width: 200)
        defer { sandbox.remove(); harness.session.kill() }
        try openDraftInVim(sandbox, harness)
        try appendLineInVim(harness, "words worth keeping")
        try vimCommand(harness, ":w")
        try vimCommand(harness, ":cq")

        let screen = try harness.session.waitFor(text: "your text is kept in")
        #expect(screen.contains(sandbox.unsavedFolder.path))
        #expect(try sandbox.keptTexts().first?.hasSuffix("old text\nwords worth keeping\n") == true)
        try harness.session.sendKeys("q")
        #expect(try harness.waitForExit() == 0)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "old text")
    }

    /// The terminal goes away while vim has saved text: notes waits for vim, keeps what it
    /// saved (vim ends with an error on a hangup, so the text goes to the unsaved folder,
    /// not the note), leaves no temporary folder, and the next start says where it is.
    @Test func aHangupWhileVimHasSavedTextKeepsItAndTheNextStartSaysWhere() throws {
        let (sandbox, harness, id) = try start(width: 200)
        defer { sandbox.remove(); harness.session.kill() }
        try openDraftInVim(sandbox, harness)
        let notesPid = try harness.programPid()
        try appendLineInVim(harness, "typed before the hangup")
        try vimCommand(harness, ":w")
        // vim's message names the file: the private folder notes made for this edit.
        let written = try harness.session.waitFor(text: "written")
        let folderName = try #require(written.firstMatch(of: /notes-edit-[0-9A-F-]{36}/).map { String($0.output) })
        let editFolder = FileManager.default.temporaryDirectory.appendingPathComponent(folderName).path
        #expect(FileManager.default.fileExists(atPath: editFolder))

        try hangUp(harness, notesPid: notesPid)

        let kept = try sandbox.keptTexts()
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        let inNote = (note["body"] as? String)?.contains("typed before the hangup") == true
        #expect(inNote || kept.contains { $0.hasSuffix("old text\ntyped before the hangup\n") },
                "the saved text is neither in the note nor kept: \(kept)")
        #expect(!FileManager.default.fileExists(atPath: editFolder), "the editor's temporary folder is still there")

        // The next start says where the text is, once.
        guard !inNote else { return }
        let again = try TerminalHarness(width: 200, height: 24, environment: [
            "XDG_STATE_HOME": sandbox.folder.file("state").path,
        ])
        defer { again.session.kill() }
        try again.startBracketed(notes(sandbox))
        let screen = try again.session.waitFor(text: "could not be saved is kept in")
        #expect(screen.contains(sandbox.unsavedFolder.path))
        try again.session.sendKeys("q")
        #expect(try again.waitForExit() == 0)
        try again.startBracketed(notes(sandbox))
        try again.waitForFullScreen()
        try again.session.waitFor(text: "Draft")
        #expect(!(try again.session.capture()).contains("could not be saved"))
        try again.session.sendKeys("q")
        #expect(try again.waitForExit() == 0)
    }

    /// The terminal goes away while vim holds typed text it never wrote: vim's swap file
    /// is all that holds it, and it is kept beside the text in the unsaved folder (not
    /// removed with the temporary folder); `vim -r` on it gives the text back, and the
    /// next start names it.
    @Test func aHangupWhileVimHasUnwrittenTextKeepsItsSwapFileAndTheNextStartSaysWhere() throws {
        let (sandbox, harness, _) = try start(width: 400)
        defer { sandbox.remove(); harness.session.kill() }
        try openDraftInVim(sandbox, harness)
        let notesPid = try harness.programPid()
        try appendLineInVim(harness, "typed and never written")
        try harness.session.waitFor(text: "typed and never written")

        try hangUp(harness, notesPid: notesPid)

        let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.unsavedFolder.path)) ?? []
        let text = try #require(names.first { $0.hasSuffix(".md") && !$0.hasPrefix(".") }, "no text kept: \(names)")
        #expect(names.contains(".\(text).swp"), "vim's swap file was not kept beside \(text): \(names)")
        let textPath = sandbox.unsavedFolder.appendingPathComponent(text).path

        // `vim -r` on the kept text finds the swap file beside it and gives the typed text back.
        let recovered = sandbox.folder.file("recovered.md").path
        var vim = ChildSpawn(program: "/usr/bin/vim", arguments: [
            "vim", "-u", "NONE", "-i", "NONE", "-N", "-es", "-r", textPath, "-c", "w! \(recovered)", "-c", "qa!",
        ])
        vim.standardInput = .open("/dev/null", flags: O_RDONLY)
        vim.standardOutput = .open("/dev/null", flags: O_WRONLY)
        vim.standardError = .open("/dev/null", flags: O_WRONLY)
        let recovery = try vim.run(timeout: 60)
        #expect(recovery.exit == .exited(0) && !recovery.timedOut)
        #expect((try? String(contentsOfFile: recovered, encoding: .utf8))?.contains("typed and never written") == true)

        let again = try TerminalHarness(width: 400, height: 24, environment: [
            "XDG_STATE_HOME": sandbox.folder.file("state").path,
        ])
        defer { again.session.kill() }
        try again.startBracketed(notes(sandbox))
        let screen = try again.session.waitFor(text: "vim -r")
        #expect(screen.contains("vim -r \(textPath)"), "\(screen)")
        try again.session.sendKeys("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func ctrlZInVimAndFgThenAResizeLeaveTheUIWorking() throws {
        let (sandbox, harness, _) = try start()
        defer { sandbox.remove(); harness.session.kill() }
        try harness.saveSnapshot("before")
        try harness.run(notes(sandbox).map(TmuxSession.shellQuoted).joined(separator: " "))
        try harness.waitForFullScreen()
        try harness.session.waitFor(text: "Draft")
        try harness.session.sendKeys("e")
        try harness.session.waitFor(text: "title: \"Draft\"")

        // vim's Ctrl-Z stops the whole job (notes too); the shell's fg brings vim back.
        try harness.session.sendKeys("C-z")
        try harness.session.waitFor(text: "Stopped")
        try harness.run("fg")
        try harness.session.waitFor(text: "title: \"Draft\"")

        // A resize while vim has the terminal; the UI comes back, at the new size.
        try harness.session.resize(width: 70, height: 20)
        try vimCommand(harness, ":q")
        let screen = try harness.session.waitFor(text: "No changes")
        #expect(screen.split(separator: "\n").contains { $0.contains("Draft") })
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 70 })
        try harness.session.sendKeys("q")
        try harness.session.waitFor(format: "#{alternate_on}", toBe: "0")
        try harness.saveSnapshot("after")
        // The modes are as they were (the first line of `stty -a` has the new size).
        let modes = { (name: String) in try harness.snapshot(name).split(separator: "\n").dropFirst() }
        #expect(try modes("after") == modes("before"))
    }

    @Test func twoVimsOnOneNoteKeepBothVersions() throws {
        let (sandbox, first, id) = try start()
        defer { sandbox.remove(); first.session.kill() }
        let second = try TerminalHarness(width: 100, height: 24, environment: [
            "EDITOR": "vim -u NONE -i NONE -N", "XDG_STATE_HOME": sandbox.folder.file("state").path,
        ])
        defer { second.session.kill() }

        try first.startBracketed(notes(sandbox, "edit", id))
        try first.session.waitFor(text: "title: \"Draft\"")
        try second.startBracketed(notes(sandbox, "edit", id))
        try second.session.waitFor(text: "title: \"Draft\"")

        try vimCommand(first, ":%s/old text/first version/")
        try vimCommand(first, ":wq")
        #expect(try first.waitForExit() == 0)

        try vimCommand(second, ":%s/old text/second version/")
        try vimCommand(second, ":wq")
        #expect(try second.waitForExit() == 0)
        try second.session.waitFor(text: "conflict copy")

        let all = try sandbox.notes()
        #expect(all.count == 2)
        #expect(all.first { $0["id"] as? String == id }?["body"] as? String == "second version")
        let copy = try #require(all.first { $0["id"] as? String != id })
        #expect(copy["body"] as? String == "first version")
        #expect((copy["tags"] as? [String])?.contains("conflict") == true)
    }
}
