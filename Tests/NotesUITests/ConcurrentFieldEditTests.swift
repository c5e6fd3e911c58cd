import Foundation
import NotesTestSupport
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// Issue 20 item 3: a key that changes one field of a note or a category never erases
/// what another process changed meanwhile in another field. A real store in a temporary
/// folder is the UI's; a second `NotesStore` on the same file stands in for another shell
/// (`notes set`, `notes category color`). Each test presses the keys, lets the other
/// store commit between the last key typed and Enter (the UI has not seen it yet), then
/// reads the file back with a third store.
@Suite struct ConcurrentFieldEditTests {
    final class Fixture {
        let folder: TemporaryFolder
        let url: URL
        let mine: NotesStore
        let other: NotesStore
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let runner: AppRunner

        init() throws {
            folder = try TemporaryFolder(prefix: "notes-field-edit")
            url = folder.file("notes.json")
            var options = NotesStoreOptions()
            options.refreshWaitsForLock = false  // as the UI opens its store (OpenUI)
            options.commitWaitsForLock = false
            mine = try NotesStore.open(at: url, options: options)
            let database = UIFixtures.database
            try mine.commit(database.sortedCategories.map { .putCategory($0) }
                            + database.notes.values.sorted { $0.title < $1.title }.map { .putNote($0) })
            other = try NotesStore.open(at: url)
            runner = AppRunner(terminal: terminal, repository: mine, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 })
        }

        func keys(_ keys: Key...) {
            for key in keys { #expect(runner.handle(.key(key))) }
        }

        func type(_ text: String) {
            for character in text { #expect(runner.handle(.key(.character(character)))) }
        }

        /// Another shell changes a note, as `notes set` does.
        func elsewhere(note id: UUID, _ change: (inout Note) -> Void) throws {
            _ = try other.refresh()
            var note = try #require(other.contents.notes[id])
            change(&note)
            try other.commit(.putNote(note))
        }

        /// Another shell changes a category, as `notes category color|rename` does.
        func elsewhere(category id: UUID, _ change: (inout Category) -> Void) throws {
            _ = try other.refresh()
            var category = try #require(other.contents.categories[id])
            change(&category)
            try other.commit(.putCategory(category))
        }

        /// The store as a fresh process reads it from the files.
        func reopened() throws -> NotesDatabase {
            let store = try NotesStore.open(at: url)
            defer { store.close() }
            return store.contents
        }

        var statusLine: String {
            runner.draw()
            return terminal.lastBuffer?.lines.last ?? ""
        }

        func close() {
            mine.close()
            other.close()
            folder.remove()
        }
    }

    static let report = UIFixtures.report.id  // the first row

    /// The repro of the issue: `r`, typing, `notes set ID --tag urgent` elsewhere, Enter.
    @Test func aRenameKeepsATagAddedElsewhereWhileTyping() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("r"), .control("u"))
        fixture.type("Q3 final")
        try fixture.elsewhere(note: Self.report) { $0.tags.insert("urgent") }
        fixture.keys(.enter)

