import Foundation
import NotesLinks
import NotesModel
import Testing

/// The count `notes import` reports: the links of the imported notes that lead to no note
/// of the whole store (missing, not ambiguous), and how many targets they name.
@Suite struct MissingLinksTests {
    @Test func missingLinksOfSomeNotesAreCountedAgainstTheWholeStore() throws {
        let inStore = Note(title: "Kept", aliases: ["Alias"])
        let imported = Note(title: "New", body: "[[Kept]] [[alias]] [[Nowhere]] [[nowhere|again]] [[Else]] [[New]]")
        let database = NotesDatabase(notes: [inStore, imported])
        let count = MissingLinks.count(from: [imported.id], in: database)
        #expect(count.links == 3)
        #expect(count.targets == 2)
        #expect(MissingLinks.count(from: [inStore.id], in: database) == (0, 0))
    }
}
