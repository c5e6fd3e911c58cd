import Foundation
import NotesLinks
import NotesModel
import NotesTestData
import Testing
@testable import NotesStore
@testable import NotesExchange

/// Importing a vault whose notes embed and link to files, into a real store: which notes get
/// which attachments, under which names, with which bytes, the warnings and the missing-link
/// count, as they were before the import read each body's file links in one scan
/// (`AttachmentLinks.fileLinks`).
@Suite struct ImportAttachmentStoreTests {
    private func fixture(_ path: String) throws -> URL {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return url.appendingPathComponent(path)
    }

    /// What the store holds after importing `vault`: by title, each attachment's file name and
    /// the text of its file; the warnings; the links to missing notes.
    private func imported(_ vault: URL) throws -> (files: [String: [String]], warnings: [String], missing: Int) {
        let folder = try TemporaryFolder(prefix: "notes-import-attachments")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("store/notes.json"))
        defer { store.close() }
        let batch = ImportReader().read(paths: [vault.path])
        try store.commit(derivedFrom: { database in
            try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, into: database).changes
        })
        let database = store.contents
        _ = try batch.attachments.write(for: Set(database.notes.keys), storeFolder: folder.file("store"))
        var files: [String: [String]] = [:]
        for note in database.notes.values {
            files[note.title] = note.attachments.map { path in
                let data = FileManager.default.contents(atPath: folder.file("store/" + path.relativePath).path) ?? Data()
                return AttachmentLinks.fileName(path.relativePath) + ": " + String(decoding: data, as: UTF8.self)
            }
        }
        let missing = MissingLinks.count(from: database.notes.keys, in: database).links
        return (files, batch.warnings.map(\.reason), missing)
    }

    @Test func anObsidianVaultsEmbedsAndFileLinks() throws {
        let result = try imported(try fixture("import-tools/obsidian-embeds"))
        #expect(result.files == [
            "Packing": [],
            "Trip": ["photo.png: photo at the root\n", "doc.pdf: %PDF-1.4 doc\n", "x.png: asset x\n",
                     "report 2024.pdf: %PDF-1.4 report\n", "photo-2.png: photo in sub\n", "map.jpg: a map\n"],
        ])
        #expect(result.warnings == ["links to the file 'missing.png', which is not in the imported folder: the link is kept, no attachment"])
        #expect(result.missing == 1)
    }

    @Test func aDendronVaultsLabelFirstFileLinks() throws {
        let vault = try fixture("import-tools/dendron-attachments/vault")
        let result = try imported(vault)
        let text = { (path: String) in (try? String(contentsOf: vault.appendingPathComponent(path), encoding: .utf8)) ?? "?" }
        #expect(result.files == ["Trip": ["photo.png: " + text("assets/photo.png"), "photo-2.png: " + text("photo.png"),
                                          "report.pdf: " + text("report.pdf")]])
        #expect(result.warnings.isEmpty)
        #expect(result.missing == 0)
    }
}
