import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesColor
import NotesModel
import NotesStore
import NotesExchange
import NotesSync

/// A sync after the first looks only at the notes the store's journal names since the last
/// one (`SyncPosition`): it compares no other note (`notesFingerprinted` 0), and the remote
/// still holds every note exactly as the store renders it. When the store cannot say what
/// changed (a category changed, the store compacted without a ledger, the position file is damaged) it looks
/// at every note, and is as right.
@Suite struct SyncPositionTests {
    let sandbox: SyncSandbox
    let laptop: NotesStore
    let home: UUID
    var positionURL: URL {
        SyncRepository.folder(forStore: laptop.url).appendingPathComponent(".git/notes-sync-position")
    }

    /// A laptop with a category and 40 notes (some in it, some in the trash), synced once.
    init() throws {
        sandbox = try SyncSandbox()
        laptop = try sandbox.machine("laptop")
        home = UUID()
        var changes: [StoreChange] = [
            .putCategory(Category(id: home, name: "Home", color: try SerializableColor(red: 0.2, green: 0.4, blue: 0.6))),
        ]
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        for index in 0..<40 {
            changes.append(.putNote(Note(title: "Note \(index)", body: "body \(index)", created: created,
                                         categoryID: index % 2 == 0 ? home : nil, deleted: index % 10 == 9 ? created : nil)))
        }
        try laptop.commit(changes)
        let first = try sandbox.sync(laptop)
        #expect(first.notesFingerprinted == 40)
    }

    /// Every note of `store` is on the remote exactly as it renders now, and nothing else.
    func expectRemoteMatches(_ store: NotesStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try sandbox.remoteFiles()
        let contents = store.contents
        var expected: [String: String] = [:]
        for note in Array(contents.notes.values) + Array(contents.trash.values) {
            let category = note.categoryID.flatMap { contents.anyCategory($0) }
            expected[SyncFiles.path(for: note)] = MarkdownExchange.document(for: note, category: category)
        }
        let actual = files.filter { $0.key != SyncFiles.categoriesFile }
        let differing = Set(actual.keys).union(expected.keys).filter { actual[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "the remote differs from the store at \(differing)", sourceLocation: sourceLocation)
    }

    func note(_ title: String) throws -> Note {
        guard let note = laptop.contents.notes.values.first(where: { $0.title == title })
            ?? laptop.contents.trash.values.first(where: { $0.title == title }) else { throw ModelError.noSuchNote(title) }
        return note
    }

    @Test func nothingNewAndOneEditLookAtNoOtherNote() throws {
        let again = try sandbox.sync(laptop)
        #expect(again.notesFingerprinted == 0)
        #expect(again.notesRendered == 0)
        #expect(!again.pushed)

        var edited = try note("Note 4")
        edited.body = "changed"
        try laptop.commit([.putNote(edited)])
        let one = try sandbox.sync(laptop)
        #expect(one.notesFingerprinted == 0)
        #expect(one.notesRendered == 1)
        #expect(one.pushed)
        try expectRemoteMatches(laptop)
    }

    @Test func trashRestoreDeleteAndNewNotesReachTheRemote() throws {
        let trashed = try note("Note 3"), restored = try note("Note 9"), deleted = try note("Note 5")
        try laptop.commit([.trashNote(trashed.id, at: ISODate.rounded(Date())), .restoreNote(restored.id),
                           .deleteNote(deleted.id), .putNote(Note(title: "New", body: "new", categoryID: home))])
        let report = try sandbox.sync(laptop)
        #expect(report.notesFingerprinted == 0)
        try expectRemoteMatches(laptop)
        // Every note of one folder gone: the folder leaves the tree.
        let lonely = try note("Note 7")
        let bucket = String(lonely.id.uuidString.prefix(2))
        let sameFolder = (Array(laptop.contents.notes.values) + Array(laptop.contents.trash.values))
            .filter { $0.id.uuidString.hasPrefix(bucket) }
        try laptop.commit(sameFolder.map { .deleteNote($0.id) })
        #expect(try sandbox.sync(laptop).notesFingerprinted == 0)
        try expectRemoteMatches(laptop)
        #expect(try sandbox.remoteFiles().keys.allSatisfy { !$0.hasPrefix("notes/\(bucket)/") && !$0.hasPrefix("trash/\(bucket)/") })
    }

    /// A renamed category changes the file of every note in it without the journal naming them.
    @Test func aCategoryChangeLooksAtEveryNote() throws {
        guard var category = laptop.contents.categories[home] else { throw ModelError.noSuchCategory("Home") }
        category.name = "House"
        try laptop.commit([.putCategory(category)])
        let report = try sandbox.sync(laptop)
        #expect(report.notesFingerprinted == 40)
        #expect(report.notesRendered == 20)
        try expectRemoteMatches(laptop)
        #expect(try sandbox.sync(laptop).notesFingerprinted == 0)
    }

    @Test func aCompactionKeepsThePositionWithItsLedgerElseOrWithADamagedPositionEveryNoteIsRead() throws {
        var edited = try note("Note 6")
        edited.title = "Six"
        try laptop.commit([.putNote(edited)])
        try laptop.compactNow()
        let afterCompaction = try sandbox.sync(laptop)
        #expect(afterCompaction.notesFingerprinted == 0, "the compaction's ledger says which notes it folded in")
        #expect(afterCompaction.notesRendered == 1)
        try expectRemoteMatches(laptop)

        edited.title = "Sechs"
        try laptop.commit([.putNote(edited)])
        try laptop.compactNow()
        try FileManager.default.removeItem(at: URL(fileURLWithPath: laptop.url.path + ".ledger"))
        #expect(try sandbox.sync(laptop).notesFingerprinted == 40, "without the ledger: every note")
        try expectRemoteMatches(laptop)

        edited.title = "Seis"
        try laptop.commit([.putNote(edited)])
        try Data("notes-sync-position 1\nnonsense\n".utf8).write(to: positionURL)
        #expect(try sandbox.sync(laptop).notesFingerprinted == 40)
        try expectRemoteMatches(laptop)
    }

    /// A store opened again (another process) reads the position of the last sync.
    @Test func aStoreOpenedAgainTakesUpThePosition() throws {
        var edited = try note("Note 8")
        edited.body = "from another process"
        try laptop.commit([.putNote(edited)])
        laptop.close()
        let reopened = try sandbox.open("laptop")
        let report = try sandbox.sync(reopened)
        #expect(report.notesFingerprinted == 0)
        #expect(report.notesRendered == 1)
        try expectRemoteMatches(reopened)
    }

    /// What another home sent is in the store; the next sync here looks at no note and sends nothing back.
    @Test func receivingKeepsThePosition() throws {
        let desktop = try sandbox.machine("desktop")
        try sandbox.sync(desktop)
        guard var edited = desktop.contents.notes.values.first(where: { $0.title == "Note 2" }) else {
            throw ModelError.noSuchNote("Note 2")
        }
        edited.body = "from the desktop"
        try desktop.commit([.putNote(edited)])
        try sandbox.sync(desktop)

        let received = try sandbox.sync(laptop)
        #expect(received.received == 1)
        #expect(received.notesFingerprinted == 0)
        #expect(try note("Note 2").body == "from the desktop")
        let after = try sandbox.sync(laptop)
        #expect(after.notesFingerprinted == 0)
        #expect(after.notesRendered == 1)  // the note received, rendered once to be sure it is the remote's file
        #expect(!after.pushed)
        try expectRemoteMatches(laptop)
    }
}
