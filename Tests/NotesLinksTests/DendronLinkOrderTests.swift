import Foundation
import NotesLinks
import NotesModel
import Testing

/// A note imported from Dendron (`ImportSource.tool == "dendron"`) has its wiki links read
/// `[[label|target]]`, as Dendron writes them: the link rule resolves them, backlinks and
/// dead links follow, and a rename rewrites the target after the bar. Every other note's
/// links are read `[[target|label]]`, as before.
@Suite struct DendronLinkOrderTests {
    private static func database(_ notes: [Note], tools: [UUID: String]) -> NotesDatabase {
        let sources = tools.map { id, tool in
            let note = notes.first { $0.id == id } ?? Note(title: "")
            return ImportSource(key: ImportSource.Key(folder: "/vault", path: "\(note.title).md"), noteID: id, sourceHash: "h",
                                made: ImportSource.Made(note), tool: tool)
        }
        return NotesDatabase(notesByID: Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) }), categories: [],
                             recentColors: [], importSources: sources)
    }

    @Test func aLabelFirstLinkHasItsTargetAfterTheBar() throws {
        let body = "see [[Plans for May|projects.plans#Goals]] and [[x|dendron://other.vault/a.b]] and [[c.d]]"
        let links = LinkScanner.links(in: body, order: .labelFirst)
        #expect(links.map(\.target) == [.title("projects.plans"), .title("a.b"), .title("c.d")])
        #expect(links.map(\.label) == ["Plans for May", "x", "c.d"])
        #expect(links.first?.heading == "Goals")
        let bytes = Array(body.utf8)
        #expect(links.map { String(decoding: bytes[$0.titleRange], as: UTF8.self) } == ["projects.plans", "a.b", "c.d"])
        let obsidian = LinkScanner.links(in: body, order: .targetFirst)
        #expect(obsidian.map(\.target) == [.title("Plans for May"), .title("x"), .title("c.d")])
    }

    @Test func anEscapedBarInATableIsNeitherSidesAndEmbedsKeepTheirTarget() {
        let links = LinkScanner.links(in: "| [[shown\\|a.b]] | ![[c.d|300]] |", order: .labelFirst)
        #expect(links.map(\.target) == [.title("a.b"), .file("c.d")])
        #expect(links.first?.label == "shown")
    }

    @Test func theLinkRuleReadsADendronNotesLinksLabelFirstAndNoOtherNotes() {
        let plans = Note(title: "Plans", aliases: ["projects.plans"])
        let dendron = Note(title: "Index", body: "[[the plans|projects.plans]]")
        let obsidian = Note(title: "Other", body: "[[projects.plans|the plans]]")
        let database = Self.database([plans, dendron, obsidian], tools: [dendron.id: "dendron", obsidian.id: "obsidian"])
        let graph = LinkGraph(database: database)
        let lookup: LinkGraph.NoteLookup = { database.notes[$0] }
        #expect(graph.links(from: dendron.id).map(\.target) == [.title("projects.plans")])
        let linking: Set<UUID> = Set(graph.backlinks(of: plans, lookup: lookup).map(\.source.id))
        #expect(linking == [dendron.id, obsidian.id])
        #expect(graph.brokenLinks(lookup: lookup).isEmpty)

        let before = LinkGraph(notes: database.notes.values)  // no records: every note read target first
        #expect(before.brokenLinks(lookup: lookup).map(\.source.id) == [dendron.id])
    }

    @Test func labelFirstNotesChangedLaterAreIndexedAgain() {
        let plans = Note(title: "a.b")
        let dendron = Note(title: "Index", body: "[[shown|a.b]]")
        let notes = [plans.id: plans, dendron.id: dendron]
        var graph = LinkGraph(notes: notes.values)
        #expect(graph.backlinks(of: plans) { notes[$0] }.isEmpty)
        graph.setLabelFirst([dendron.id]) { notes[$0] }
        #expect(graph.backlinks(of: plans) { notes[$0] }.map(\.source.id) == [dendron.id])
        graph.setLabelFirst([]) { notes[$0] }
        #expect(graph.backlinks(of: plans) { notes[$0] }.isEmpty)
    }

    @Test func aRenameRewritesTheTargetAfterTheBarInADendronNote() throws {
        let old = Note(title: "Old")
        let dendron = Note(title: "Index", body: "[[see this|Old#Part]] [[Old]] [[Old|not a target]]")
        let obsidian = Note(title: "Other", body: "[[Old|shown]] [[shown|Old]]")
        let database = Self.database([old, dendron, obsidian], tools: [dendron.id: "dendron"])
        let edits = RenameLinks.edits(renaming: old.id, from: "Old", to: "New", in: database)
        var after = database
        try after.apply(try StoreEdit.resolve(edits.map(StoreEdit.note), in: database, now: Date(timeIntervalSince1970: 9_000)).changes)
        #expect(after.notes[dendron.id]?.body == "[[see this|New#Part]] [[New]] [[Old|not a target]]")
        #expect(after.notes[obsidian.id]?.body == "[[New|shown]] [[shown|Old]]")
    }

    @Test func theRenameIndexListsADendronNoteUnderItsTargetAndKeepsItsRecord() throws {
        let dendron = Note(title: "Index", body: "[[shown|a.b]]")
        let imports = LinkImports(paths: [dendron.id: "Index.md"], labelFirst: [dendron.id])
        let stamp = RenameSources.Stamp(size: 1, inode: 2, seconds: 3, nanoseconds: 4)
        let index = try RenameSources(decoding: RenameSources(stamp: stamp, notes: [dendron], imports: imports).encoded())
        #expect(index.notes(linkingTo: "a.b") == [dendron.id])
        #expect(index.notes(linkingTo: "shown").isEmpty)
        #expect(index.imports(of: [dendron.id, UUID()]) == imports)
    }

    @Test func aTieBetweenTitlesGoesToTheNoteImportedFromAFileNamedAsTheTarget() {
        let tutorial = Note(title: "Tutorial"), other = Note(title: "Tutorial"), third = Note(title: "Tutorial")
        let dendron = Note(title: "Index", body: "[[start|tutorial]] [[Tutorial]]")
        let notes = [tutorial, other, third, dendron]
        let database = NotesDatabase(notesByID: Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) }), categories: [],
                                     recentColors: [], importSources: [
                                         (tutorial, "tutorial.md"), (other, "tutorial.original.md"), (third, "dendron.tutorial.md"),
                                         (dendron, "root.md"),
                                     ].map { note, path in
                                         ImportSource(key: .init(folder: "/vault", path: path), noteID: note.id, sourceHash: "h",
                                                      made: ImportSource.Made(note), tool: "dendron")
                                     })
        let graph = LinkGraph(database: database)
        let leads = graph.links(from: dendron.id).map { graph.resolve($0.target, from: dendron) { database.notes[$0] } }
        #expect(leads == [.note(tutorial.id), .note(tutorial.id)])
        let unfiled = LinkGraph(notes: notes)
        #expect(unfiled.links(from: dendron.id).map { unfiled.resolve($0.target, from: dendron) { database.notes[$0] }.isBroken } == [true, true])
    }
}
