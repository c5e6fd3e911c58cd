import Foundation
import NotesLinks
import NotesModel
import NotesTestData
import Testing
@testable import NotesStore
@testable import NotesExchange

/// Notes of Dendron's documentation vault that link `[[label|target]]`
/// (`Fixtures/dendron-links`, MIT, see its README), imported into the real store: the
/// import records name the tool, the three links among them lead where Dendron sends them
/// and the four others are missing, as Dendron's rule says; the Markdown export writes them
/// target first and gives the stored bodies back on import.
@Suite struct DendronLinkFixtureTests {
    private func vault() throws -> URL {
        let url = try #require(Bundle.module.url(forResource: "dendron-links", withExtension: nil, subdirectory: "Fixtures"))
        return url.appendingPathComponent("vault")
    }

    private func imported(into folder: TemporaryFolder) throws -> NotesStore {
        let store = try NotesStore.open(at: folder.file("store/notes.json"))
        let batch = ImportReader().read(paths: [try vault().path])
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        try store.commit(derivedFrom: { database in
            try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, into: database).changes
        })
        return store
    }

    @Test func theLinksResolveAsDendronResolvesThem() throws {
        let folder = try TemporaryFolder(prefix: "notes-dendron-links")
        defer { folder.remove() }
        let store = try imported(into: folder)
        defer { store.close() }
        let database = store.contents
        #expect(database.importSources.count == 5)
        #expect(database.importSources.values.allSatisfy { $0.tool == "dendron" })

        let graph = LinkGraph(database: database)
        let lookup: LinkGraph.NoteLookup = { database.notes[$0] }
        let byTitle = Dictionary(database.notes.values.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        let theme = try #require(byTitle["Theme"])
        let leads = graph.links(from: theme.id).filter { $0.form == .wiki }.map { graph.resolve($0.target, from: theme, lookup: lookup) }
        #expect(leads == [.note(try #require(byTitle["Preview"]).id), .note(try #require(byTitle["Customize Publish Theme"]).id)])
        let broken = graph.brokenLinks(lookup: lookup).flatMap { $0.links.map(\.link.target.text) }
        #expect(broken.sorted() == ["dendron._ref.status", "dendron._ref.status", "dendron.topic.preview", "pro.common-all"])
        #expect(MissingLinks.count(from: database.notes.keys, in: database) == (links: 4, targets: 3))
    }

    @Test func theExportWritesThemTargetFirstAndGivesTheBodiesBack() throws {
        let folder = try TemporaryFolder(prefix: "notes-dendron-export")
        defer { folder.remove() }
        let store = try imported(into: folder)
        defer { store.close() }
        try MarkdownExchange.export(store.contents, to: folder.file("out"))
        let theme = try String(contentsOf: folder.file("out").appendingPathComponent("Theme.md"), encoding: .utf8)
        #expect(theme.contains("Both [[Preview|Dendron preview]] and [[Customize Publish Theme|publishing]] let you"), "\(theme)")

        let batch = ImportReader().read(paths: [folder.file("out").path])
        #expect(batch.skipped.isEmpty)
        for note in store.contents.notes.values {
            #expect(batch.bundle.notes.first { $0.id == note.id }?.body == note.body, "\(note.title)")
        }
    }
}
