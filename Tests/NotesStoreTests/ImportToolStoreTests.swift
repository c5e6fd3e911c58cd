import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// An import record's tool (format 10) through the store: a journal line and the snapshot
/// keep it; a record without one is written as in format 9.
@Suite struct ImportToolStoreTests {
    private static func source(_ note: Note, path: String, tool: String?) -> ImportSource {
        ImportSource(key: .init(folder: "/home/ana/dendron", path: path), noteID: note.id, sourceHash: "00",
                     made: ImportSource.Made(note), tool: tool)
    }

    @Test func aRecordsToolSurvivesTheJournalAndTheSnapshot() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let dendron = Note(title: "Plans", body: "[[see|a.b]]"), plain = Note(title: "Plain")
        try store.commit([.putNote(dendron), .putNote(plain), .putImportSource(Self.source(dendron, path: "a.md", tool: "dendron")),
                          .putImportSource(Self.source(plain, path: "b.txt", tool: nil))])
        store.close()

        let fromJournal = try NotesStore.open(at: url)
        let journaled = fromJournal.contents.importSources.values.sorted { $0.key.path < $1.key.path }.map { $0.tool ?? "none" }
        #expect(journaled == ["dendron", "none"])
        try fromJournal.compactNow()
        fromJournal.close()

        let snapshot = try String(contentsOf: url, encoding: .utf8)
        #expect(snapshot.components(separatedBy: "\"tool\":").count == 2, "written for the record that names one only")
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        let tools = reopened.contents.importSources.values.sorted { $0.key.path < $1.key.path }.map { $0.tool ?? "none" }
        #expect(tools == ["dendron", "none"])
        #expect(reopened.warnings.isEmpty)
    }
}
