import Foundation
import NotesCore
@testable import NotesUI
import Testing

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
        var undone = after
        try undone.apply(step.changes(.undo))
        #expect(undone == before, "\(name)")

        #expect(step.conflict(in: undone, direction: .redo) == nil, "\(name)")
        var redone = undone
        try redone.apply(step.changes(.redo))
        #expect(redone == after, "\(name)")
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
