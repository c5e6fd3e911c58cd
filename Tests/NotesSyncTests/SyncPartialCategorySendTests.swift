import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A sync of a store opened for a few notes that sends a category change: a category
/// added here (with a note moved into it) is sent loading that note alone, in the tree the
/// whole store makes, plain and encrypted; a category recolored here changes the files of
/// its notes, so the sync reads every note.
@Suite struct SyncPartialCategorySendTests {
    let sandbox: SyncSandbox
    let notes: [Note]
    let errands = Category(name: "Errands")

    /// One home, laptop, with 12 notes in a compacted store, two of them in "Errands";
    /// synced, so that its position names that snapshot.
    init(encrypted: Bool) throws {
        sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        if encrypted { _ = try sandbox.engine(laptop).encrypt() }
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        let errandsID = errands.id
        notes = (0..<12).map { index in
            var note = Note(title: "Note \(index)", body: "body \(index)", created: created)
            if index < 2 { note.categoryID = errandsID }
            return note
        }
        try laptop.commit([.putCategory(errands)] + notes.map(StoreChange.putNote))
        try laptop.compactNow()
        try sandbox.sync(laptop)
        laptop.close()
    }

    /// Commits `changes` to the laptop, then syncs it opened as `notes sync` opens it.
    func commitAndSyncPartly(_ changes: [StoreChange]) throws -> (report: SyncEngine.Report, stayedPartial: Bool) {
        let writer = try sandbox.open("laptop")
        try writer.commit(changes)
        writer.close()
        let store = try NotesStore.open(at: sandbox.storeURL("laptop"), touching: [])
        defer { store.close() }
        #expect(store.isPartial)
        let report = try sandbox.sync(store)
        return (report, store.isPartial)
    }

    /// The tree of the remote's `main`, and the one the whole store makes of the laptop's
    /// store as it is now over its synced commit.
    func trees() throws -> (remote: String, wholeStore: String) {
        let remote = try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("read the tree", ["rev-parse", "main^{tree}"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let store = try sandbox.open("laptop")
        defer { store.close() }
        let repository = sandbox.engine(store).repository
        let synced = try repository.syncedCommit()
        let exported = SyncSnapshot(store.contents, previous: SyncSnapshot(categories: try repository.categories(of: synced)))
        return (remote, try repository.tree(for: exported, base: synced))
    }

    @Test(arguments: [false, true])
    static func aCategoryAddedHereIsSentLoadingTheNoteMovedIntoIt(encrypted: Bool) throws {
        let test = try SyncPartialCategorySendTests(encrypted: encrypted)
        let garden = Category(name: "Garden")
        var moved = test.notes[7]
        moved.categoryID = garden.id
        moved.updated = ISODate.rounded(moved.created.addingTimeInterval(60))

        let (report, stayedPartial) = try test.commitAndSyncPartly([.putCategory(garden), .putNote(moved)])

        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.notesLoaded == 1)
        let (remote, wholeStore) = try test.trees()
        #expect(remote == wholeStore)
        if !encrypted {
            let file = try test.sandbox.remoteFiles()[SyncFiles.categoriesFile] ?? ""
            #expect(try SyncFiles.readCategories(Data(file.utf8))[garden.id]?.category.name == "Garden")
        }
    }

    @Test(arguments: [false, true])
    static func aCategoryRecoloredHereReadsEveryNote(encrypted: Bool) throws {
        let test = try SyncPartialCategorySendTests(encrypted: encrypted)
        var recolored = test.errands
        recolored.color = try SerializableColor(red: 0.9, green: 0.1, blue: 0.1)

        let (report, stayedPartial) = try test.commitAndSyncPartly([.putCategory(recolored)])

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 12)
        let (remote, wholeStore) = try test.trees()
        #expect(remote == wholeStore)
    }
}
