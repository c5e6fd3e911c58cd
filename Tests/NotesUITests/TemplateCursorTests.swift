import Foundation
import NotesTestSupport
import Testing
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI

/// `n` from a template with `{{cursor}}`: the marker is not in the note, and the editor
/// is asked to open where it was.
@Suite struct TemplateCursorTests {
    /// What the editor was asked: the place it got, if any.
    final class Asked: @unchecked Sendable {
        var cursors: [EditorCursor?] = []
    }

    func runner(_ templates: [NoteTemplate], asked: Asked) -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        var settings = AppSettings()
        settings.daily.timeZone = UIFixtures.utc
        settings.templates = templates
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let keep = ScriptedEditor.applying { $0 }
        let editor = UserEditor(runEditor: { path in
            asked.cursors.append(nil)
            try keep(path)
        }, unsavedFolder: FileManager.default.temporaryDirectory.appendingPathComponent("notes-unsaved"),
           runEditorAt: { path, cursor in
            asked.cursors.append(cursor)
            try keep(path)
        })
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editor: editor, settings: settings)
        return (runner, terminal, repository)
    }

    func make(_ title: String, from template: String, _ runner: AppRunner, _ terminal: MemoryTerminal) {
        terminal.press(.character("n"))
        terminal.type(template)
        terminal.press(.enter)
        terminal.type(title)
        terminal.press(.enter)
        runner.run()
    }

    @Test func theEditorOpensWhereTheCursorMarkerWas() throws {
        let asked = Asked()
        let (runner, terminal, repository) = runner([NoteTemplate(name: "meeting", text: "# {{title}}\n\n- née {{cursor}}x\n")],
                                                    asked: asked)
        make("Standup", from: "meet", runner, terminal)
        let made = try #require(repository.contents.notes.values.first { $0.title == "Standup" })
        #expect(made.body == "# Standup\n\n- née x\n")
        // Line 3 of the body; "- née " is 6 characters, 7 bytes.
        #expect(asked.cursors == [EditorCursor(line: 3, column: 7, byteColumn: 8)])
    }

    @Test func aTemplateWithoutTheMarkerOrNoTemplateLeavesTheEditorWhereItOpens() throws {
        let asked = Asked()
        let (runner, terminal, repository) = runner([NoteTemplate(name: "plain", text: "Agenda")], asked: asked)
        make("First", from: "plain", runner, terminal)
        make("Second", from: "-", runner, terminal)
        #expect(repository.contents.notes.values.contains { $0.title == "First" && $0.body == "Agenda" })
        #expect(asked.cursors == [nil, nil])
    }
}
