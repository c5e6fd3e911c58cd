import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// `u` and `Ctrl-R` through the runner: every change of the session, several steps,
/// and honest about changes other processes made meanwhile.
@Suite struct UndoTests {
    @Test func dThenUBringsTheNoteBackAndCtrlRTrashesItAgain() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.down, .character("d"))
        runner.run()
        #expect(repository.contents.notes[UIFixtures.groceries.id] == nil)

        terminal.press(.character("u"))
        runner.run()
        #expect(repository.contents == UIFixtures.database)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Undone: move \"Groceries\" to the trash (Ctrl-R redoes)") == true)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Groceries") } == true)

        terminal.press(.control("r"))
        runner.run()
        #expect(repository.contents.trash[UIFixtures.groceries.id]?.deleted == UIFixtures.now)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Redone: move \"Groceries\" to the trash") == true)
    }

    @Test func severalStepsOfEveryKindUndoInOrder() throws {
        var edited = 0
        let (runner, terminal, repository) = UIFixtures.runner(editBody: { text in
            edited += 1
            return text + "\nmore"
        })
        // A new note (made when the editor saves it: one step), a body edit, a category
        // added, renamed and recolored, a note trashed.
        terminal.press(.character("n"))
        terminal.type("Fresh")
        terminal.press(.enter, .character("e"))
        terminal.press(.character("c"), .character("a"))
        terminal.type("Ideas")
        terminal.press(.enter, .escape, .character("r"), .control("u"))  // Esc: keep the color `a` offers
        terminal.type("Thoughts")
        terminal.press(.enter, .character("p"), .character("h"), .enter, .escape, .character("d"))
        runner.run()
        #expect(edited == 2)
        #expect(repository.contents.category(named: "Thoughts") != nil)
        #expect(runner.history.undoSteps.count == 6)
        let changed = repository.contents

        for _ in 0..<6 { terminal.press(.character("u")) }
        runner.run()
        // Everything but the picker's recent colors, which are not undone.
        #expect(repository.contents.notes == UIFixtures.database.notes)
        #expect(repository.contents.categories == UIFixtures.database.categories)
        #expect(repository.contents.trash.isEmpty && repository.contents.deletedCategories.isEmpty)
        terminal.press(.character("u"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Nothing to undo") == true)

        for _ in 0..<6 { terminal.press(.control("r")) }
        runner.run()
        #expect(repository.contents == changed)
    }

    @Test func aDeletedCategoryComesBackWithItsNotes() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("c"), .character("d"), .character("y"))  // Home, with Groceries in it
        runner.run()
        #expect(repository.contents.categories[UIFixtures.home.id] == nil)
        #expect(repository.contents.deletedCategories[UIFixtures.home.id] != nil)
        #expect(repository.contents.notes[UIFixtures.groceries.id]?.categoryID == nil)

        terminal.press(.character("u"))
        runner.run()
        #expect(repository.contents == UIFixtures.database)
        #expect(repository.contents.notes[UIFixtures.groceries.id]?.categoryID == UIFixtures.home.id)
    }

    @Test func aNewChangeClearsTheRedoStack() throws {
        let (runner, terminal, _) = UIFixtures.runner()
        terminal.press(.character("d"), .character("u"), .character("d"))
        runner.run()
        #expect(runner.history.redoSteps.isEmpty)
        #expect(runner.history.undoSteps.count == 1)
    }

    /// Undo is a field edit: it takes back the body the editor changed and keeps the title
    /// another process set meanwhile (it used to refuse the whole step).
    @Test func anUndoKeepsWhatAnotherProcessChangedMeanwhileInOtherFields() throws {
        let (runner, terminal, repository) = OtherProcessRepository.runner(editBody: { $0 + " edited" })
        terminal.press(.character("e"))
        runner.run()
        #expect(repository.contents.notes[UIFixtures.report.id]?.body.hasSuffix(" edited") == true)
        // Another process retitles the note the UI just edited.
        var theirs = try #require(repository.contents.notes[UIFixtures.report.id])
        theirs.title = "Their title"
        repository.pending = .putNote(theirs)

        terminal.press(.character("u"))
        runner.run()

        let note = try #require(repository.contents.notes[UIFixtures.report.id])
        #expect(note.title == "Their title")
        #expect(note.body == UIFixtures.report.body)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Undone: edit \"Quarterly report\"") == true, "\(terminal.lastBuffer?.lines.last ?? "")")
        #expect(runner.history.undoSteps.isEmpty && runner.history.redoSteps.count == 1)
    }

    /// What is put back whole (a note moved to the trash) is still refused when another
    /// process changed it meanwhile: putting the old record back would erase that change.
    @Test func anUndoOfATrashDoesNotOverwriteARestoreAndEditMadeElsewhere() throws {
        let (runner, terminal, repository) = OtherProcessRepository.runner()
        terminal.press(.character("d"))  // the first row: Quarterly report
        runner.run()
        var theirs = try #require(repository.contents.trash[UIFixtures.report.id])
        theirs.deleted = nil
        theirs.title = "Their title"
        repository.pending = .putNote(theirs)

        terminal.press(.character("u"))
        runner.run()

        #expect(repository.contents.notes[UIFixtures.report.id] == theirs)
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Not undone: note \"Quarterly report\" changed elsewhere") == true, "\(terminal.lastBuffer?.lines.last ?? "")")
        #expect(runner.history.undoSteps.isEmpty && runner.history.redoSteps.isEmpty)
    }

    @Test func anUndoThroughARealStoreRespectsAnotherStoreOnTheSameFile() throws {
        let folder = try TemporaryFolder(prefix: "notes-undo")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let mine = try NotesStore.open(at: url)
        try mine.commit(UIFixtures.database.notes.values.sorted { $0.title < $1.title }.map { .putNote(Note(id: $0.id, title: $0.title, created: $0.created)) })
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20))
        let runner = AppRunner(terminal: terminal, repository: mine, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 })
        terminal.press(.character("d"))  // the first row
        runner.run()
        let trashed = try #require(mine.contents.trash.values.first)

        // Another process restores it and edits it.
        let other = try NotesStore.open(at: url)
        try other.commit(.restoreNote(trashed.id))
        var theirs = try #require(other.contents.notes[trashed.id])
        theirs.body = "their words"
        try other.commit(.putNote(theirs))
        other.close()

        terminal.press(.character("u"))
        runner.run()
        #expect(mine.contents.notes[trashed.id]?.body == "their words")
        #expect(terminal.lastBuffer?.lines.last?.contains("changed elsewhere") == true)

        // Undo of a step nobody else touched goes through the store.
        terminal.press(.character("d"), .character("u"))
        runner.run()
        #expect(mine.contents.trash.isEmpty)
        mine.close()
    }
}
