import Foundation
import Testing
import NotesBase
import NotesLinks
import NotesModel
@testable import NotesStore
import NotesTestData
@testable import NotesExchange

/// Files a vault's notes embed or link to come in as the notes' attachments, and the links,
/// kept as written, lead to them (`AttachmentLinks`); a TextBundle's `assets/x.png` too,
/// before and after `notes export`.
@Suite struct ImportEmbedsTests {
    private func fixture(_ path: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return url.appendingPathComponent(path).path
    }

    private func attachedText(_ batch: ImportBatch, _ path: AttachmentPath) -> String? {
        batch.attachments.files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func embedsAndFileLinksBecomeAttachmentsTheLinksLeadTo() throws {
        let vault = try fixture("import-tools/obsidian-embeds")
        let batch = ImportReader().read(paths: [vault])

        #expect(batch.skipped.isEmpty)
        let trip = try #require(batch.bundle.notes.first { $0.title == "Trip" })
        let names = trip.attachments.map { AttachmentLinks.fileName($0.relativePath) }
        #expect(names == ["photo.png", "doc.pdf", "x.png", "report 2024.pdf", "photo-2.png", "map.jpg"])
        #expect(trip.body == (try String(contentsOfFile: vault + "/Trip.md", encoding: .utf8)).dropLast(), "the body keeps its bytes")
        for (written, content) in [("photo.png", "photo at the root\n"), ("doc.pdf#page=2", "%PDF-1.4 doc\n"),
                                   ("assets/x.png", "asset x\n"), ("files/report 2024.pdf", "%PDF-1.4 report\n"),
                                   ("sub/photo.png", "photo in sub\n"), ("map.jpg", "a map\n")] {
            let attachment = try #require(AttachmentLinks.attachment(for: written, in: trip, order: .targetFirst), "\(written)")
            #expect(attachedText(batch, attachment) == content, "\(written)")
        }
        #expect(batch.warnings.map(\.reason) == [
            "links to the file 'missing.png', which is not in the imported folder: the link is kept, no attachment",
        ])
        #expect(batch.bundle.notes.first { $0.title == "Packing" }?.attachments.isEmpty == true)
    }

    @Test func aLinkedFileIsNeverReadThroughASymbolicLink() throws {
        let folder = try TemporaryFolder(prefix: "notes-embeds")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("vault"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: folder.file("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("vault/key.png").path,
                                                   withDestinationPath: folder.file("secret.png").path)
        try Data("![[key.png]] and ![](../secret.png)\n".utf8).write(to: folder.file("vault/Note.md"))

        let batch = ImportReader().read(paths: [folder.file("vault").path])

        let note = try #require(batch.bundle.notes.first)
        #expect(note.attachments.isEmpty)
        #expect(batch.attachments.isEmpty)
        #expect(batch.warnings.count == 2, "\(batch.warnings)")
        let reason: String = batch.warnings.first?.reason ?? ""
        #expect(reason.contains("a symbolic link, not followed"), "\(reason)")
    }

    @Test func aTextBundlesAssetLinkLeadsToItsAttachmentBeforeAndAfterExport() throws {
        let bundle = try fixture("real-exports/textbundle/Textbundle Example v2.textbundle")
        let batch = ImportReader().read(paths: [bundle])
        let note = try #require(batch.bundle.notes.first)
        let attachment = try #require(AttachmentLinks.attachment(for: "assets/textbundle.png", in: note, order: .targetFirst))
        #expect(batch.attachments.files[attachment] != nil)

        let folder = try TemporaryFolder(prefix: "notes-textbundle-export")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("store/notes.json"))
        _ = try batch.attachments.write(for: [note.id], storeFolder: folder.file("store"))
        try store.commit(.putNote(note))
        try MarkdownExchange.export(store.contents, to: folder.file("out"),
                                    attachments: AttachmentExport(storeFolder: folder.file("store")))
        let exported = try String(contentsOf: folder.file("out/\(note.title).md"), encoding: .utf8)
        #expect(exported.contains("![](\(attachment.relativePath))"), "the exported link leads to the exported file")
        #expect(FileManager.default.fileExists(atPath: folder.file("out/\(attachment.relativePath)").path))

        let again = ImportReader().read(paths: [folder.file("out").path])
        let read = try #require(again.bundle.notes.first)
        #expect(Array(read.body.utf8) == Array(note.body.utf8), "the stored bytes come back")
        #expect(AttachmentLinks.attachment(for: "assets/textbundle.png", in: read, order: .targetFirst) == attachment)
        #expect(again.attachments.files[attachment] == batch.attachments.files[attachment])
    }
}
