import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import NotesSync

/// PRODUCT §8/§9, issue 20: thousands of hard notes (`HardNotes`) go through sync between two
/// homes over a real bare git repository, through the Markdown export and back, and through
/// the JSON export and back, and come back equal in every field, texts byte for byte.
///
/// Each run takes a new seed (set `NOTES_PROPERTY_SEED` to repeat one); a failure names the
/// seed and the smallest failing note found by `HardNotes.shrink` on the file round trip.
@Suite struct ExactRoundTripPropertyTests {
    static func seed(_ test: String = #function) -> UInt64 {
        TestSeed.seed(for: "ExactRoundTripPropertyTests.\(test)")
    }

    /// A store in `folder` holding `categories` and `notes` (some in the trash).
    static func store(at url: URL, categories: [Category], notes: [Note]) throws -> NotesStore {
        let store = try NotesStore.open(at: url)
        try store.commit(categories.map(StoreChange.putCategory) + notes.map(StoreChange.putNote))
        return store
    }

    /// Every note of `expected` (live and trash) compared with `actual`'s; for each that
    /// differs, the differences and the smallest note `stillFails` keeps failing.
    static func compare(_ expected: NotesDatabase, _ actual: NotesDatabase, seed: UInt64, path: String,
                        stillFails: (Note) -> Bool) {
        let actualNotes = actual.notes.merging(actual.trash) { first, _ in first }
        var failures = 0
        for note in Array(expected.notes.values) + Array(expected.trash.values) {
            let differences = HardNotes.differences(note, actualNotes[note.id])
            guard !differences.isEmpty else { continue }
            failures += 1
            guard failures <= 3 else { continue }
            let smallest = HardNotes.shrink(note, while: stillFails)
            Issue.record("""
                \(path), seed \(seed) (NOTES_PROPERTY_SEED=\(seed)): note \(note.id) changed: \(differences.joined(separator: "; "))
                smallest failing note: \(HardNotes.describe(smallest)), category name \
                \(smallest.categoryID.flatMap { expected.categories[$0] ?? expected.deletedCategories[$0] }.map { HardNotes.shown($0.name) } ?? "none")
                """)
        }
        if failures > 3 { Issue.record("\(path), seed \(seed): \(failures) notes changed in all") }
        #expect(actualNotes.count == expected.notes.count + expected.trash.count, "\(path), seed \(seed): note count")
        for category in Array(expected.categories.values) + Array(expected.deletedCategories.values) {
            let differences = HardNotes.differences(category, actual.categories[category.id] ?? actual.deletedCategories[category.id])
            if !differences.isEmpty { Issue.record("\(path), seed \(seed): \(differences.joined(separator: "; "))") }
        }
    }

    /// A fresh database with `bundle` imported as `notes import` does it.
    static func imported(_ bundle: ExchangeBundle) throws -> NotesDatabase {
        var database = NotesDatabase()
        for change in try Importer.plan(bundle, into: database).changes { try database.apply(change) }
        return database
    }

    /// Whether `note` (in a database holding `categories`) changes on its way through `trip`.
    static func changes(_ note: Note, categories: [Category], _ trip: (NotesDatabase) throws -> NotesDatabase) -> Bool {
        var database = NotesDatabase(categories: categories)
        do {
            try database.apply(.putNote(note))
            let back = try trip(database)
            return !HardNotes.differences(note, back.notes[note.id] ?? back.trash[note.id]).isEmpty
        } catch { return true }
    }

    /// An import normalizes tags again; a name the store kept must come through unchanged.
    @Test func normalizingATagTwiceChangesNothing() {
        let seed = Self.seed()
        var generator = HardNotes(seed: seed)
        for _ in 0..<20_000 {
            let raw = generator.text(pieces: 4)
            guard let once = Tag.normalize(raw) else { continue }
            let twice = Tag.normalize(once)
            #expect(twice.map { Array($0.utf8) } == Array(once.utf8), "seed \(seed): \(HardNotes.shown(raw)) → \(HardNotes.shown(once))")
            if twice.map({ Array($0.utf8) }) != Array(once.utf8) { return }
        }
        #expect(Tag.normalize("# #x") == "x")
    }

