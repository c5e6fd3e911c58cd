import Foundation
import Testing
@testable import NotesModel
@testable import NotesUI

/// The inverse of every kind of change: an undo step's changes lead from the state after
/// back to the state before, and its redo changes forward again.
@Suite struct UndoStepTests {
    private static let when = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A database with a trashed note in Work and a deleted category Old with a trashed note in it.
    private static func start() throws -> NotesDatabase {
        var database = UIFixtures.database
        let old = Category(id: UIFixtures.uuid(3), name: "Old")
        let binned = Note(id: UIFixtures.uuid(14), title: "Binned", categoryID: old.id)
        try database.apply([.putCategory(old), .putNote(binned), .trashNote(binned.id, at: when), .trashCategory(old.id, at: when),
                            .trashNote(UIFixtures.report.id, at: when)])
        return database
    }

    static let scenarios: [(String, [StoreChange])] = {
        var renamed = UIFixtures.groceries
        renamed.title = "Food"
        renamed.tags = ["food"]
        var recolored = UIFixtures.home
        recolored.name = "House"
        let old = Category(id: UIFixtures.uuid(3), name: "Old")
        return [
            ("trash", [.trashNote(UIFixtures.groceries.id, at: when)]),
            ("restore", [.restoreNote(UIFixtures.report.id)]),
            ("restore into a deleted category", [.restoreNote(UIFixtures.uuid(14))]),
            ("delete for good from the trash", [.deleteNote(UIFixtures.report.id)]),
            ("delete for good a live note", [.deleteNote(UIFixtures.idea.id)]),
            ("edit", [.putNote(renamed)]),
            ("new note", [.putNote(Note(id: UIFixtures.uuid(20), title: "New", categoryID: UIFixtures.home.id))]),
            ("rename category", [.putCategory(recolored)]),
            ("add category", [.putCategory(Category(id: UIFixtures.uuid(21), name: "Fresh"))]),
            ("delete category with live and trashed notes", [.trashCategory(UIFixtures.work.id, at: when)]),
            ("delete category for good", [.deleteCategory(UIFixtures.home.id)]),
            ("bring back a deleted category", [.putCategory(old)]),
            ("empty the trash", [.deleteNote(UIFixtures.report.id), .deleteNote(UIFixtures.uuid(14)), .deleteCategory(old.id)]),
        ]
    }()

    @Test(arguments: scenarios)
    func undoGoesBackAndRedoForward(_ name: String, _ changes: [StoreChange]) throws {
        let before = try Self.start()
        var after = before
        try after.apply(changes)
        let step = UndoStep.before(changes, in: before).completed(in: after)
        #expect(!step.isEmpty, "\(name)")

        #expect(step.conflict(in: after, direction: .undo) == nil, "\(name)")
        let undone = try Self.applying(step, .undo, to: after)
        #expect(Self.undated(undone) == Self.undated(before), "\(name)")

        #expect(step.conflict(in: undone, direction: .redo) == nil, "\(name)")
        let redone = try Self.applying(step, .redo, to: undone)
        #expect(Self.undated(redone) == Self.undated(after), "\(name)")
    }

    /// `database` after the step's edits, resolved as the runner resolves them.
    static func applying(_ step: UndoStep, _ direction: UndoStep.Direction, to database: NotesDatabase) throws -> NotesDatabase {
        var result = database
        try result.apply(StoreEdit.resolve(step.edits(direction, in: database), in: database, now: when + 60).changes)
        return result
    }

    /// `database` with every note's `updated` date cleared: an undo by field dates the
    /// notes it edits now (they changed), so only the fields are compared.
    static func undated(_ database: NotesDatabase) -> NotesDatabase {
        let notes = (Array(database.notes.values) + Array(database.trash.values)).map { note in
            var copy = note
            copy.updated = copy.created
            return copy
        }
        return NotesDatabase(notes: notes, categories: Array(database.categories.values) + Array(database.deletedCategories.values),
                             recentColors: database.recentColors)
    }

    @Test func aChangeMadeElsewhereIsAConflict() throws {
        let before = try Self.start()
        var after = before
        try after.apply(.trashNote(UIFixtures.groceries.id, at: Self.when))
        let step = UndoStep.before([.trashNote(UIFixtures.groceries.id, at: Self.when)], in: before).completed(in: after)
        var elsewhere = after
        try elsewhere.apply(.restoreNote(UIFixtures.groceries.id))
        #expect(step.conflict(in: elsewhere, direction: .undo) == "note \"Groceries\"")
        #expect(step.summary == "move \"Groceries\" to the trash")
    }
}
