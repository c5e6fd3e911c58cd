import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore
import NotesExchange
import NotesSync

/// `notes sync` opens the store for the notes its journal touched only: with nothing to
/// receive, that is all it reads; when a few notes come in, it reads those too
/// (`SyncPartialReceiveTests`: what reads every note instead).
@Suite struct SyncPartialStoreTests {
    let sandbox: SyncSandbox
    let url: URL
    let notes: [Note]

    /// A laptop of 30 notes, compacted (so its snapshot has an index) and synced.
    init() throws {
        sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        notes = (0..<30).map { Note(title: "Note \($0)", body: "body \($0)") }
        try laptop.commit(notes.map(StoreChange.putNote))
        try laptop.compactNow()
        try sandbox.sync(laptop)
        url = laptop.url
        laptop.close()
    }

    func openForNoNote() throws -> NotesStore {
        let store = try NotesStore.open(at: url, touching: [])
        #expect(store.isPartial)
        return store
    }

    @Test func anEditIsSentWithoutReadingTheOtherNotes() throws {
        let writer = try NotesStore.open(at: url)
        var edited = notes[3]
        edited.body = "edited"
        try writer.commit([.putNote(edited), .deleteNote(notes[4].id)])
        writer.close()

        let store = try openForNoNote()
        defer { store.close() }
        #expect(store.contents.notes.count == 1)
        let report = try sandbox.sync(store)
        #expect(report.pushed)
        #expect(report.notesFingerprinted == 0)
        #expect(report.notesRendered == 1)
        #expect(store.isPartial)
        let files = try sandbox.remoteFiles()
        #expect(files[SyncFiles.path(for: edited)] == MarkdownExchange.document(for: edited, category: nil))
        #expect(files[SyncFiles.path(for: notes[4])] == nil)
        #expect(files.count == 29 + 1)  // the notes and categories.json

        let again = try sandbox.sync(store)
        #expect(!again.pushed)
        #expect(store.isPartial)
    }

    /// A category renamed changes the files of its notes without naming them: the tree
    /// cannot be made from the last one, and a tree of the notes loaded alone would take
    /// every other note off the remote.
    @Test func aTreeThatCannotBeMadeFromTheLastOneReadsEveryNote() throws {
        let writer = try NotesStore.open(at: url)
        var category = Category(name: "Errands")
        var moved = notes[5]
        moved.categoryID = category.id
        try writer.commit([.putCategory(category), .putNote(moved)])
        try sandbox.sync(writer)
        category.name = "Chores"
        try writer.commit([.putCategory(category)])
        writer.close()

        let store = try openForNoNote()
        defer { store.close() }
        let report = try sandbox.sync(store)
        #expect(report.pushed)
        #expect(!store.isPartial)
        #expect(report.notesFingerprinted == 30)
        let files = try sandbox.remoteFiles()
        #expect(files.count == 30 + 1)
        #expect(files[SyncFiles.path(for: moved)] == MarkdownExchange.document(for: moved, category: category))
    }

    @Test func aNoteToReceiveIsReadAlone() throws {
        let desktop = try sandbox.machine("desktop")
        try sandbox.sync(desktop)
        var edited = try #require(desktop.contents.notes[notes[7].id])
        edited.body = "from the desktop"
        try desktop.commit([.putNote(edited)])
        try sandbox.sync(desktop)

        let store = try openForNoNote()
        defer { store.close() }
        let report = try sandbox.sync(store)
        #expect(report.received == 1)
        #expect(store.isPartial)
        #expect(store.contents.notes.count == 1)
        #expect(store.contents.notes[notes[7].id]?.body == "from the desktop")
        let whole = try NotesStore.open(at: url)
        defer { whole.close() }
        #expect(whole.contents.notes.count == 30)
        #expect(whole.contents.notes[notes[7].id]?.body == "from the desktop")
    }
}
