import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesEditing
import NotesTerminal
import NotesUI

/// `n`: a title, then the new note in the editor. Leaving the editor without writing (`:q`)
/// keeps the note with its title, as `notes add --edit` does; only an editor that fails
/// before writing (`:cq`) makes no note, and gives the title back in the prompt; what the
/// editor saved before failing is kept.
@Suite struct NewNoteFlowTests {
    private func runner(_ repository: InMemoryNotesRepository, unsaved: URL,
                        editor: @escaping (String) throws -> Void) -> (AppRunner, MemoryTerminal) {
        let terminal = MemoryTerminal(size: TerminalSize(width: 120, height: 20))
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now },
                               editor: UserEditor(runEditor: editor, unsavedFolder: unsaved, now: { UIFixtures.now }))
        return (runner, terminal)
    }

    private func newNote(_ title: String, _ terminal: MemoryTerminal, _ runner: AppRunner) {
        terminal.press(.character("n"))
        terminal.type(title)
        terminal.press(.enter)
        runner.run()
    }

    @Test func quittingTheEditorWithoutWritingKeepsTheNoteWithItsTitle() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-new")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        // `:q`: the editor reads the file, leaves it as it was and exits 0.
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: { path in
            _ = try Data(contentsOf: URL(fileURLWithPath: path))
        })
        newNote("Never written", terminal, runner)
        #expect(repository.commits.count == 1)
        let note = try #require(repository.contents.notes.values.first { $0.title == "Never written" })
        #expect(note.body.isEmpty)
        #expect(runner.state.message?.text == "Created \"Never written\"")
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == note.id)
        #expect(!FileManager.default.fileExists(atPath: folder.file("unsaved").path))
    }

    @Test func anEditorThatFailsWithoutWritingAbandonsTheNote() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-new")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        // `:cq`: quits with an error, the file untouched.
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: { _ in
            throw EditorError.failed(command: "vim", status: 1)
        })
        newNote("Quit with :cq", terminal, runner)
        #expect(repository.commits.isEmpty)
        // The title typed is back in the prompt, which says what happened above it.
        let prompt = try #require(runner.state.prompt)
        #expect(prompt.purpose == .newNoteTitle)
        #expect(prompt.field.text == "Quit with :cq")
        #expect(prompt.problem == "No note made; your title is kept here: Enter tries again, Esc drops it "
                + "(the editor 'vim' exited with status 1)")
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.last?.hasPrefix("New note title: Quit with :cq") == true)
        #expect(lines[lines.count - 2].hasPrefix("No note made"))
    }

    @Test func anEditorThatIsNotThereIsAnErrorAndMakesNoNote() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-new")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: { _ in
            throw EditorError.failed(command: "nosuchedit", status: 127)
        })
        newNote("No editor", terminal, runner)
        #expect(repository.commits.isEmpty)
        let message = try #require(runner.state.message)
        #expect(message.isError)
        #expect(message.text == "error: the editor 'nosuchedit' was not found (set $VISUAL or $EDITOR); the new note was not made")
    }

    @Test func anEditorThatFailsAfterWritingKeepsTheTextAndSaysWhere() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-new")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: { path in
            let url = URL(fileURLWithPath: path)
            let text = try String(contentsOf: url, encoding: .utf8)
            try Data((text + "typed before the crash\n").utf8).write(to: url)
            throw EditorError.failed(command: "vim", status: 1)
        })
        newNote("Half written", terminal, runner)
        #expect(repository.commits.isEmpty)
        let message = try #require(runner.state.message)
        #expect(message.isError)
        #expect(message.text.hasPrefix("error: not saved, your text is kept in \(folder.file("unsaved").path)/"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.file("unsaved").path)
        let text = try String(contentsOf: folder.file("unsaved").appendingPathComponent(try #require(kept.first)),
                              encoding: .utf8)
        #expect(text.hasSuffix("typed before the crash\n"))
        #expect(text.contains("title: \"Half written\""))
    }

    @Test func savingTheTextUnchangedMakesTheNote() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-new")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        // `:wq` without a change: the file is written as it was.
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: ScriptedEditor.applying { $0 })
        newNote("Saved as it was", terminal, runner)
        #expect(repository.commits.count == 1)
        let note = try #require(repository.contents.notes.values.first { $0.title == "Saved as it was" })
        #expect(note.body.isEmpty)
        #expect(runner.state.message?.text == "Created \"Saved as it was\"")
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == note.id)
    }

    @Test func theFilterStaysAndTheStatusLineSaysWhenItHidesTheNewNote() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-new")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"),
                                        editor: ScriptedEditor.applying { $0 + "a body\n" })
        terminal.press(.character("/"))
        terminal.type("report")
        terminal.press(.enter)
        newNote("Shopping list", terminal, runner)
        #expect(repository.contents.notes.values.contains { $0.title == "Shopping list" })
        #expect(runner.state.filter.query == "report")
        #expect(runner.state.message?.text == "Created \"Shopping list\"; the filter /report hides it (Esc shows all notes)")
        // A new note the filter shows is just created.
        newNote("Report draft", terminal, runner)
        #expect(runner.state.filter.query == "report")
        #expect(runner.state.message?.text == "Created \"Report draft\"")
        #expect(runner.state.selectedNote(in: runner.snapshot)?.title == "Report draft")
    }
}
