import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// The JSON export carries each category's archive bytes, and import keeps them.
@Suite struct JSONExportArchiveTests {
    private func export(_ database: NotesDatabase) throws -> Data {
        Data(try JSONExchange.document(of: database).jsonBytes())
    }

    @Test func exportThenImportKeepsAForeignArchiveByteForByte() throws {
        // Given a store whose category's color was read from a foreign archive
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let foreign = try ColorArchiveSamples.foreign(try SerializableColor(hex: "#C0FFEE"))
        let source = try NotesStore.open(at: url)
        let category = Category(name: "Foreign", color: try ColorArchive.unarchive(foreign))
        try source.commit([.putCategory(category), .putNote(Note(title: "In it", categoryID: category.id))])
        let file = folder.file("export.json")
        try export(source.contents).write(to: file)
        source.close()

        // When the export is imported into another store
        let targetURL = folder.file("target/notes.json")
        try FileManager.default.createDirectory(at: targetURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let batch = ImportReader().read(paths: [file.path])
        #expect(batch.skipped.isEmpty)
        let target = try NotesStore.open(at: targetURL)
        try target.commit(Importer.plan(batch.bundle, into: target.contents).changes)
        try target.compactNow()
        target.close()

        // Then the archive's bytes are the foreign ones, in the export and in the new store
        let document = try JSONValue.parse(Data(contentsOf: file))
        #expect(document["categories"]?.arrayValue?.first?["archive"]?.stringValue == foreign.base64EncodedString())
        #expect(try String(contentsOf: targetURL, encoding: .utf8).contains(foreign.base64EncodedString()))
    }

    @Test func anArchiveOfAnotherColorThanTheColorMemberIsNotUsed() throws {
        let archive = ColorArchive.canonicalArchive(of: try SerializableColor(hex: "#112233")).base64EncodedString()
        let text = """
            {"format": "notes-export", "version": 1, "categories": [
              {"name": "Edited", "color": {"hex": "#445566"}, "archive": "\(archive)"},
              {"name": "Broken", "color": {"hex": "#778899"}, "archive": "AAAA"},
              {"name": "Only archive", "archive": "\(archive)"}],
             "notes": []}
            """
        let bundle = try JSONExchange.read(Data(text.utf8), file: "x.json")
        #expect(bundle.categories.map(\.color.hex) == ["#445566", "#778899", "#112233"])
        #expect(bundle.categories[0].color.sourceArchive == nil)
        #expect(bundle.categories[2].color.sourceArchive?.base64EncodedString() == archive)
    }
}
