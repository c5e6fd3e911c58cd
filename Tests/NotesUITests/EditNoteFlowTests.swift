import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore
import NotesEditing
import NotesTerminal
import NotesUI

/// `e`: the whole note in the editor through the runner, and what the status line says.
@Suite struct EditNoteFlowTests {
    /// A repository whose commits fail, like a store another process keeps locked.
    /// A store on a full disk: every commit fails. (A busy lock no longer fails a commit
    /// in the UI: it waits in the runner, see `LockWaitTests`.)
    final class FullDiskRepository: NotesRepository {
        let contents: NotesDatabase
        init(_ contents: NotesDatabase) { self.contents = contents }
        func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
            throw StoreError.io(file: "notes.json.journal", operation: "append a commit", reason: "No space left on device")
        }
        func refresh() throws -> Bool { false }
    }

    private func runner(_ repository: any NotesRepository, unsaved: URL,
                        editor: @escaping (String) throws -> Void) -> (AppRunner, MemoryTerminal) {
        let terminal = MemoryTerminal(size: TerminalSize(width: 200, height: 20))
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now },
                               editor: UserEditor(runEditor: editor, unsavedFolder: unsaved, now: { UIFixtures.now }))
        return (runner, terminal)
    }

    @Test func theHeaderRenamesAndMovesTheNote() throws {
        let (runner, terminal, repository) = UIFixtures.runner(width: 200, editBody: { text in
            text.replacingOccurrences(of: "title: \"Quarterly report\"", with: "title: \"Q3 report: final\"")
                .replacingOccurrences(of: "category: \"Work\"", with: "category: home")
        })
        terminal.press(.character("e"))
        runner.run()
        let note = try #require(repository.contents.notes[UIFixtures.report.id])
        #expect(note.title == "Q3 report: final")
        #expect(note.categoryID == UIFixtures.home.id)
        #expect(note.body == UIFixtures.report.body)
        #expect(runner.state.message?.text == "Saved \"Q3 report: final\"")
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Saved \"Q3 report: final\"") == true)
    }

    @Test func aFailingEditorKeepsTheTextAndTheStatusLineSaysWhere() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-edit")
        defer { folder.remove() }
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: { path in
            try Data("typed, then the editor failed\n".utf8).write(to: URL(fileURLWithPath: path))
            throw EditorError.failed(command: "vim", status: 1)
        })
        terminal.press(.character("e"))
        runner.run()
        #expect(!terminal.isSuspended)
        let message = try #require(runner.state.message)
        #expect(message.isError)
        #expect(message.text.hasPrefix("error: not saved, your text is kept in \(folder.file("unsaved").path)/"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.file("unsaved").path)
        #expect(kept.count == 1)
        #expect(repository.commits.isEmpty)
    }

    @Test func aFailedCommitKeepsTheText() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-edit")
        defer { folder.remove() }
        let (runner, terminal) = runner(FullDiskRepository(UIFixtures.database), unsaved: folder.file("unsaved"),
                                        editor: ScriptedEditor.applying { $0 + "more words\n" })
        terminal.press(.character("e"))
        runner.run()
        let message = try #require(runner.state.message)
        #expect(message.text.contains("your text is kept in"))
        #expect(message.text.contains("No space left on device"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.file("unsaved").path)
        let text = try String(contentsOf: folder.file("unsaved").appendingPathComponent(try #require(kept.first)), encoding: .utf8)
        #expect(text.hasSuffix("more words\n"))
    }

    @Test func aChangeMadeElsewhereWhileEditingIsKeptAsAConflictCopy() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-edit")
        defer { folder.remove() }
        let repository = OtherProcessRepository(UIFixtures.database)
        let (runner, terminal) = runner(repository, unsaved: folder.file("unsaved"), editor: ScriptedEditor.applying { text in
            var theirs = UIFixtures.report
            theirs.body = "their numbers"
            repository.pending = .putNote(theirs)
            return text.replacingOccurrences(of: "Numbers for Q3.", with: "My numbers.")
        })
        terminal.press(.character("e"))
        runner.run()
        #expect(runner.state.message?.text.contains("conflict copy") == true)
        let notes = repository.contents.notes.values
        #expect(notes.count == 4)
        #expect(repository.contents.notes[UIFixtures.report.id]?.body.hasPrefix("My numbers.") == true)
        let copy = try #require(notes.first { $0.tags.contains("conflict") })
        #expect(copy.body == "their numbers")
        #expect(copy.title == "Quarterly report (conflict copy)")
    }
}