    @Test func syncBetweenTwoHomesKeepsEveryFieldAndASecondSyncChangesNothing() throws {
        let seed = Self.seed()
        var generator = HardNotes(seed: seed)
        let categories = generator.categories(12)
        let notes = generator.notes(1000, categories: categories)
        let sandbox = try SyncSandbox()
        let homeA = try sandbox.open("a")
        try homeA.commit(categories.map(StoreChange.putCategory) + notes.map(StoreChange.putNote))
        // A deleted category: its notes in the trash keep it, the live ones lose it.
        try homeA.commit([.trashCategory(categories[0].id, at: generator.date())])
        try sandbox.engine(homeA).initialize(remote: sandbox.remote.path)
        let homeB = try sandbox.machine("b")

        try sandbox.sync(homeA)
        try sandbox.sync(homeB)

        Self.compare(homeA.contents, homeB.contents, seed: seed, path: "sync A → B") { note in
            Self.changes(note, categories: categories) { database in
                let snapshot = SyncSnapshot(database)
                let read = try SyncFiles.snapshot(from: SyncFiles.files(for: snapshot))
                return NotesDatabase(notesByID: read.notes, categories: categories, recentColors: [])
            }
        }
        let remote = GitCommand(folder: sandbox.remote, environment: sandbox.environment)
        let head = try remote.check("read main", ["rev-parse", "main"]).text
        let (contentsA, contentsB) = (homeA.contents, homeB.contents)
        for (name, home) in [("A", homeA), ("B", homeB)] {
            let report = try sandbox.sync(home)
            #expect(report.received == 0 && !report.pushed, "seed \(seed): a further sync on \(name) changed something: \(report)")
        }
        #expect(try remote.check("read main", ["rev-parse", "main"]).text == head, "seed \(seed): a further sync committed")
        #expect(homeA.contents == contentsA && homeB.contents == contentsB, "seed \(seed): a further sync changed a store")
    }

    @Test func markdownExportThenImportIntoAFreshStoreIsExact() throws {
        let seed = Self.seed()
        var generator = HardNotes(seed: seed)
        let categories = generator.categories(16)
        let notes = generator.notes(2000, categories: categories)
        let folder = try TemporaryFolder(prefix: "notes-exact-md")
        defer { folder.remove() }
        let source = try Self.store(at: folder.file("source/notes.json"), categories: categories, notes: notes)
        try MarkdownExchange.export(source.contents, to: folder.file("export"), includeTrash: true)

        let batch = ImportReader().read(paths: [folder.file("export").path])
        #expect(batch.skipped.isEmpty, "seed \(seed): \(batch.skipped.prefix(3))")
        let fresh = try NotesStore.open(at: folder.file("fresh/notes.json"))
        try fresh.commit(Importer.plan(batch.bundle, into: fresh.contents).changes)
        let reopened = try NotesStore.open(at: folder.file("fresh/notes.json"))

        Self.compare(source.contents, reopened.contents, seed: seed, path: "Markdown export → import") { note in
            Self.changes(note, categories: categories) { database in
                let note = try #require(database.notes.values.first ?? database.trash.values.first)
                let text = MarkdownExchange.document(for: note, category: note.categoryID.flatMap { database.categories[$0] })
                let folder = try TemporaryFolder(prefix: "notes-exact-one")
                defer { folder.remove() }
                try Data(text.utf8).write(to: folder.file("note.md"))
                return try Self.imported(ImportReader().read(paths: [folder.file("note.md").path]).bundle)
            }
        }
    }

    @Test func jsonExportThenImportIntoAFreshStoreIsExact() throws {
        let seed = Self.seed()
        var generator = HardNotes(seed: seed)
        let categories = generator.categories(16)
        let notes = generator.notes(2000, categories: categories)
        let folder = try TemporaryFolder(prefix: "notes-exact-json")
        defer { folder.remove() }
        let source = try Self.store(at: folder.file("source/notes.json"), categories: categories, notes: notes)
        let export = folder.file("export.json")
        // The export's text, written a note at a time (what `notes export` writes), is the document's.
        let exportedAt = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let text = try JSONExchange.text(of: source.contents, exportedAt: exportedAt, includeTrash: true)
        let document = try JSONExchange.document(of: source.contents, exportedAt: exportedAt, includeTrash: true)
        #expect(text == document.jsonBytes(), "seed \(seed): the export text differs from its document's")
        try Data(text).write(to: export)

        let batch = ImportReader().read(paths: [export.path])
        #expect(batch.skipped.isEmpty, "seed \(seed): \(batch.skipped.prefix(3))")
        let fresh = try NotesStore.open(at: folder.file("fresh/notes.json"))
        try fresh.commit(Importer.plan(batch.bundle, into: fresh.contents).changes)
        let reopened = try NotesStore.open(at: folder.file("fresh/notes.json"))

        Self.compare(source.contents, reopened.contents, seed: seed, path: "JSON export → import") { note in
            Self.changes(note, categories: categories) { database in
                let bundle = try JSONExchange.read(Data(JSONExchange.document(of: database, includeTrash: true).jsonBytes()), file: "x")
                return try Self.imported(bundle)
            }
        }
    }
}
