import Foundation
import Testing
@testable import NotesModel

/// The trash in the model: where trashed notes and deleted categories go, and what comes back.
@Suite struct TrashModelTests {
    private let when = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func sample() throws -> (NotesDatabase, Category, Note, Note) {
        let work = Category(name: "Work")
        let plan = Note(title: "Plan", categoryID: work.id)
        let loose = Note(title: "Loose")
        return (NotesDatabase(notes: [plan, loose], categories: [work]), work, plan, loose)
    }

    @Test func aTrashedNoteLeavesTheNotesAndKeepsItsDate() throws {
        var (database, _, plan, _) = try sample()
        try database.apply(.trashNote(plan.id, at: when))
        #expect(database.notes[plan.id] == nil)
        #expect(database.trash[plan.id]?.deleted == when)
        #expect(database.trash[plan.id]?.categoryID == plan.categoryID)
        #expect(database.notes.count == 1)
    }

    @Test func restoreBringsItBackIntoItsCategory() throws {
        var (database, _, plan, _) = try sample()
        try database.apply(.trashNote(plan.id, at: when))
        try database.apply(.restoreNote(plan.id))
        #expect(database.notes[plan.id] == plan)
        #expect(database.trash.isEmpty)
    }

    @Test func restoreAfterTheCategoryWasDeletedIsUncategorized() throws {
        var (database, work, plan, _) = try sample()
        try database.apply([.trashNote(plan.id, at: when), .trashCategory(work.id, at: when)])
        #expect(database.trash[plan.id]?.categoryID == work.id)
        #expect(database.deletedCategories[work.id]?.deleted == when)
        try database.apply(.restoreNote(plan.id))
        #expect(database.notes[plan.id]?.categoryID == nil)
    }

    @Test func aCategoryBroughtBackTakesItsTrashedNotesBackIntoIt() throws {
        var (database, work, plan, _) = try sample()
        try database.apply([.trashNote(plan.id, at: when), .trashCategory(work.id, at: when)])
        try database.apply(.putCategory(work))
        try database.apply(.restoreNote(plan.id))
        #expect(database.notes[plan.id]?.categoryID == work.id)
    }

    @Test func trashingACategoryUncategorizesItsLiveNotesAndFreesItsName() throws {
        var (database, work, plan, _) = try sample()
        try database.apply(.trashCategory(work.id, at: when))
        #expect(database.notes[plan.id]?.categoryID == nil)
        #expect(database.categories.isEmpty)
        try database.apply(.putCategory(Category(name: "work")))
        #expect(database.categories.count == 1)
        #expect(throws: ModelError.duplicateCategoryName("Work")) { try database.apply(.putCategory(work)) }
    }

    @Test func deleteRemovesForGoodFromEitherPlace() throws {
        var (database, work, plan, loose) = try sample()
        try database.apply([.trashNote(plan.id, at: when), .deleteNote(plan.id), .deleteNote(loose.id), .deleteCategory(work.id)])
        #expect(database.notes.isEmpty && database.trash.isEmpty && database.categories.isEmpty)
        #expect(database.deletedCategories.isEmpty)
    }

    @Test func invalidTrashChangesAreRefused() throws {
        var (database, work, plan, _) = try sample()
        #expect(throws: ModelError.notInTrash(plan.id.uuidString)) { try database.apply(.restoreNote(plan.id)) }
        try database.apply(.trashNote(plan.id, at: when))
        #expect(throws: ModelError.noSuchNote(plan.id.uuidString)) { try database.apply(.trashNote(plan.id, at: when)) }
        try database.apply(.trashCategory(work.id, at: when))
        #expect(throws: ModelError.noSuchCategory(work.id.uuidString)) { try database.apply(.trashCategory(work.id, at: when)) }
        // A live note cannot go into a deleted category; a trashed one may stay in it.
        var live = plan
        live.deleted = nil
        #expect(throws: ModelError.noSuchCategory(work.id.uuidString)) { try database.apply(.putNote(live)) }
    }

    @Test func putNoteWithADateGoesToTheTrash() throws {
        var (database, _, plan, _) = try sample()
        var trashed = plan
        trashed.deleted = when
        try database.apply(.putNote(trashed))
        #expect(database.notes[plan.id] == nil && database.trash[plan.id] == trashed)
        try database.apply(.putNote(plan))
        #expect(database.notes[plan.id] == plan && database.trash[plan.id] == nil)
    }

    @Test func emptyingTheTrashHonoursAgeAndKeepsCategoriesStillNeeded() throws {
        var (database, work, plan, loose) = try sample()
        try database.apply([.trashNote(plan.id, at: when), .trashNote(loose.id, at: when.addingTimeInterval(86_400 * 10)),
                            .trashCategory(work.id, at: when)])
        let old = database.emptyTrashChanges(deletedBefore: when.addingTimeInterval(86_400))
        #expect(old == [.deleteNote(plan.id), .deleteCategory(work.id)])
        // Nothing old enough: nothing goes, and the category still has a note in the trash.
        #expect(database.emptyTrashChanges(deletedBefore: when.addingTimeInterval(-1)).isEmpty)
        let all = database.emptyTrashChanges()
        try database.apply(all)
        #expect(database.trash.isEmpty && database.deletedCategories.isEmpty && database.notes.isEmpty)
    }
}
