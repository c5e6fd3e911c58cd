import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesModel
import NotesExchange

/// Exports leave the trash out unless asked; with `--include-trash` it reads back into the trash.
@Suite struct TrashExchangeTests {
    private func database() throws -> NotesDatabase {
        let work = Category(name: "Work")
        let created = ISODate.rounded(Date(timeIntervalSince1970: 1_714_572_207.123))
        var database = NotesDatabase(notes: [
            Note(title: "Live", created: created, categoryID: work.id),
            Note(title: "Binned", body: "old words", created: created.addingTimeInterval(1), categoryID: work.id, tags: ["x"]),
        ], categories: [work])
        let binned = try #require(database.notes.values.first { $0.title == "Binned" })
        try database.apply(.trashNote(binned.id, at: created.addingTimeInterval(60)))
        return database
    }

    @Test func exportsLeaveTheTrashOutUnlessAsked() throws {
        let database = try database()
        #expect(ExchangeBundle(database).notes.map(\.title) == ["Live"])
        #expect(ExchangeBundle(database, includeTrash: true).notes.map(\.title) == ["Live", "Binned"])
    }

    @Test func jsonWithTheTrashReadsBackIntoTheTrash() throws {
        let database = try database()
        let text = try JSONExchange.document(of: database, includeTrash: true).serialized()
        let bundle = try JSONExchange.read(Data(text.utf8), file: "export.json")
        var imported = NotesDatabase()
        try imported.apply(Importer.plan(bundle, into: imported).changes)
        #expect(imported.notes.values.map(\.title) == ["Live"])
        #expect(imported.trash == database.trash)
    }

    @Test func markdownWithTheTrashReadsBackIntoTheTrash() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try database()
        #expect(try MarkdownExchange.export(database, to: folder.file("out"), includeTrash: true) == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("out").path)
        let texts = try names.map { try String(contentsOf: folder.file("out/\($0)"), encoding: .utf8) }
        #expect(texts.filter { $0.contains("\ndeleted: 2024-05-01T14:04:27.123Z\n") }.count == 1)
        var imported = NotesDatabase()
        let batch = ImportReader().read(paths: [folder.file("out").path])
        #expect(batch.skipped.isEmpty)
        try imported.apply(Importer.plan(batch.bundle, into: imported).changes)
        #expect(imported.trash == database.trash)
    }

    @Test func importingANoteThatIsInTheTrashSkipsIt() throws {
        let database = try database()
        let bundle = ExchangeBundle(database, includeTrash: true)
        let plan = try Importer.plan(bundle, into: database)
        #expect(plan.changes.isEmpty)
    }
}
