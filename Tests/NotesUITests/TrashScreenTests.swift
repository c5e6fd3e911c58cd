import Foundation
import Testing
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// `T`: the trash screen. `Enter` restores, `D` deletes for good after asking, `/` filters.
@Suite struct TrashScreenTests {
    private func trashedAll() -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        let result = UIFixtures.runner()
        result.1.press(.character("d"), .character("d"), .character("d"), .character("T"))
        result.0.run()
        return result
    }

    @Test func theTrashListsTrashedNotesWithTheirCategory() throws {
        let (runner, terminal, repository) = trashedAll()
        #expect(repository.contents.notes.isEmpty)
        #expect(runner.state.trash != nil)
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[0].hasPrefix(" Trash  3"))
        #expect(lines.contains { $0.hasPrefix(" 2025-03-05  Home                  Groceries") })
        #expect(lines.contains { $0.contains("-                     Loose idea") })
        #expect(lines.last?.hasPrefix("Enter restore  D delete for good") == true
                    || lines.last?.hasPrefix("Moved") == true)
    }

    @Test func enterRestoresTheSelectedNote() throws {
        let (runner, terminal, repository) = trashedAll()
        let first = try #require(runner.state.trash?.selected(in: repository.contents))
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes[first.id] != nil)
        #expect(repository.contents.trash.count == 2)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Restored \"\(first.title)\"") == true)
    }

    @Test func deletingANoteWithAttachmentsForGoodSaysTheyGoToo() throws {
        var note = Note(title: "Scan", created: UIFixtures.now)
        note.attachments = [try AttachmentPath("attachments/\(note.id.uuidString)/a.pdf"), try AttachmentPath("attachments/\(note.id.uuidString)/b.pdf")]
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 120, height: 12)
        terminal.press(.character("d"), .character("T"), .character("D"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix(
            "Delete \"Scan\" and its 2 attachments for good? (y/n)") == true,
                "\(terminal.lastBuffer?.lines.last ?? "")")
    }

    @Test func capitalDAsksThenDeletesForGood() throws {
        let (runner, terminal, repository) = trashedAll()
        let first = try #require(runner.state.trash?.selected(in: repository.contents))
        terminal.press(.character("D"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Delete \"\(first.title)\" for good? (y/n)") == true)
        terminal.press(.character("n"))
        runner.run()
        #expect(repository.contents.trash.count == 3)
        terminal.press(.character("D"), .character("y"))
        runner.run()
        #expect(repository.contents.trash[first.id] == nil)
        #expect(repository.contents.anyNote(first.id) == nil)
        #expect(repository.contents.trash.count == 2)
    }

    @Test func slashFiltersAndEscClosesTheFilterThenTheScreen() throws {
        let (runner, terminal, repository) = trashedAll()
        terminal.press(.character("/"))
        terminal.type("groc")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.trash?.entries(in: repository.contents).map(\.title) == ["Groceries"])
        #expect(terminal.lastBuffer?.lines[0].contains("filter: groc") == true)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.trash?.entries(in: repository.contents).count == 3)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.trash == nil)
    }

    @Test func ctrlCCancelsTheFilterAndTheQuestionWithoutQuitting() throws {
        let (runner, terminal, repository) = trashedAll()
        _ = terminal
        for key: Key in [.character("/"), .character("x"), .control("c"), .character("D"), .control("c")] {
            #expect(runner.handle(.key(key)), "\(key) quit")  // false: the app would quit
        }
        #expect(runner.state.trash?.isAsking == false)
        #expect(runner.state.trash?.query == "")
        #expect(repository.contents.trash.count == 3)
    }

    @Test func aRestoredNoteWhoseCategoryWasDeletedIsUncategorized() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.down, .character("d"), .character("c"), .character("d"), .character("y"), .character("T"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Home (deleted)") } == true)
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes[UIFixtures.groceries.id]?.categoryID == nil)
        #expect(terminal.lastBuffer?.lines.last?.contains("uncategorized: its category was deleted") == true)
    }
}