        let note = try #require(try fixture.reopened().notes[Self.report])
        #expect(note.title == "Q3 final")
        #expect(note.tags == ["q3", "report", "urgent"])
        #expect(fixture.statusLine.hasPrefix("Renamed \"Quarterly report\" to \"Q3 final\""))
    }

    @Test func aMoveKeepsATagAndABodyChangedElsewhere() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("m"))
        fixture.type("home")
        try fixture.elsewhere(note: Self.report) {
            $0.tags.insert("urgent")
            $0.body = "their words"
        }
        fixture.keys(.enter)

        let note = try #require(try fixture.reopened().notes[Self.report])
        #expect(note.categoryID == UIFixtures.home.id)
        #expect(note.tags.contains("urgent"))
        #expect(note.body == "their words")
    }

    /// `t` sends what was added and removed in the field: a tag added elsewhere stays, a
    /// tag removed elsewhere stays removed.
    @Test func tagsMergeAsSetsWithTagsChangedElsewhere() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("t"), .end)
        fixture.type(", todo")  // q3, report, todo
        try fixture.elsewhere(note: Self.report) {
            $0.tags.insert("urgent")
            $0.tags.remove("q3")
        }
        fixture.keys(.enter)

        #expect(try fixture.reopened().notes[Self.report]?.tags == ["report", "todo", "urgent"])
    }

    @Test func aCategoryRenameKeepsAColorSetElsewhere() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let red = SerializableColor(RGB8(red: 0xFF, green: 0, blue: 0))
        fixture.keys(.character("c"), .character("r"), .control("u"))  // Home, the first category by name
        fixture.type("House")
        try fixture.elsewhere(category: UIFixtures.home.id) { $0.color = red }
        fixture.keys(.enter)

        let category = try #require(try fixture.reopened().categories[UIFixtures.home.id])
        #expect(category.name == "House")
        #expect(category.color == red)
    }

    @Test func aRecolorKeepsANameSetElsewhere() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("c"), .character("p"), .character("#"))
        fixture.type("00FF00")
        fixture.keys(.enter)  // the hex entry
        try fixture.elsewhere(category: UIFixtures.home.id) { $0.name = "Household" }
        fixture.keys(.enter)  // accept the color

        let category = try #require(try fixture.reopened().categories[UIFixtures.home.id])
        #expect(category.name == "Household")
        #expect(category.color.hex == "#00FF00")
    }

    /// PRODUCT §5.1: the same title changed on both sides keeps the later one, and the
    /// status line names the value it replaced.
    @Test func aRenameOverARenameElsewhereWinsAndSaysWhatItReplaced() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("r"), .control("u"))
        fixture.type("Mine")
        try fixture.elsewhere(note: Self.report) {
            $0.title = "Theirs"
            $0.tags.insert("urgent")
        }
        fixture.keys(.enter)

        let note = try #require(try fixture.reopened().notes[Self.report])
        #expect(note.title == "Mine")
        #expect(note.tags.contains("urgent"))
        #expect(fixture.statusLine.hasPrefix("Renamed \"Quarterly report\" to \"Mine\"; replaced \"Theirs\" set elsewhere"),
                "\(fixture.statusLine)")
    }

    /// A commit that waits for the lock keeps the edit, not the record: when it goes
    /// through, it is resolved against what the lock's holder committed.
    @Test func aRenameQueuedWhileAnotherStoreHoldsTheLockKeepsItsTag() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("r"), .control("u"))
        fixture.type("Queued title")
        try fixture.other.commit(derivedFrom: { database in
            // The other store holds the lock: Enter queues the rename…
            fixture.keys(.enter)
            #expect(fixture.runner.pendingCommitCount == 1)
            // …and this process then commits a tag.
            guard var note = database.notes[Self.report] else { return [] }
            note.tags.insert("urgent")
            return [.putNote(note)]
        })
        #expect(fixture.statusLine.hasPrefix("waiting for "))
        #expect(fixture.runner.handle(.idle))  // the lock is free: the queued rename goes through
        #expect(fixture.runner.pendingCommitCount == 0)

        let note = try #require(try fixture.reopened().notes[Self.report])
        #expect(note.title == "Queued title")
        #expect(note.tags == ["q3", "report", "urgent"])
        #expect(fixture.runner.history.undoSteps.count == 1)
    }

    /// Undo and redo are field edits: undoing a rename restores the title only, leaving
    /// tags added elsewhere before and after.
    @Test func undoAndRedoOfARenameKeepTagsAddedElsewhere() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("r"), .control("u"))
        fixture.type("Mine")
        fixture.keys(.enter)
        try fixture.elsewhere(note: Self.report) { $0.tags.insert("urgent") }

        fixture.keys(.character("u"))
        var note = try #require(try fixture.reopened().notes[Self.report])
        #expect(note.title == "Quarterly report")
        #expect(note.tags == ["q3", "report", "urgent"])
        #expect(fixture.statusLine.hasPrefix("Undone: rename \"Quarterly report\" (Ctrl-R redoes)"), "\(fixture.statusLine)")

        try fixture.elsewhere(note: Self.report) { $0.tags.insert("later") }
        fixture.keys(.control("r"))
        note = try #require(try fixture.reopened().notes[Self.report])
        #expect(note.title == "Mine")
        #expect(note.tags == ["q3", "report", "urgent", "later"])
        #expect(fixture.statusLine.hasPrefix("Redone: rename \"Quarterly report\" (u undoes)"), "\(fixture.statusLine)")
    }

    /// An undo over a title changed elsewhere meanwhile puts the title back (it is the
    /// later change) and says which value it replaced.
    @Test func anUndoOverARenameElsewhereSaysWhatItReplaced() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("r"), .control("u"))
        fixture.type("Mine")
        fixture.keys(.enter)
        try fixture.elsewhere(note: Self.report) { $0.title = "Theirs" }

        fixture.keys(.character("u"))
        #expect(try fixture.reopened().notes[Self.report]?.title == "Quarterly report")
        #expect(fixture.statusLine.hasPrefix("Undone: rename \"Quarterly report\"; replaced \"Theirs\" set elsewhere"),
                "\(fixture.statusLine)")
    }

    /// A rename of a note another shell moved to the trash meanwhile changes nothing and says why.
    @Test func aRenameOfANoteTrashedElsewhereIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.keys(.character("r"), .control("u"))
        fixture.type("Mine")
        try fixture.other.commit(.trashNote(Self.report, at: UIFixtures.now))
        fixture.keys(.enter)

        let stored = try fixture.reopened()
        #expect(stored.trash[Self.report]?.title == "Quarterly report")
        #expect(fixture.statusLine.contains("was moved to the trash elsewhere meanwhile; nothing was changed"), "\(fixture.statusLine)")
    }
}
