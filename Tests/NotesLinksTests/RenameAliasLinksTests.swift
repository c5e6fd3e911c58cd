import Foundation
import NotesLinks
import NotesModel
import Testing

/// A rename rewrites the links written to the old title only: a link written to one of the
/// note's aliases is left as written, and still leads to the note.
@Suite struct RenameAliasLinksTests {
    @Test func aRenameLeavesLinksToAnAliasAsWritten() throws {
        let plan = Note(title: "Plans", aliases: ["Next steps"])
        let home = Note(title: "Home", body: "see [[Plans]] and [[next steps]]")
        let database = NotesDatabase(notes: [plan, home])
        let edits = RenameLinks.edits(renaming: plan.id, from: "Plans", to: "Roadmap", in: database,
                                      sources: [home.id], sharing: [plan.id])
        #expect(edits.map(\.newBody) == ["see [[Roadmap]] and [[next steps]]"])

        var renamed = plan
        renamed.title = "Roadmap"
        var after = home
        after.body = edits.first?.newBody ?? home.body
        let graph = LinkGraph(notes: [renamed, after])
        let notes = [renamed.id: renamed, after.id: after]
        let lookup: LinkGraph.NoteLookup = { notes[$0] }
        #expect(graph.links(from: home.id).map { graph.resolve($0.target, from: after, lookup: lookup) }
                == [.note(plan.id), .note(plan.id)])
    }
}
