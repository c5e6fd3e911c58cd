import Foundation
import NotesTestData
import Testing
@testable import NotesStore
@testable import NotesExchange

/// Notes of Dendron's own documentation vault (`Fixtures/dendron-site`, MIT, see its
/// README; its `dendron.yml` marks the workspace), imported as Dendron shows them: `title`
/// (a quoted `'0.51'` stays text), `created`/`updated` in epoch milliseconds to the
/// millisecond, front-matter `tags` (`stage.seed`) and `#hashtags`, the hierarchy in the
/// file name as the category (its top) and a tag (all of it), bodies byte for byte less
/// the separator; then the vault changed and imported again into the real store.
@Suite struct DendronSiteFixtureTests {
    private func vault() throws -> URL {
        let url = try #require(Bundle.module.url(forResource: "dendron-site", withExtension: nil, subdirectory: "Fixtures"))
        return url.appendingPathComponent("vault")
    }

    /// The body Dendron shows: the text after the closing `---`, less the one line break
    /// that ends it, the one blank line after it and the file's final line break.
    private static func expectedBody(_ file: String) -> String {
        let text = file.hasPrefix("---\n") ? String(file.dropFirst(4)) : file
        guard let close = text.range(of: "\n---") else { return text }
        var body = Substring(text[close.upperBound...])
        if body.hasPrefix("\n") { body = body.dropFirst() }
        if body.hasPrefix("\n") { body = body.dropFirst() }
        if body.hasSuffix("\n") { body = body.dropLast() }
        return String(body)
    }

    private static func date(_ milliseconds: Double) -> Date { Date(timeIntervalSince1970: milliseconds / 1000) }

    @Test func notesAreAsDendronShowsThem() throws {
        let url = try vault()
        let batch = ImportReader().read(paths: [url.path])
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.warnings.map(\.reason) == [
            "links to the file '../dendron.yml', which is not in the imported folder: the link is kept, no attachment",
        ], "a file outside the vault; Dendron's note references are no files")
        let byFile = Dictionary(uniqueKeysWithValues: batch.origins.map { ($0.value.key.path, batch.bundle.notes[$0.key]) })
        #expect(byFile.count == 5)

        let expected: [(file: String, title: String, created: Double, updated: Double, tags: Set<String>, category: String?)] = [
            ("root.md", "Root", 1_595_961_348_801, 1_656_967_739_799, [], nil),
            ("dendron.cheatsheet.md", "Cheatsheet", 1_596_374_871_110, 1_655_188_695_200, ["stage.seed", "dendron/cheatsheet"], "dendron"),
            ("dendron.topic.md", "Topics", 1_595_606_002_784, 1_646_084_175_302, ["dendron/topic"], "dendron"),
            ("changelog.release.2021-07-19.md", "0.51", 1_626_731_214_821, 1_626_733_467_887,
             ["tag", "changelog/release/2021-07-19"], "changelog"),
            ("dendron.alternatives.roam-vs-dendron.md", "Roam Vs Dendron", 1_622_559_637_841, 1_640_428_119_761,
             ["dendron/alternatives/roam-vs-dendron"], "dendron"),
        ]
        for item in expected {
            let note = try #require(byFile[item.file], "no note of \(item.file)")
            #expect(note.title == item.title, "\(item.file)")
            #expect(note.created == Self.date(item.created), "\(item.file): created")
            #expect(note.updated == Self.date(item.updated), "\(item.file): updated")
            #expect(note.tags == item.tags, "\(item.file): tags")
            #expect(batch.bundle.categories.first { $0.id == note.categoryID }?.name == item.category, "\(item.file): category")
            let text = try String(contentsOf: url.appendingPathComponent(item.file), encoding: .utf8)
            #expect(note.body == Self.expectedBody(text), "\(item.file): body byte for byte")
        }
        #expect(byFile["dendron.topic.md"]?.body == "", "a header closed at the end of the file, no line break: an empty body")
    }

    @Test func theVaultChangedAndImportedAgain() throws {
        let folder = try TemporaryFolder(prefix: "notes-dendron")
        defer { folder.remove() }
        let copy = folder.file("vault")
        try FileManager.default.copyItem(at: try vault(), to: copy)
        try FileManager.default.copyItem(at: try vault().deletingLastPathComponent().appendingPathComponent("dendron.yml"),
                                         to: folder.file("dendron.yml"))
        let store = try NotesStore.open(at: folder.file("store/notes.json"))
        func importVault() throws -> Importer.Plan {
            let batch = ImportReader().read(paths: [copy.path])
            #expect(batch.skipped.isEmpty, "\(batch.skipped)")
            var plan = Importer.Plan()
            try store.commit(derivedFrom: { database in
                plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, into: database)
                return plan.changes
            })
            return plan
        }
        func counts(_ plan: Importer.Plan) -> [Int] { [plan.notesAdded, plan.notesUpdated, plan.notesUnchanged, plan.conflicts] }

        #expect(counts(try importVault()) == [5, 0, 0, 0])
        #expect(counts(try importVault()) == [0, 0, 5, 0])

        // Dendron renames a note's title and appends to another; a new child note appears.
        let topic = copy.appendingPathComponent("dendron.topic.md")
        let renamed = try String(contentsOf: topic, encoding: .utf8).replacingOccurrences(of: "title: Topics", with: "title: All Topics")
        try Data(renamed.utf8).write(to: topic)
        let root = try FileHandle(forWritingTo: copy.appendingPathComponent("root.md"))
        try root.seekToEnd()
        try root.write(contentsOf: Data("\nMore about the root.\n".utf8))
        try root.close()
        try Data("---\nid: n1\ntitle: Daily\nupdated: 1700000000000\ncreated: 1690000000000\n---\n\nToday #journal\n".utf8)
            .write(to: copy.appendingPathComponent("daily.journal.2023.07.22.md"))

        #expect(counts(try importVault()) == [1, 2, 3, 0])
        let notes = store.contents.notes.values
        #expect(notes.count == 6)
        #expect(Set(notes.map(\.title)).isSuperset(of: ["All Topics", "Root", "Daily"]))
        #expect(notes.first { $0.title == "Root" }?.body == "[dendron.yml](../dendron.yml)\n\nMore about the root.")
        let daily = try #require(notes.first { $0.title == "Daily" })
        #expect(daily.created == Self.date(1_690_000_000_000))
        #expect(daily.tags == ["journal", "daily/journal/2023/07/22"])
    }
}
