import Foundation
import NotesLinks
import NotesModel
import Testing

/// The rule's names beyond titles: aliases (a title beats an alias), and targets written as
/// paths (`[[Folder/Note]]`, `[[Note.md]]`): the note imported from that path, else the one
/// named by the last component. The index finds them all without reading a body.
@Suite struct AliasAndPathLinkTests {
    private func graph(_ notes: [Note], paths: [UUID: String] = [:]) -> (LinkGraph, LinkGraph.NoteLookup) {
        let byID = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
        return (LinkGraph(notes: notes, importPaths: paths), { byID[$0] })
    }

    @Test func anAliasLeadsToItsNoteUnderTheFolding() {
        let note = Note(title: "Getting started", aliases: ["Start here", "Démarrer"])
        let (graph, lookup) = graph([note])
        #expect(graph.resolve(.title("start HERE"), from: nil, lookup: lookup) == .note(note.id))
        #expect(graph.resolve(.title("demarrer"), from: nil, lookup: lookup) == .note(note.id))
        #expect(graph.resolve(.title("Start"), from: nil, lookup: lookup) == .missing("Start"))
    }

    @Test func aTitleBeatsAnAliasAndAliasTiesFollowTheCategoryRule() {
        let work = UUID()
        let titled = Note(title: "Plan")
        let aliased = Note(title: "Roadmap", aliases: ["Plan", "Next"])
        let other = Note(title: "Backlog", categoryID: work, aliases: ["Next"])
        let (graph, lookup) = graph([titled, aliased, other])
        #expect(graph.resolve(.title("plan"), from: nil, lookup: lookup) == .note(titled.id))
        #expect(graph.resolve(.title("Next"), from: Note(title: "x", categoryID: work), lookup: lookup) == .note(other.id))
        guard case .ambiguous(let ids) = graph.resolve(.title("Next"), from: Note(title: "x", categoryID: UUID()), lookup: lookup) else {
            Issue.record("two notes with the alias Next in other categories are ambiguous")
            return
        }
        #expect(Set(ids) == [aliased.id, other.id])
    }

    @Test func backlinksFindLinksWrittenToAnAliasAndFollowAliasChanges() {
        let target = Note(title: "Getting started", aliases: ["Start here"])
        let linking = Note(title: "A", body: "see [[Start here]] and [[getting started]]")
        var notes = Dictionary(uniqueKeysWithValues: [target, linking].map { ($0.id, $0) })
        var graph = LinkGraph(notes: notes.values)
        #expect(graph.backlinks(of: target) { notes[$0] }.first?.links.count == 2)
        // The alias goes: only the title link still leads there.
        var changed = target
        changed.aliases = []
        graph.remove(target)
        graph.add(changed)
        notes[target.id] = changed
        #expect(graph.backlinks(of: changed) { notes[$0] }.first?.links.count == 1)
        #expect(graph.resolve(.title("Start here"), from: linking) { notes[$0] } == .missing("Start here"))
    }

    @Test func aPathLeadsToTheNoteImportedFromItElseToItsLastComponent() {
        let inFolder = Note(title: "Note")
        let elsewhere = Note(title: "Note")
        let plain = Note(title: "Only")
        let paths = [inFolder.id: "Folder/Note.md", elsewhere.id: "Other/Note.md", plain.id: "deep/er/Only.md"]
        let (graph, lookup) = graph([inFolder, elsewhere, plain], paths: paths)
        #expect(graph.resolve(.title("Folder/Note"), from: nil, lookup: lookup) == .note(inFolder.id))
        #expect(graph.resolve(.title("folder/note.md"), from: nil, lookup: lookup) == .note(inFolder.id))
        #expect(graph.resolve(.title("Other/Note"), from: nil, lookup: lookup) == .note(elsewhere.id))
        // No file there: the last component names it, as Obsidian reads it.
        #expect(graph.resolve(.title("Moved/Only"), from: nil, lookup: lookup) == .note(plain.id))
        #expect(graph.resolve(.title("Only.md"), from: nil, lookup: lookup) == .note(plain.id))
        // Two notes named Note and no file at that path: ambiguous, never guessed.
        guard case .ambiguous = graph.resolve(.title("Gone/Note"), from: nil, lookup: lookup) else {
            Issue.record("a path to neither of two notes named Note is ambiguous")
            return
        }
        #expect(graph.resolve(.title("Folder/Missing"), from: nil, lookup: lookup) == .missing("Folder/Missing"))
    }

    @Test func aTieIsSettledByTheLinkingNotesFolderAsObsidianDoes() {
        let sync = Note(title: "Security and privacy"), publish = Note(title: "Security and privacy")
        let inSync = Note(title: "Setup"), atTop = Note(title: "Index")
        let paths = [sync.id: "Sync/Security and privacy.md", publish.id: "Publish/Security and privacy.md",
                     inSync.id: "Sync/Setup.md", atTop.id: "Index.md"]
        let (graph, lookup) = graph([sync, publish, inSync, atTop], paths: paths)
        #expect(graph.resolve(.title("Security and privacy"), from: inSync, lookup: lookup) == .note(sync.id))
        guard case .ambiguous = graph.resolve(.title("Security and privacy"), from: atTop, lookup: lookup) else {
            Issue.record("from a folder holding neither, the tie stays ambiguous")
            return
        }
    }

    @Test func aTitleWithASlashStillMatchesWhole() {
        let slashed = Note(title: "Whiteboard/Action Bar")
        let bar = Note(title: "Action Bar")
        let (graph, lookup) = graph([slashed, bar])
        #expect(graph.resolve(.title("whiteboard/action bar"), from: nil, lookup: lookup) == .note(slashed.id))
        #expect(graph.resolve(.title("Board/Action Bar"), from: nil, lookup: lookup) == .note(bar.id))
    }

    @Test func backlinksFindPathLinksByTheirLastComponent() {
        let target = Note(title: "Note")
        let linking = Note(title: "A", body: "[[Folder/Note]] and [[Folder/Note.md|text]] and [[Else/Other]]")
        let notes = Dictionary(uniqueKeysWithValues: [target, linking].map { ($0.id, $0) })
        let graph = LinkGraph(notes: notes.values, importPaths: [target.id: "Folder/Note.md"])
        let backlinks = graph.backlinks(of: target) { notes[$0] }
        #expect(backlinks.map(\.source.id) == [linking.id])
        #expect(backlinks.first?.links.count == 2)
        #expect(graph.brokenLinks { notes[$0] }.first?.links.map(\.link.target) == [.title("Else/Other")])
    }

    @Test func aRenamedNoteKeepsItsBacklinksThroughTheFileItCameFrom() {
        // Imported from Plugins/Templates.md, then renamed: `[[Plugins/Templates]]` still leads
        // to it by its file, so the backlinks must still list the linking note.
        let target = Note(title: "Core templates")
        let linking = Note(title: "A", body: "see [[Plugins/Templates|templates]]")
        let notes = Dictionary(uniqueKeysWithValues: [target, linking].map { ($0.id, $0) })
        let graph = LinkGraph(notes: notes.values, importPaths: [target.id: "Plugins/Templates.md"])
        #expect(graph.resolve(.title("Plugins/Templates"), from: linking) { notes[$0] } == .note(target.id))
        #expect(graph.backlinks(of: target) { notes[$0] }.map(\.source.id) == [linking.id])
    }
}
