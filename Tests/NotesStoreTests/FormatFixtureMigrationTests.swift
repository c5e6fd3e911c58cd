import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// The fixtures of formats 5 to 9 (`Fixtures/v5.json` … `v9.json` and their journals) each migrate to the current format with a backup of both files and read back
/// the same notes: the journal folded in, a journal line that keeps a note's body (format 5
/// on) kept, (format 6 on) the import records of the snapshot and of a journal line, no
/// note pinned before format 8 (which added pins; its fixture pins "Standup notes"), no
/// aliases before format 9 (which added them; its fixture gives "Standup notes" two), no
/// import record naming a tool (format 10 added them: those notes' links are read as
/// before), and no warning about the older model's hashes.
@Suite struct FormatFixtureMigrationTests {
    static let longNoteID = "0D7E7974-7AF3-4BDC-97AA-5CBDE6EFA75B"

    @Test(arguments: [5, 6, 7, 8, 9])
    func aFormatStoreMigratesWithABackupAndReadsBackTheSameNotes(format: Int) throws {
        let (folder, url) = try StoreFixtures.store("v\(format).json")
        defer { folder.remove() }
        let journal = NotesStore.journalPath(for: url)
        try StoreFixtures.bytes("v\(format).json.journal").write(to: URL(fileURLWithPath: journal))
        let snapshotBefore = try Data(contentsOf: url)
        let longBody = try Self.longBody(of: snapshotBefore)

        let store = try NotesStore.open(at: url)
        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".v\(format).backup")) == StoreFixtures.bytes("v\(format).json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal + ".v\(format).backup")) == StoreFixtures.bytes("v\(format).json.journal"))
        #expect(store.migrationReport?.contains("from format \(format) to \(StoreSchema.formatVersion)") == true,
                "\(String(describing: store.migrationReport))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).isEmpty)
        #expect(try SnapshotCodec.readVersion([UInt8](Data(contentsOf: url))) == StoreSchema.formatVersion)
        try Self.expectTheFixturesNotes(store.contents, format: format, longBody: longBody)
        let all = Array(store.contents.notes.values) + Array(store.contents.trash.values)
        #expect(all.filter(\.pinned).map(\.title) == (format < 8 ? [] : ["Standup notes"]))
        #expect(all.filter { !$0.aliases.isEmpty }.map(\.aliases) == (format < 9 ? [] : [["standup", "daily.standup"]]))
        #expect(store.contents.importSources.values.allSatisfy { $0.tool == nil })
        #expect(store.warnings.isEmpty, "\(store.warnings)")

        let contents = store.contents
        store.close()
        let again = try NotesStore.open(at: url)
        defer { again.close() }
        #expect(again.migrationReport == nil)
        #expect(again.contents == contents)
    }

    /// The long note's body as the fixture's snapshot holds it (its journal line keeps it).
    static func longBody(of snapshot: Data) throws -> String {
        let document = try #require(try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])
        let notes = try #require(document["notes"] as? [[String: Any]])
        let long = try #require(notes.first { $0["id"] as? String == longNoteID })
        return try #require(long["body"] as? String)
    }

    static func expectTheFixturesNotes(_ contents: NotesDatabase, format: Int, longBody: String) throws {
        let later = format == 5 ? "After the snapshot" : "Imported later"
        #expect(contents.notes.values.map(\.title).sorted() == [later, "Long log (kept body)", "Standup notes"].sorted())
        #expect(contents.trash.values.map(\.title).sorted() == ["Groceries é😀", "Old idea"])
        let longID = try #require(UUID(uuidString: longNoteID))
        let long = try #require(contents.notes[longID])
        #expect(long.body == longBody, "the journal line without a body keeps the snapshot's")
        #expect(long.tags == ["kept", "log"])
        #expect(contents.notes.values.first { $0.title == "Standup notes" }?.tags == ["daily"])
        #expect(Set(contents.categories.values.map(\.name)) == ["Home", "Work"])
        #expect(contents.categories.values.first { $0.name == "Work" }?.color.hex == "#46FF00")

        let sources = contents.importSources.values.sorted { $0.key.path < $1.key.path }
        if format == 5 {
            #expect(sources.isEmpty)
        } else {
            #expect(sources.map(\.key.path) == ["daily/standup.md", "later.md"])
            #expect(sources.map { contents.notes[$0.noteID]?.title } == ["Standup notes", "Imported later"])
            #expect(sources.first?.sourceHash == "07349a60f506dd7b57d4dec30a91541d")
        }
    }
}
