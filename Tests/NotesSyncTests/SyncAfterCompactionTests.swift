import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore
import NotesSync

/// The sync after a compaction (inline, `notes compact`'s in the background, a bulk
/// import's snapshot commit, two in a row) renders only the notes changed since the last
/// sync, through a store opened for a few notes: the compaction's ledger beside the new
/// snapshot (`CompactionLedger`) says which notes the commits it folded in touched. The tree
/// it pushes is the one the whole store makes (a whole sync without a position after it
/// changes nothing), plain and encrypted. Without the ledger, the sync looks at every note.
@Suite struct SyncAfterCompactionTests {
    /// Two homes holding the same 12 notes, the first two with one attachment file each.
    let homes: PartialSyncHomes

    init(encrypted: Bool) throws { homes = try PartialSyncHomes(count: 12, withAttachments: 2, encrypted: encrypted) }

    /// Commits the edit of note `index`'s body on the laptop, as a command would.
    func edit(_ index: Int, _ body: String) throws {
        try homes.commit("laptop", [.putNote(homes.edited(index, body: body))])
    }

    /// Compacts the laptop's store inline, as a command that folds the journal does.
    func compactInline() throws {
        let store = try homes.sandbox.open("laptop")
        defer { store.close() }
        try store.compactNow()
    }

    /// Syncs the laptop opened for a few notes: the report, after checking it stayed so.
    func syncPartly() throws -> SyncEngine.Report {
        let (report, stayedPartial) = try homes.syncPartly("laptop")
        #expect(stayedPartial)
        return report
    }

    /// The laptop synced whole without a position (every note looked at) changes nothing:
    /// the tree the partial sync pushed is the whole store's.
    func expectWholeStoreAgrees(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let gitFolder = SyncRepository.folder(forStore: homes.sandbox.storeURL("laptop")).appendingPathComponent(".git")
        try FileManager.default.removeItem(at: gitFolder.appendingPathComponent("notes-sync-position"))
        let store = try homes.sandbox.open("laptop")
        defer { store.close() }
        let report = try homes.sandbox.engine(store).sync()
        #expect(report.notesFingerprinted == store.contents.notes.count, sourceLocation: sourceLocation)
        #expect(!report.pushed, "the whole store's tree is the one pushed", sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    static func anInlineCompactionKeepsTheSyncToTheChangedNotes(encrypted: Bool) throws {
        let test = try SyncAfterCompactionTests(encrypted: encrypted)
        try test.edit(3, "before the compaction")
        try test.edit(1, "a note with a file, before it")
        try test.compactInline()
        try test.edit(5, "after the compaction")

        let report = try test.syncPartly()

        #expect(report.pushed)
        #expect(report.notesFingerprinted == 0)
        #expect(report.notesRendered == 3)
        #expect(report.notesLoaded == 3)
        try test.expectWholeStoreAgrees()
        let (laptop, desktop) = try test.homes.converged()
        #expect(laptop == desktop)
        #expect(desktop.notes[test.homes.notes[3].id]?.body == "before the compaction")
    }

    @Test(arguments: [false, true])
    static func aBackgroundCompactionAndASecondOneKeepTheSyncToTheChangedNotes(encrypted: Bool) throws {
        let test = try SyncAfterCompactionTests(encrypted: encrypted)
        try test.edit(3, "before the first compaction")
        let store = try test.homes.sandbox.open("laptop")
        try store.compactWithoutHoldingTheLock()  // as `notes compact` does, handed off by a command
        store.close()
        try test.edit(7, "between the two")
        try test.compactInline()

        let report = try test.syncPartly()

        #expect(report.notesFingerprinted == 0)
        #expect(report.notesRendered == 2)
        try test.expectWholeStoreAgrees()
    }

    @Test(arguments: [false, true])
    static func aBulkImportsSnapshotCommitKeepsTheSyncToTheNotesItAdded(encrypted: Bool) throws {
        let test = try SyncAfterCompactionTests(encrypted: encrypted)
        let imported = (0..<3).map { Note(title: "Imported \($0)", body: "from a file \($0)") }
        let store = try test.homes.sandbox.open("laptop")
        _ = try store.commit(writing: .snapshot) { _ in imported.map(StoreChange.putNote) }
        store.close()

        let report = try test.syncPartly()

        #expect(report.notesRendered == 3)
        #expect(report.notesLoaded == 3)
        try test.expectWholeStoreAgrees()
    }

    @Test static func withoutTheLedgerTheSyncLooksAtEveryNote() throws {
        let test = try SyncAfterCompactionTests(encrypted: false)
        try test.edit(3, "before the compaction")
        try test.compactInline()
        try FileManager.default.removeItem(at: URL(fileURLWithPath: test.homes.sandbox.storeURL("laptop").path + ".ledger"))

        let (report, stayedPartial) = try test.homes.syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.notesFingerprinted == test.homes.notes.count)
        try test.expectWholeStoreAgrees()
    }
}
