import Foundation
import NotesLinks
import NotesModel
import Testing

/// The resolution rule and the link index.
@Suite struct LinkResolutionTests {
    private let work = UUID(), home = UUID()

    private func graph(_ notes: [Note]) -> (LinkGraph, LinkGraph.NoteLookup) {
        let byID = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
        return (LinkGraph(notes: notes), { byID[$0] })
    }

    @Test func titlesMatchUnderTheSearchFolding() {
        let cafe = Note(title: "Café Straße")
        let (graph, lookup) = graph([cafe])
        #expect(graph.resolve(.title("cafe\u{301} STRASSE"), from: nil, lookup: lookup) == .note(cafe.id))
        #expect(graph.resolve(.title("  café straße "), from: nil, lookup: lookup) == .note(cafe.id))
        #expect(graph.resolve(.title("Cafe Street"), from: nil, lookup: lookup) == .missing("Cafe Street"))
    }

    @Test func tiesPreferTheSameCategoryElseAreAmbiguous() {
        let old = Date(timeIntervalSince1970: 1_000), new = Date(timeIntervalSince1970: 2_000)
        let atWork = Note(title: "Plan", updated: old, categoryID: work)
        let atHome = Note(title: "plan", updated: new, categoryID: home)
        let loose = Note(title: "PLAN", updated: old)
        let (graph, lookup) = graph([atWork, atHome, loose])
        #expect(graph.resolve(.title("Plan"), from: Note(title: "x", categoryID: work), lookup: lookup) == .note(atWork.id))
        #expect(graph.resolve(.title("Plan"), from: Note(title: "x", categoryID: home), lookup: lookup) == .note(atHome.id))
        // No category: the one without a category is preferred.
        #expect(graph.resolve(.title("Plan"), from: Note(title: "x"), lookup: lookup) == .note(loose.id))
        let other = UUID()
        #expect(graph.resolve(.title("Plan"), from: Note(title: "x", categoryID: other), lookup: lookup)
                == .ambiguous([atHome.id] + [atWork.id, loose.id].sorted { $0.uuidString < $1.uuidString }))
    }

    @Test func idLinksAndTrashedNotes() {
        let live = Note(title: "Live")
        let trashed = Note(title: "Gone", deleted: Date())
        let (graph, lookup) = graph([live])
        #expect(graph.resolve(.noteID(live.id), from: nil, lookup: lookup) == .note(live.id))
        #expect(graph.resolve(.noteID(trashed.id), from: nil, lookup: lookup) == .missing("notes://" + trashed.id.uuidString))
        #expect(graph.resolve(.title("Gone"), from: nil, lookup: lookup) == .missing("Gone"))
        #expect(graph.resolve(.url("https://x.y"), from: nil, lookup: lookup) == .external(.url("https://x.y")))
    }

    @Test func backlinksComeFromTheIndexAndFollowChanges() {
        let target = Note(title: "Target")
        let a = Note(title: "A", body: "see [[target#h]] and [[Target|again]]", updated: Date(timeIntervalSince1970: 10))
        let b = Note(title: "B", body: "[x](notes://\(target.id.uuidString)) `[[Target]]`", updated: Date(timeIntervalSince1970: 20))
        let c = Note(title: "C", body: "[[Elsewhere]]")
        var notes = Dictionary(uniqueKeysWithValues: [target, a, b, c].map { ($0.id, $0) })
        var graph = LinkGraph(notes: notes.values)
        var backlinks = graph.backlinks(of: target) { notes[$0] }
        #expect(backlinks.map(\.source.id) == [b.id, a.id])
        #expect(backlinks.map(\.links.count) == [1, 2])
        // A changes: its links go with its old version.
        var changed = a
        changed.body = "nothing now"
        graph.remove(a)
        graph.add(changed)
        notes[a.id] = changed
        backlinks = graph.backlinks(of: target) { notes[$0] }
        #expect(backlinks.map(\.source.id) == [b.id])
        let broken = graph.brokenLinks { notes[$0] }
        #expect(broken.map(\.source.id) == [c.id])
        #expect(broken.first?.links.map(\.resolution) == [.missing("Elsewhere")])
    }
}
