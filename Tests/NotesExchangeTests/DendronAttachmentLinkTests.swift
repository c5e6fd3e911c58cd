import Foundation
import NotesLinks
import NotesModel
import NotesTestData
import Testing
@testable import NotesStore
@testable import NotesExchange

/// A Dendron note's `[[see|assets/photo.png]]` names the file after the bar, as its other
/// wiki links do (decision 0081): the import brings that file in as an attachment, named in
/// the order the links name them, and the links lead to them. The same text in an Obsidian
/// vault reads target first: `see` is a note, not a file (`Fixtures/import-tools/dendron-attachments`).
/// A wiki link to a file the note holds is no missing note (the import's count, `notes links --dead`).
@Suite struct DendronAttachmentLinkTests {
    private func vault() throws -> URL {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return url.appendingPathComponent("import-tools/dendron-attachments/vault")
    }

    private func contents(_ batch: ImportBatch, _ path: AttachmentPath?) -> String? {
        path.flatMap { batch.attachments.files[$0] }.map { String(decoding: $0, as: UTF8.self) }
    }

    private func names(_ note: Note) -> [String] {
        note.attachments.map { AttachmentLinks.fileName($0.relativePath) }
    }

    @Test func aDendronNoteAttachesTheFileAfterTheBar() throws {
        let batch = ImportReader().read(paths: [try vault().path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.warnings.isEmpty, "\(batch.warnings)")
        let trip = try #require(batch.bundle.notes.first { $0.title == "Trip" })
        #expect(batch.origins.values.map(\.tool) == [.dendron])
        // In the order the body names them: the labelled link's photo first, the embed's second.
        #expect(names(trip) == ["photo.png", "photo-2.png", "report.pdf"])
        for (written, content) in [("assets/photo.png", "photo in assets\n"), ("photo.png", "photo at the root\n"),
                                   ("report.pdf", "%PDF-1.4 report\n")] {
            let attachment = AttachmentLinks.attachment(for: written, in: trip, order: .labelFirst)
            #expect(contents(batch, attachment) == content, "\(written)")
        }
    }

    @Test func itsLinksToTheFilesItHoldsAreNoMissingNotes() throws {
        let folder = try TemporaryFolder(prefix: "notes-dendron-attachments")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("store/notes.json"))
        defer { store.close() }
        let batch = ImportReader().read(paths: [try vault().path])
        try store.commit(derivedFrom: { database in
            try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, into: database).changes
        })
        let database = store.contents

        #expect(MissingLinks.count(from: database.notes.keys, in: database) == (links: 0, targets: 0))
        #expect(LinkGraph(database: database).brokenLinks { database.notes[$0] }.isEmpty)
    }

    @Test func theSameTextInAnObsidianVaultReadsTargetFirst() throws {
        let folder = try TemporaryFolder(prefix: "notes-obsidian-labelled")
        defer { folder.remove() }
        let obsidian = folder.file("vault")
        try FileManager.default.copyItem(at: try vault(), to: obsidian)
        try FileManager.default.createDirectory(at: obsidian.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)

        let batch = ImportReader().read(paths: [obsidian.path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        let trip = try #require(batch.bundle.notes.first { $0.body.contains("The route") })  // titled `trip`, by its file
        #expect(batch.origins.values.map(\.tool) == [.obsidian])
        // `[[see|assets/photo.png]]` and `[[the report|report.pdf]]` are links to the notes `see` and `the report`.
        #expect(names(trip) == ["photo.png"])
        let attachment = AttachmentLinks.attachment(for: "photo.png", in: trip, order: .targetFirst)
        #expect(contents(batch, attachment) == "photo at the root\n")
    }
}
