import Foundation
import NotesEditing
import NotesTestSupport
import Synchronization
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// `n` and `J` read the templates folder again: a template added while the app runs is
/// offered, and one removed is not.
@Suite struct TemplatesReadAgainTests {
    /// The templates folder as the runner reads it, changed by the test meanwhile.
    final class Folder: Sendable {
        let templates = Mutex<[NoteTemplate]>([])
        func set(_ templates: [NoteTemplate]) { self.templates.withLock { $0 = templates } }
        func read() -> [NoteTemplate] { templates.withLock { $0 } }
    }

    func runner(_ folder: Folder) -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        var settings = AppSettings()
        settings.daily.timeZone = UIFixtures.utc
        settings.templates = folder.read()
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editor: UserEditor.scripted { $0 }, settings: settings,
                               templates: { folder.read() })
        return (runner, terminal, repository)
    }

    @Test func nOffersATemplateAddedWhileTheAppRuns() {
        let folder = Folder()
        let (runner, terminal, _) = runner(folder)
        terminal.press(.character("n"))
        runner.run()
        #expect(runner.state.prompt?.purpose == .newNoteTitle && runner.state.chooser == nil)
        terminal.press(.escape)
        runner.run()
        folder.set([NoteTemplate(name: "meeting", text: "Agenda")])
        terminal.press(.character("n"))
        runner.run()
        #expect(runner.state.chooser != nil)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("meeting") } == true)
        terminal.press(.escape)
        runner.run()
        folder.set([])
        terminal.press(.character("n"))
        runner.run()
        #expect(runner.state.prompt?.purpose == .newNoteTitle && runner.state.chooser == nil)
    }

    @Test func jFillsADailyTemplateAddedWhileTheAppRuns() throws {
        let folder = Folder()
        let (runner, terminal, repository) = runner(folder)
        folder.set([NoteTemplate(name: NoteTemplate.dailyName, text: "# {{title}}\n")])
        terminal.press(.character("J"))
        runner.run()
        let made = try #require(repository.contents.notes.values.first { $0.kind == .journal })
        #expect(made.body == "# 2025-03-05\n")
    }
}
