import Foundation
import NotesEditing
import NotesTestSupport
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// `n` whose editor fails (`:cq`) at 80 columns: the line above the prompt says first what
/// the user can do, the editor's error after it, so a cut line still shows what to do.
@Suite struct NewNoteAbandonedNarrowTests {
    @Test func theLineAboveThePromptShowsWhatToDoAt80Columns() throws {
        let folder = try TemporaryFolder(prefix: "notes-ui-narrow")
        defer { folder.remove() }
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20))
        let editor = UserEditor(runEditor: { _ in throw EditorError.failed(command: "vim", status: 1) },
                                unsavedFolder: folder.file("unsaved"), now: { UIFixtures.now })
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(UIFixtures.database),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: editor)
        terminal.press(.character("n"))
        terminal.type("Groceries")
        terminal.press(.enter)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.last?.hasPrefix("New note title: Groceries") == true)
        #expect(lines[lines.count - 2].contains("your title is kept here: Enter tries again, Esc drops it"),
                "\(lines[lines.count - 2])")
    }
}
