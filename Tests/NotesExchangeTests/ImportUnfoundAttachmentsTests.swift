import Foundation
import NotesModel
import NotesTestData
import Testing
@testable import NotesExchange

/// A JSON export names its notes' attachments but holds no files: imported with no
/// `attachments` folder beside it, that is one warning with the counts (not one a note);
/// with the folder there, each attachment it lacks is still a warning of its own.
@Suite struct ImportUnfoundAttachmentsTests {
    /// Three notes naming two attachments each, exported as JSON into `folder`.
    private func export(in folder: TemporaryFolder) throws -> (path: String, notes: [Note]) {
        let notes = try (1...3).map { number in
            let id = UUID()
            let paths = try ["a.png", "b.pdf"].map { try AttachmentPath("attachments/\(id.uuidString)/\($0)") }
            return Note(id: id, title: "Note \(number)", attachments: paths)
        }
        let path = folder.file("export.json").path
        try Data(try JSONExchange.text(of: NotesDatabase(notes: notes))).write(to: URL(fileURLWithPath: path))
        return (path, notes)
    }

    @Test func noAttachmentsFolderIsOneWarningWithTheCounts() throws {
        let folder = try TemporaryFolder(prefix: "notes-unfound-attachments")
        defer { folder.remove() }
        let (path, _) = try export(in: folder)
        let batch = ImportReader().read(paths: [path])
        #expect(batch.bundle.notes.count == 3)
        #expect(batch.warnings.map(\.description) == [
            path + ": 3 notes name 6 attachments, but no 'attachments' folder is beside it: the notes keep their "
                + "names, the store will not have the files (a JSON export holds none; 'notes export --format markdown' writes them)",
        ])
    }

    /// Counts are grouped as every other count the import prints ("1,989 notes").
    @Test func largeCountsAreGrouped() {
        var unfound = UnfoundAttachments()
        for _ in 0..<1_989 { unfound.add(2, from: "/x/export.json", in: "/x") }
        #expect(unfound.warnings().map(\.reason).first?.hasPrefix("1,989 notes name 3,978 attachments, but") == true)
    }

    @Test func withTheFolderEachMissingFileIsAWarning() throws {
        let folder = try TemporaryFolder(prefix: "notes-unfound-attachments")
        defer { folder.remove() }
        let (path, notes) = try export(in: folder)
        let held = try #require(notes.first?.attachments.first)
        let file = folder.file(held.relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("png".utf8).write(to: file)
        let batch = ImportReader().read(paths: [path])
        #expect(batch.attachments.files[held] == Data("png".utf8))
        #expect(batch.warnings.count == 5, "\(batch.warnings)")
        #expect(batch.warnings.allSatisfy { $0.reason.hasSuffix("; the note names it, the store will not have it") })
    }
}
