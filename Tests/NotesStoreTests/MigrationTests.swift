import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesColor
@testable import NotesStore

@Suite struct MigrationTests {
    @Test func version1MigratesWithABackupAndWhiteCategories() throws {
        let (folder, url) = try StoreFixtures.store("v1.json")
        defer { folder.remove() }
        let original = try StoreFixtures.bytes("v1.json")
        let store = try NotesStore.open(at: url)
        let backup = url.path + ".v1.backup"
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == original)
        #expect(store.migrationReport == "migrated \(url.path) from format 1 to 10; the original is kept at \(backup)")
        #expect(store.contents.categories.count == 2)
        for category in store.contents.categories.values { #expect(category.color == .white) }
        let planID = try #require(UUID(uuidString: "0A000000-0000-4000-8000-000000000001"))
        let plan = try #require(store.contents.notes[planID])
        #expect(plan.kind == .checklist)
        #expect(plan.tags == ["planning", "q3"])
        #expect(plan.updated == Date(timeIntervalSinceReferenceDate: 700_000_100.5))
        #expect(plan.attachments.map(\.relativePath) == ["files/plan.pdf"])
        #expect(store.contents.notes.values.contains { $0.title == "Groceries é😀" })
        store.close()
        // The file is now format 10 and opens without migrating again.
        #expect(try SnapshotCodec.readVersion([UInt8](Data(contentsOf: url))) == 10)
        let again = try NotesStore.open(at: url)
        #expect(again.migrationReport == nil)
        #expect(again.contents == store.contents)
    }

    @Test func version2MigratesHexColorsWithMissingAndEmptyAsWhite() throws {
        let (folder, url) = try StoreFixtures.store("v2.json")
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".v2.backup")) == StoreFixtures.bytes("v2.json"))
        let colors = Dictionary(uniqueKeysWithValues: store.contents.categories.values.map { ($0.name, $0.color.hex) })
        #expect(colors == ["Work": "#3366CC", "Home": "#FFFFFF", "Ideas": "#FFFFFF", "Travel": "#FF8000"])
        #expect(store.contents.recentColors == [RGB8(red: 0x33, green: 0x66, blue: 0xCC), RGB8(red: 0xFF, green: 0x80, blue: 0)])
        #expect(store.contents.notes.count == 3)
        #expect(store.warnings.isEmpty)
    }

    @Test func aSecondMigrationKeepsTheFirstBackup() throws {
        let (folder, url) = try StoreFixtures.store("v1.json")
        defer { folder.remove() }
        try FileManager.default.copyItem(atPath: url.path, toPath: url.path + ".v1.backup")
        try Data("older backup".utf8).write(to: URL(fileURLWithPath: url.path + ".v1.backup"))
        let store = try NotesStore.open(at: url)
        #expect(try String(contentsOfFile: url.path + ".v1.backup", encoding: .utf8) == "older backup")
        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".v1.backup.2")) == StoreFixtures.bytes("v1.json"))
        #expect(store.migrationReport?.hasSuffix(".v1.backup.2") == true)
    }

    @Test func aNewerStoreIsRefusedAndUntouched() throws {
        let (folder, url) = try StoreFixtures.store("future.json")
        defer { folder.remove() }
        #expect(throws: StoreError.tooNew(file: url.path, found: 99, supported: 10)) { try NotesStore.open(at: url) }
        #expect(try Data(contentsOf: url) == StoreFixtures.bytes("future.json"))
        #expect(!FileManager.default.fileExists(atPath: NotesStore.journalPath(for: url)))
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("backup") }
        #expect(backups.isEmpty)
    }

    @Test func migratorStepsCanBeAppliedOneAtATime() throws {
        let document = try JSONValue.parse([UInt8](StoreFixtures.bytes("v1.json")))
        let migrator = try Migrator()
        #expect(migrator.steps.map(\.name) == ["v1-to-v2: add category colorAsHex", "v2-to-v3: archive category colors",
                                               "v3-to-v4: add the trash", "v4-to-v5: journal lines may keep a note's body",
                                               "v5-to-v6: the store may keep where imported notes came from",
                                               "v6-to-v7: a journal line may drop an import record",
                                               "v7-to-v8: a note may be pinned",
                                               "v8-to-v9: a note may have aliases",
                                               "v9-to-v10: an import record may name its tool"])
        let v2 = try migrator.migrate(document, upTo: 2)
        #expect(try Migrator.version(of: v2) == 2)
        let first = try #require(v2["categories"]?.arrayValue?.first)
        #expect(first["colorAsHex"] == .string("FFFFFF"))
        #expect(first["color"] == nil)
        let v3 = try migrator.migrate(v2, upTo: 3)
        #expect(try Migrator.version(of: v3) == 3)
        #expect(v3["sequence"] == .integer(0))
        #expect(v3["categories"]?.arrayValue?.first?["colorAsHex"] == nil)
        #expect(try migrator.migrate(v3, upTo: 3) == v3)
    }

    @Test func aMigrationOfABrokenOldStoreFailsWithoutChangingIt() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let broken = Data(#"{"format": "notes", "formatVersion": 1, "categories": 7, "notes": []}"#.utf8)
        try broken.write(to: url)
        #expect(throws: StoreError.migrationFailed(file: url.path, step: "v1-to-v2: add category colorAsHex",
                                                    reason: "the store has no \"categories\" array")) {
            try NotesStore.open(at: url)
        }
        #expect(try Data(contentsOf: url) == broken)
    }
}
