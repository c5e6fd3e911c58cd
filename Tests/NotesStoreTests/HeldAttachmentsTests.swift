#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestData
import Testing
import NotesModel
import NotesStore

/// The holding place for the attachments of notes deleted for good in the UI
/// (`NotesStoreOptions.holdsDeletedAttachments`), on real stores: a note put back gets its
/// files back before its journal line; a session that ended without letting go is removed by
/// the next writer, a live one never; doctor names what is held, and files no note names.
@Suite struct HeldAttachmentsTests {
    static func holdingStore(_ folder: TemporaryFolder) throws -> NotesStore {
        var options = NotesStoreOptions()
        options.holdsDeletedAttachments = true
        return try NotesStore.open(at: folder.file("notes.json"), options: options)
    }

    /// A note with one file `a.txt` holding its title, committed to `store`.
    static func noteWithFile(_ title: String, in store: NotesStore, folder: TemporaryFolder) throws -> Note {
        var note = Note(title: title)
        let path = try AttachmentPath("attachments/\(note.id.uuidString)/a.txt")
        try AttachmentFiles.write(Data(title.utf8), to: path, in: folder.url)
        note.attachments = [path]
        try store.commit(.putNote(note))
        return try #require(store.contents.notes[note.id])
    }

    @Test func aNotePutBackAfterADeleteForGoodGetsItsFilesBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.holdingStore(folder)
        defer { store.close() }
        let note = try Self.noteWithFile("Scan", in: store, folder: folder)
        try store.commit(.deleteNote(note.id))
        #expect(!AttachmentFiles.exists(note.attachments[0], in: folder.url))
        #expect(store.heldAttachmentNoteIDs == [note.id])

        try store.commit(.putNote(note))
        #expect(try AttachmentFiles.read(note.attachments[0], in: folder.url) == Data("Scan".utf8))
        #expect(store.heldAttachmentNoteIDs.isEmpty)
        let report = StoreDoctor.examine(at: store.url)
        #expect(report.isHealthy && report.notices.isEmpty, "\(report)")
    }

    @Test func aStoreWithoutTheOptionRemovesTheFilesAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        let note = try Self.noteWithFile("Scan", in: store, folder: folder)
        try store.commit(.deleteNote(note.id))
        #expect(!FileManager.default.fileExists(atPath: folder.file("attachments/\(note.id.uuidString)").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file("attachments-held").path))
    }

    @Test func theNextWriterRemovesWhatAKilledSessionHeldAndNeverALiveOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let live = try Self.holdingStore(folder)
        defer { live.close() }
        let kept = try Self.noteWithFile("Kept for undo", in: live, folder: folder)
        try live.commit(.deleteNote(kept.id))
        // What a killed session leaves: a session folder and a lock file nobody holds.
        let dead = folder.file("attachments-held/\(UUID().uuidString)")
        let deadNote = dead.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: deadNote, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: deadNote.appendingPathComponent("a.txt"))
        #expect(FileManager.default.createFile(atPath: dead.path + ".lock", contents: nil))
        var notices = StoreDoctor.examine(at: live.url).notices
        #expect(notices.contains { $0.contains(deadNote.path) && $0.contains("killed") }, "\(notices)")
        #expect(notices.contains { $0.contains(kept.id.uuidString) && $0.contains("undo can bring them back") }, "\(notices)")

        let next = try NotesStore.open(at: folder.file("notes.json"))
        next.close()
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(!FileManager.default.fileExists(atPath: dead.path + ".lock"))
        notices = StoreDoctor.examine(at: live.url).notices
        #expect(notices.count == 1 && notices[0].contains(kept.id.uuidString), "\(notices)")

        // The live session still brings the note back whole.
        try live.commit(.putNote(kept))
        #expect(try AttachmentFiles.read(kept.attachments[0], in: folder.url) == Data("Kept for undo".utf8))
    }

    @Test func aNoteThatCameBackWithoutItsFolderGetsTheMissingFilesOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Self.holdingStore(folder)
        defer { store.close() }
        var note = try Self.noteWithFile("Scan", in: store, folder: folder)
        try store.commit(.deleteNote(note.id))
        // Meanwhile a file of the same note arrived (as sync writes one before its commit).
        let second = try AttachmentPath("attachments/\(note.id.uuidString)/b.txt")
        try AttachmentFiles.write(Data("new".utf8), to: second, in: folder.url)
        note.attachments.append(second)
        try store.commit(.putNote(note))
        #expect(try AttachmentFiles.read(note.attachments[0], in: folder.url) == Data("Scan".utf8))
        #expect(try AttachmentFiles.read(second, in: folder.url) == Data("new".utf8))
        #expect(StoreDoctor.examine(at: store.url).notices.isEmpty)
    }

    @Test func doctorListsAFileInANotesFolderThatTheNoteDoesNotName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        let note = try Self.noteWithFile("Scan", in: store, folder: folder)
        store.close()
        let stray = folder.file("attachments/\(note.id.uuidString)/copy of a.txt")
        try Data("x".utf8).write(to: stray)

        let report = StoreDoctor.examine(at: folder.file("notes.json"))
        #expect(report.isHealthy, "a stray file is a notice, not a problem")
        #expect(report.notices.count == 1)
        #expect(report.notices.first?.contains(stray.path) == true)
        #expect(report.notices.first?.contains("\"Scan\"") == true)
        #expect(report.notices.first?.contains("move it elsewhere to keep it") == true, "\(report.notices)")
    }
}
