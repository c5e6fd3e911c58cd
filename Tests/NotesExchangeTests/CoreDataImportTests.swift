import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesColor
import NotesModel
import NotesExchange

/// `notes import Notes.sqlite`: Core Data stores built by `CoreDataStoreBuilder` following
/// Core Data's SQLite layout, imported read-only through `ImportReader`.
@Suite struct CoreDataImportTests {
    private typealias Builder = CoreDataStoreBuilder

    /// 2023-11-14T22:13:20Z, as Core Data stores it (seconds since 2001-01-01 UTC).
    private static let created = 721_692_800.0

    private static func uiColorSystemBlue() throws -> Data {
        try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(3), "UISystemColorName": ArchiveFixtures.uid(2), "UIColorComponentCount": 4,
             "UIRed": 0.0, "UIGreen": 0.48, "UIBlue": 1.0, "UIAlpha": 1.0],
            "systemBlueColor", ["$classname": "UIColor", "$classes": ["UIColor", "NSObject"]],
        ])
    }

    private func notesAppStore(_ folder: TemporaryFolder, wal: Bool = false, keepOpen: Bool = false) throws -> (String, Builder) {
        let path = folder.file("Notes.sqlite").path
        let builder = try Builder.notesApp(at: path, wal: wal, keepOpen: keepOpen, categories: [
            .init("Work", color: .text("FF8800")),
            .init("Home", color: .null),
            .init("Ideas", color: .blob(try Self.uiColorSystemBlue())),
            .init("Compact", color: .blob(Data([0x26, 0x8B, 0xD2]))),
        ], notes: [
            .init("Standup", contents: "yesterday, today", createdAt: Self.created, updatedAt: Self.created + 90, category: 0),
            .init("Groceries", contents: "milk\neggs", createdAt: Self.created + 10, updatedAt: Self.created + 10, category: 1),
            .init("App idea", contents: "a notes app", createdAt: Self.created + 20, updatedAt: Self.created + 30, category: 2),
            .init("Loose", contents: "", createdAt: Self.created + 40, updatedAt: Self.created + 40, category: nil),
        ])
        return (path, builder)
    }

    private func category(_ batch: ImportBatch, _ name: String) throws -> NotesModel.Category {
        try #require(batch.bundle.categories.first { $0.name == name }, "no category \(name)")
    }

    @Test func theNotesAppStoreComesInWhole() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let (path, _) = try notesAppStore(folder)

        let batch = ImportReader().read(paths: [path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.warnings.isEmpty, "\(batch.warnings)")
        #expect(batch.bundle.notes.map(\.title) == ["Standup", "Groceries", "App idea", "Loose"])
        let standup = try #require(batch.bundle.notes.first)
        #expect(standup.body == "yesterday, today")
        #expect(ISODate.format(standup.created) == "2023-11-14T22:13:20.000Z")
        #expect(ISODate.format(standup.updated) == "2023-11-14T22:14:50.000Z")
        #expect(try category(batch, "Work").color == SerializableColor(hex: "#FF8800"))
        #expect(try category(batch, "Home").color == .white)
        #expect(try category(batch, "Ideas").color.hex == "#007AFF")
        #expect(try category(batch, "Compact").color.hex == "#268BD2")
        let names = batch.bundle.notes.map { note in batch.bundle.categories.first { $0.id == note.categoryID }?.name }
        #expect(names == ["Work", "Home", "Ideas", nil])
    }

    @Test func importingTheSameStoreAgainAddsNothing() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let (path, _) = try notesAppStore(folder)
        let first = ImportReader().read(paths: [path])
        let plan = try Importer.plan(first.bundle, into: NotesDatabase())
        var database = NotesDatabase()
        for change in plan.changes { try database.apply(change) }

        let again = try Importer.plan(ImportReader().read(paths: [path]).bundle, into: database)

        #expect(plan.notesAdded == 4 && plan.categoriesAdded == 4)
        #expect(again.notesAdded == 0 && again.notesUnchanged == 4 && again.categoriesAdded == 0)
    }

    private static func snapshot(_ path: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal", "-shm", "-journal"] {
            if let data = FileManager.default.contents(atPath: path + suffix) { files[suffix] = data }
        }
        return files
    }

    @Test func aWALStoreStillOpenIsReadAndNoneOfItsFilesChanges() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        // The app still has it open: the notes are in the -wal file, indexed by -shm.
        let (path, writer) = try notesAppStore(folder, wal: true, keepOpen: true)
        defer { writer.close() }
        let before = Self.snapshot(path)
        #expect(Set(before.keys) == ["", "-wal", "-shm"])
        #expect((before["-wal"]?.count ?? 0) > 0)

        let batch = ImportReader().read(paths: [path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.count == 4)
        #expect(batch.bundle.categories.count == 4)
        #expect(Self.snapshot(path) == before, "the store, its -wal and its -shm are byte for byte as they were")
    }

    @Test func aClosedStoreGetsNoCompanionFiles() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let (path, _) = try notesAppStore(folder, wal: true)
        let before = Self.snapshot(path)
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()

        let batch = ImportReader().read(paths: [path])

        #expect(batch.bundle.notes.count == 4)
        #expect(Self.snapshot(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == listing)
    }

    @Test func anUnknownModelIsRefusedWithWhatWasFound() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let path = folder.file("Recipes.sqlite").path
        let builder = try Builder(path: path)
        try builder.entity("Ingredient", attributes: [("quantity", "FLOAT"), ("unit", "VARCHAR")])
        try builder.entity("Recipe", attributes: [("steps", "VARCHAR"), ("servings", "INTEGER")])
        try builder.insert("Recipe", ["steps": .text("boil"), "servings": .integer(2)])
        try builder.finish()

        let batch = ImportReader().read(paths: [path])

        #expect(batch.bundle.notes.isEmpty)
        let reason = try #require(batch.skipped.first?.reason)
        #expect(reason.contains("no entity holds notes"))
        #expect(reason.contains("Ingredient (QUANTITY, UNIT)"))
        #expect(reason.contains("Recipe (STEPS, SERVINGS)"))
        #expect(reason.contains("--map"))
    }

    @Test func mapSaysWhichIsWhich() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let path = folder.file("Memos.sqlite").path
        let builder = try Builder(path: path)
        try builder.entity("Box", attributes: [("label", "VARCHAR"), ("tint", "BLOB")])
        try builder.entity("Memo", attributes: [("box", "INTEGER"), ("headline", "VARCHAR"), ("stamp", "TIMESTAMP"), ("words", "VARCHAR")])
        let box = try builder.insert("Box", ["label": .text("Inbox"), "tint": .blob(Data([0xDC, 0x32, 0x2F]))])
        try builder.insert("Memo", ["headline": .text("Call back"), "words": .text("before noon"), "stamp": .real(Self.created),
                                    "box": .integer(box)])
        try builder.finish()

        // Unmapped, the memo is found by its entity's name and title-like attribute, but not its body or box.
        let guessed = ImportReader().read(paths: [path])
        #expect(guessed.bundle.notes.map(\.body) == [""])
        #expect(guessed.warnings.first?.reason.contains("--map note.body=") == true)

        var reader = ImportReader()
        reader.coreDataMapping = try CoreDataMapping(parsing: [
            "note=Memo", "note.title=headline", "note.body=words", "note.created=stamp", "category=Box",
            "category.name=label", "category.color=tint", "note.category=box",
        ])
        let batch = reader.read(paths: [path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        let note = try #require(batch.bundle.notes.first)
        #expect(note.title == "Call back" && note.body == "before noon")
        #expect(ISODate.format(note.created) == "2023-11-14T22:13:20.000Z")
        #expect(try category(batch, "Inbox").color.hex == "#DC322F")
        #expect(note.categoryID == (try category(batch, "Inbox")).id)
        #expect(throws: ExchangeError.self) { try CoreDataMapping(parsing: ["note.colour=x"]) }
    }

    @Test func anUnreadableColorArchiveIsAWarningNamingItsClassAndTheArchiveIsKept() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let path = folder.file("Notes.sqlite").path
        let pattern = try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(2), "NSColorSpace": 7], ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
        ])
        _ = try Builder.notesApp(at: path, categories: [.init("Wallpaper", color: .blob(pattern))], notes: [
            .init("Tiles", contents: "", createdAt: Self.created, updatedAt: Self.created, category: 0),
        ])

        let batch = ImportReader().read(paths: [path])

        #expect(batch.bundle.notes.count == 1)
        let warning = try #require(batch.warnings.first?.reason)
        #expect(warning.contains("category 'Wallpaper'") && warning.contains("'NSColor'") && warning.contains("pattern"))
        let color = try category(batch, "Wallpaper").color
        #expect(color.unreadableReason != nil)
        #expect(color.sourceArchive == pattern)
    }

    @Test func anSQLiteFileThatIsNotCoreDataIsRefused() throws {
        let folder = try TemporaryFolder(prefix: "coredata")
        defer { folder.remove() }
        let path = folder.file("other.db").path
        let builder = try Builder(path: path)
        try builder.execute("DROP TABLE Z_PRIMARYKEY")
        builder.close()

        let batch = ImportReader().read(paths: [path])

        #expect(batch.skipped.first?.reason.contains("not a Core Data store") == true)
    }
}
