import Foundation
import NotesLinks
import NotesModel
import Testing

/// The link rewrites of a rename are computed from the store as it is when the commit is
/// resolved: a body changed elsewhere meanwhile is rewritten as it is now, never replaced.
@Suite struct RenameLinksTests {
    private let plan = Note(title: "Plans", body: "## Later")

    private func renaming(in database: NotesDatabase, sources: [UUID]) throws -> EditResolution {
        var title = NoteEdit(noteID: plan.id)
        title.title = FieldChange(from: "Plans", to: "Roadmap")
        let plan = plan
        let links = DerivedEdits { database in
            RenameLinks.edits(renaming: plan.id, from: "Plans", to: "Roadmap", in: database, sources: sources, sharing: [plan.id])
        }
        return try StoreEdit.resolve([.note(title), .derived(links)], in: database, now: Date(timeIntervalSince1970: 9_000))
    }

    @Test func aBodyChangedMeanwhileIsRewrittenAsItIsNow() throws {
        let home = Note(title: "Home", body: "see [[Plans#Later]]")
        // Another process edited Home after the UI read it.
        var edited = home
        edited.body = "see [[plans#Later]] and more typed elsewhere"
        let resolution = try renaming(in: NotesDatabase(notes: [plan, edited]), sources: [home.id])
        var database = NotesDatabase(notes: [plan, edited])
        try database.apply(resolution.changes)
        #expect(database.notes[home.id]?.body == "see [[Roadmap#Later]] and more typed elsewhere")
        #expect(database.notes[plan.id]?.title == "Roadmap")
        #expect(database.notes.count == 2)  // no conflict copy
        #expect(resolution.outcomes.allSatisfy { $0.conflictCopy == nil })
    }

    @Test func linksToAnotherNoteOfTheSameTitleStay() throws {
        let work = UUID()
        let other = Note(title: "Plans", categoryID: nil)
        var plan = plan
        plan.categoryID = work
        let inWork = Note(title: "A", body: "[[Plans]]", categoryID: work)
        let loose = Note(title: "B", body: "[[Plans]]")
        let database = NotesDatabase(notes: [plan, other, inWork, loose],
                                     categories: [Category(id: work, name: "Work")])
        let edits = RenameLinks.edits(renaming: plan.id, from: "Plans", to: "Roadmap", in: database,
                                      sources: [inWork.id, loose.id], sharing: [plan.id, other.id])
        #expect(edits.map(\.noteID) == [inWork.id])
    }
}
