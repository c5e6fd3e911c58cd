import Foundation
import NotesTestData
import Testing
import NotesModel
import NotesStore

/// `AttachmentFiles` never goes through a link, never overwrites; a note deleted for good in
/// a real store takes its folder with it, one moved to the trash keeps it.
@Suite struct AttachmentFilesTests {
    @Test func writesReadsAndNeverOverwritesAnotherFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try AttachmentPath("attachments/\(UUID().uuidString)/a.png")

        #expect(try AttachmentFiles.write(Data([1, 2, 3]), to: path, in: folder.url))
        #expect(try AttachmentFiles.read(path, in: folder.url) == Data([1, 2, 3]))
        #expect(try !AttachmentFiles.write(Data([1, 2, 3]), to: path, in: folder.url), "the same bytes again: kept")
        #expect(throws: AttachmentFiles.Failure.self) { try AttachmentFiles.write(Data([9]), to: path, in: folder.url) }
        #expect(try AttachmentFiles.read(path, in: folder.url) == Data([1, 2, 3]))
    }

    @Test func aLinkOnTheWayIsNeverFollowed() throws {
        let folder = try TemporaryFolder()
        let outside = try TemporaryFolder()
        defer { folder.remove(); outside.remove() }
        let id = UUID()
        try FileManager.default.createDirectory(at: folder.file("attachments"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.file("attachments/\(id.uuidString)"), withDestinationURL: outside.url)
        try Data("secret".utf8).write(to: outside.file("a.png"))
        let path = try AttachmentPath("attachments/\(id.uuidString)/a.png")

        #expect(throws: AttachmentFiles.Failure.self) { try AttachmentFiles.read(path, in: folder.url) }
        #expect(throws: AttachmentFiles.Failure.self) {
            try AttachmentFiles.write(Data("x".utf8), to: try AttachmentPath("attachments/\(id.uuidString)/b.png"), in: folder.url)
        }
        #expect(!AttachmentFiles.exists(path, in: folder.url))
        #expect(!FileManager.default.fileExists(atPath: outside.file("b.png").path))

        try AttachmentFiles.removeFolder(of: id, in: folder.url)
        #expect(try String(contentsOf: outside.file("a.png"), encoding: .utf8) == "secret", "the link goes, never what it points at")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.file("attachments/\(id.uuidString)").path)) == nil)
    }

    @Test func deletingANoteForGoodRemovesItsFolderAndTheTrashKeepsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        let kept = Note(title: "Kept"), gone = Note(title: "Gone")
        for note in [kept, gone] {
            let path = try AttachmentPath("attachments/\(note.id.uuidString)/a.txt")
            try AttachmentFiles.write(Data(note.title.utf8), to: path, in: folder.url)
            var withFile = note
            withFile.attachments = [path]
            try store.commit(.putNote(withFile))
        }

        try store.commit([.trashNote(kept.id, at: Date()), .trashNote(gone.id, at: Date())])
        try store.commit(.restoreNote(kept.id))
        try store.commit(.deleteNote(gone.id))

        #expect(FileManager.default.fileExists(atPath: folder.file("attachments/\(kept.id.uuidString)/a.txt").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file("attachments/\(gone.id.uuidString)").path))
        let report = StoreDoctor.examine(at: folder.file("notes.json"))
        #expect(report.isHealthy && report.notices.isEmpty, "\(report)")
    }
}
