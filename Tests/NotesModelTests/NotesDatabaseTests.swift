import Foundation
import Testing
import NotesModel

@Suite struct NotesDatabaseTests {
    @Test func categoryNamesAreUniqueIgnoringCase() throws {
        var database = NotesDatabase()
        try database.apply(.putCategory(Category(name: "Work")))
        #expect(throws: ModelError.duplicateCategoryName("work")) {
            try database.apply(.putCategory(Category(name: "work")))
        }
        #expect(database.categories.count == 1)
    }

    @Test func deletingACategoryUncategorizesItsNotes() throws {
        var database = NotesDatabase()
        let work = Category(name: "Work")
        let note = Note(title: "Plan", categoryID: work.id)
        try database.apply([.putCategory(work), .putNote(note)])
        try database.apply(.deleteCategory(work.id))
        #expect(database.notes[note.id]?.categoryID == nil)
    }

    @Test func aBatchWithABadChangeAppliesNothing() {
        var database = NotesDatabase()
        #expect(throws: ModelError.emptyTitle) {
            try database.apply([.putNote(Note(title: "ok")), .putNote(Note(title: "  "))])
        }
        #expect(database.notes.isEmpty)
    }

    @Test func attachmentPathsCannotLeaveTheStoreFolder() throws {
        #expect(throws: ModelError.self) { try AttachmentPath("../secret") }
        #expect(throws: ModelError.self) { try AttachmentPath("/etc/passwd") }
        #expect(throws: ModelError.self) { try AttachmentPath("a/../../b") }
        #expect(try AttachmentPath("files/./a/../b.png").relativePath == "files/b.png")
    }
}
