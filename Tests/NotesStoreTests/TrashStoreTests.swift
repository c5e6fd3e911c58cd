import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// The trash on disk: through the journal, a compaction, and the migration from format 3.
@Suite struct TrashStoreTests {
    private let when = Date(timeIntervalSinceReferenceDate: 800_000_000.25)

    @Test func theTrashSurvivesTheJournalAndACompaction() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let work = Category(name: "Work")
        let plan = Note(title: "Plan", created: when, categoryID: work.id)
        let loose = Note(title: "Loose", created: when)
        let store = try NotesStore.open(at: url)
        try store.commit([.putCategory(work), .putNote(plan), .putNote(loose)])
        try store.commit([.trashNote(plan.id, at: when), .trashCategory(work.id, at: when)])
        try store.commit(.trashNote(loose.id, at: when))
        try store.commit(.restoreNote(loose.id))
        store.close()

        let fromJournal = try NotesStore.open(at: url)
        #expect(fromJournal.contents.trash[plan.id]?.deleted == when)
        #expect(fromJournal.contents.trash[plan.id]?.categoryID == work.id)
        #expect(fromJournal.contents.deletedCategories[work.id]?.deleted == when)
        #expect(fromJournal.contents.notes[loose.id] == loose)
        try fromJournal.compactNow()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\n      \"attachments\": [],\n      \"deleted\": 800000000.25\n    }"))
        #expect(text.contains("\n      \"attachments\": [],\n      \"deleted\": null\n    }"))
        fromJournal.close()

        let fromSnapshot = try NotesStore.open(at: url)
        #expect(fromSnapshot.contents == store.contents)
        #expect(fromSnapshot.warnings.isEmpty)
    }

    @Test func aFormat3StoreMigratesWithItsJournalFoldedIn() throws {
        let (folder, url) = try StoreFixtures.store("v3.json")
        defer { folder.remove() }
        let journal = NotesStore.journalPath(for: url)
        try StoreFixtures.bytes("v3.json.journal").write(to: URL(fileURLWithPath: journal))

        let store = try NotesStore.open(at: url)

        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".v3.backup")) == StoreFixtures.bytes("v3.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal + ".v3.backup")) == StoreFixtures.bytes("v3.json.journal"))
        #expect(store.migrationReport?.contains("from format 3 to \(StoreSchema.formatVersion)") == true)
        #expect(store.contents.notes.values.map(\.title).sorted() == ["Groceries é😀", "Standup notes"])
        #expect(store.contents.trash.isEmpty)
        #expect(Set(store.contents.categories.values.map(\.name)) == ["Home", "Work"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).isEmpty)
        #expect(try SnapshotCodec.readVersion([UInt8](Data(contentsOf: url))) == StoreSchema.formatVersion)
        let contents = store.contents
        store.close()
        let again = try NotesStore.open(at: url)
        #expect(again.migrationReport == nil)
        #expect(again.contents == contents)
    }

    @Test func aReadOnlyFormat3StoreShowsItsJournalWithoutWriting() throws {
        let (folder, url) = try StoreFixtures.store("v3.json")
        defer { folder.remove() }
        let journal = NotesStore.journalPath(for: url)
        try StoreFixtures.bytes("v3.json.journal").write(to: URL(fileURLWithPath: journal))
        let store = try NotesStore.open(at: url, options: NotesStoreOptions(readOnly: true))
        #expect(store.contents.notes.count == 2)
        #expect(try Data(contentsOf: url) == StoreFixtures.bytes("v3.json"))
    }

    @Test func everyOlderFixtureMigratesToTheCurrentFormat() throws {
        for name in ["v1.json", "v2.json", "v3.json", "v4.json"] {
            let (folder, url) = try StoreFixtures.store(name)
            defer { folder.remove() }
            let store = try NotesStore.open(at: url)
            #expect(store.migrationReport?.hasSuffix(".backup") == true, "\(name)")
            #expect(!store.contents.notes.isEmpty, "\(name)")
            #expect(store.contents.trash.isEmpty == (name != "v4.json"), "\(name): only format 4 had a trash")
            #expect(try SnapshotCodec.readVersion([UInt8](Data(contentsOf: url))) == StoreSchema.formatVersion, "\(name)")
        }
    }
}
