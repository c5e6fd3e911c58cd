import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// A note's attachments are files of `attachments/<its own id>/` and nothing else: an
/// import refuses a note naming `notes.json`, the journal, the sync repository's files or
/// another note's folder (with the file and the place), an export copies no such file, and
/// `notes doctor` reports one already stored. The real store, in a temporary folder.
@Suite struct AttachmentOwnershipTests {
    private static let owner = UUID(uuidString: "11111111-2222-3333-4444-555555555555") ?? UUID()
    private static let other = UUID(uuidString: "99999999-2222-3333-4444-555555555555") ?? UUID()

    @Test(arguments: ["notes.json", "notes.json.journal", ".git/config", "sync/.git/config",
                      "attachments/99999999-2222-3333-4444-555555555555/photo.png",
                      "attachments/11111111-2222-3333-4444-555555555555/../../notes.json", "attachments/photo.png"])
    func aHostileExportNamingAFileOutsideItsNotesFolderIsRefusedWithThePlace(_ named: String) throws {
        let folder = try TemporaryFolder(prefix: "notes-ownership")
        defer { folder.remove() }
        let note = Note(id: Self.owner, title: "Hostile", body: "look", attachments: [try AttachmentPath(named)])
        try FileManager.default.createDirectory(at: folder.file("export"), withIntermediateDirectories: true)
        try Data(MarkdownExchange.document(for: note, category: nil).utf8).write(to: folder.file("export/Hostile.md"))

        let batch = ImportReader().read(paths: [folder.file("export").path])

        #expect(batch.bundle.notes.isEmpty)
        let skip = try #require(batch.skipped.first)
        #expect(skip.file.hasSuffix("export/Hostile.md"), "\(skip)")
        #expect(skip.reason.contains("attachments") && skip.reason.contains("not in the note's own folder"), "\(skip.reason)")
    }

    @Test func aNotesOwnAttachmentIsStillImported() throws {
        let folder = try TemporaryFolder(prefix: "notes-ownership")
        defer { folder.remove() }
        let path = try AttachmentPath("attachments/\(Self.owner.uuidString)/photo.png")
        let note = Note(id: Self.owner, title: "Own", body: "![](\(path.relativePath))", attachments: [path])
        try FileManager.default.createDirectory(at: folder.file("export"), withIntermediateDirectories: true)
        try AttachmentFiles.write(Data("png".utf8), to: path, in: folder.file("export"))
        try Data(MarkdownExchange.document(for: note, category: nil).utf8).write(to: folder.file("export/Own.md"))

        let batch = ImportReader().read(paths: [folder.file("export").path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.first?.attachments == [path])
        #expect(batch.attachments.files[path] == Data("png".utf8))
    }

    @Test func aJSONExportNamingAnotherNotesFileIsRefusedAtItsPlace() throws {
        let folder = try TemporaryFolder(prefix: "notes-ownership")
        defer { folder.remove() }
        let json = """
        {"format": "notes-export", "version": 1, "categories": [], "notes": [{"id": "\(Self.owner.uuidString)", "title": "T",
         "body": "", "created": "2024-01-01T00:00:00.000Z", "updated": "2024-01-01T00:00:00.000Z", "tags": [],
         "attachments": ["attachments/\(Self.owner.uuidString)/a.png", "attachments/\(Self.other.uuidString)/b.png"]}]}
        """
        try Data(json.utf8).write(to: folder.file("export.json"))

        let batch = ImportReader().read(paths: [folder.file("export.json").path])

        let skip = try #require(batch.skipped.first, "\(batch.bundle.notes)")
        #expect(skip.reason.contains("attachments[1]") && skip.reason.contains("not in the note's own folder"), "\(skip.reason)")
    }

    /// A store whose note names `notes.json` (as a hostile import once could make) and a file of its own.
    private func storeNamingItsOwnFiles() throws -> (TemporaryFolder, NotesStore, AttachmentPath) {
        let folder = try TemporaryFolder(prefix: "notes-ownership")
        let store = try NotesStore.open(at: folder.file("store/notes.json"))
        let own = try AttachmentPath("attachments/\(Self.owner.uuidString)/own.txt")
        try AttachmentFiles.write(Data("own".utf8), to: own, in: folder.file("store"))
        try store.commit(.putNote(Note(id: Self.owner, title: "Leaky", attachments: [try AttachmentPath("notes.json"), own])))
        return (folder, store, own)
    }

    @Test func anExportCopiesNothingOutsideTheNotesOwnFolder() throws {
        let (folder, store, own) = try storeNamingItsOwnFiles()
        defer { folder.remove() }
        let attachments = AttachmentExport(storeFolder: folder.file("store"))

        try MarkdownExchange.export(store.contents, to: folder.file("out"), attachments: attachments)

        #expect(!FileManager.default.fileExists(atPath: folder.file("out/notes.json").path))
        #expect(try Data(contentsOf: folder.file("out/" + own.relativePath)) == Data("own".utf8))
        #expect(attachments.copied == 1)
        #expect(attachments.missing.count == 1 && attachments.missing.first?.contains("'notes.json'") == true, "\(attachments.missing)")
    }

    @Test func doctorReportsAStoredPathOutsideTheNotesOwnFolder() throws {
        let (folder, store, _) = try storeNamingItsOwnFiles()
        defer { folder.remove() }
        store.close()

        let report = StoreDoctor.examine(at: folder.file("store/notes.json"))

        #expect(!report.isHealthy)
        let problem = try #require(report.problems.first { $0.file.hasSuffix("store/notes.json") })
        #expect(problem.message.contains("\"Leaky\"") && problem.message.contains("not in the note's own folder"), "\(problem)")
        #expect(report.problems.count == 1, "\(report.problems)")
    }
}
