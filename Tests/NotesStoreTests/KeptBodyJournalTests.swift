import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// Issue 11: renaming, tagging or moving a very long note commits a short journal line
/// that keeps the body the note has (format 5), instead of writing the whole body again.
@Suite struct KeptBodyJournalTests {
    /// A long body with escapes and non-ASCII text, above the default threshold.
    static let longBody = (0..<4_000).map { "line \($0) \"quoted\" \\ café 👍" }.joined(separator: "\n")

    /// Options that never compact, so the journal lines stay to be looked at.
    static let noCompaction = NotesStoreOptions(compactionMinimumBytes: .max)

    static func journalBytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url))))
    }

    /// A store whose one long note is in the snapshot (so its body is held there).
    static func storeWithLongNote() throws -> (TemporaryFolder, URL, Note) {
        let (folder, url) = try StoreFixtures.store()
        let store = try NotesStore.open(at: url)
        let note = Note(title: "Log", body: longBody, tags: ["log"])
        try store.commit([.putNote(note)])
        try store.compactNow()
        store.close()
        return (folder, url, note)
    }

    @Test func renamingALongNoteWritesALineWithoutItsBodyThatReadsBackWhole() throws {
        let (folder, url, note) = try Self.storeWithLongNote()
        defer { folder.remove() }
        let writer = try NotesStore.open(at: url)
        let watcher = try NotesStore.open(at: url)
        defer { writer.close(); watcher.close() }

        var renamed = try #require(writer.contents.notes[note.id])
        renamed.title = "Log (renamed)"
        renamed.tags.insert("kept")
        try writer.commit([.putNote(renamed)])

        let journal = try Self.journalBytes(url)
        #expect(journal.count < 1_000, "the line holds the note's fields, not its \(Self.longBody.utf8.count) bytes of body")
        #expect(!String(decoding: journal, as: UTF8.self).contains("\"body\""))
        // Another process reads the line and keeps the body it has.
        _ = try watcher.refresh()
        #expect(watcher.contents.notes[note.id]?.title == "Log (renamed)")
        #expect(watcher.contents.notes[note.id]?.body == Self.longBody)
        // And so does a fresh open, and the compacted snapshot after it.
        let reopened = try NotesStore.open(at: url)
        #expect(reopened.contents.notes[note.id]?.body == Self.longBody)
        #expect(reopened.contents.notes[note.id]?.tags == ["log", "kept"])
        try reopened.compactNow()
        reopened.close()
        let compacted = try NotesStore.open(at: url)
        defer { compacted.close() }
        #expect(compacted.contents == watcher.contents)
    }

    @Test func aChangedBodyAShortBodyAndANewNoteAreWrittenWhole() throws {
        let (folder, url, note) = try Self.storeWithLongNote()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url, options: Self.noCompaction)
        defer { store.close() }
        var edited = try #require(store.contents.notes[note.id])
        edited.body = Self.longBody + "\none more line"
        let short = Note(title: "Short", body: "short body")
        try store.commit([.putNote(edited), .putNote(short)])
        var renamedShort = short
        renamedShort.title = "Short (renamed)"
        try store.commit([.putNote(renamedShort)])
        let journal = String(decoding: try Self.journalBytes(url), as: UTF8.self)
        #expect(journal.components(separatedBy: "\"body\"").count - 1 == 3)
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes[note.id]?.body == Self.longBody + "\none more line")
        #expect(reopened.contents.notes[short.id]?.title == "Short (renamed)")
    }

    @Test func aNoteInTheTrashKeepsItsBodyAndUndoingARenameToo() throws {
        let (folder, url, note) = try Self.storeWithLongNote()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url, options: Self.noCompaction)
        defer { store.close() }
        let original = try #require(store.contents.notes[note.id])
        var renamed = original
        renamed.title = "Renamed"
        try store.commit([.putNote(renamed)])
        try store.commit([.putNote(original)])  // what undo commits
        var trashed = original
        trashed.deleted = Date(timeIntervalSinceReferenceDate: 800_000_000)
        try store.commit([.putNote(trashed)])
        #expect(try Self.journalBytes(url).count < 2_000)
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.trash[note.id]?.body == Self.longBody)
        #expect(reopened.contents.trash[note.id]?.title == original.title)
    }

    @Test func aLineKeepingTheBodyOfAMissingNoteIsReportedNotApplied() throws {
        let (folder, url, note) = try Self.storeWithLongNote()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        var renamed = try #require(store.contents.notes[note.id])
        renamed.title = "Renamed"
        try store.commit([.putNote(renamed)])
        try store.commit([.putNote(Note(title: "after"))])
        store.close()
        // The snapshot without the note the first line keeps the body of: the line cannot
        // be applied, which is damage, reported with its place.
        let empty = try NotesStore.open(at: folder.file("empty.json"))
        try empty.compactNow()
        empty.close()
        try FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: folder.file("empty.json"), to: url)
        #expect {
            _ = try NotesStore.open(at: url)
        } throws: { error in
            "\(error)".contains("line 1") && "\(error)".contains("keeps the body of note \(note.id.uuidString)")
        }
        // `doctor --salvage` reads what it can: the line is skipped, the next one kept.
        let report = try StoreDoctor.salvage(at: url)
        #expect(report.problems.contains { $0.description.contains("keeps the body of note") })
        let salvaged = try NotesStore.open(at: url)
        defer { salvaged.close() }
        #expect(salvaged.contents.notes.values.map(\.title) == ["after"])
    }

    @Test func aFormat4StoreMigratesWithItsJournalFoldedIn() throws {
        let (folder, url) = try StoreFixtures.store("v4.json")
        defer { folder.remove() }
        let journal = NotesStore.journalPath(for: url)
        try StoreFixtures.bytes("v4.json.journal").write(to: URL(fileURLWithPath: journal))

        let store = try NotesStore.open(at: url)

        #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".v4.backup")) == StoreFixtures.bytes("v4.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal + ".v4.backup")) == StoreFixtures.bytes("v4.json.journal"))
        #expect(store.migrationReport?.contains("from format 4 to \(StoreSchema.formatVersion)") == true)
        #expect(store.contents.notes.values.map(\.title).sorted() == ["After the snapshot", "Long log (renamed)", "Standup notes"])
        #expect(store.contents.notes.values.first { $0.title == "Standup notes" }?.tags == ["daily", "standup"])
        #expect(store.contents.notes.values.first { $0.title == "Long log (renamed)" }?.body.hasPrefix("line 0 of a long note") == true)
        #expect(store.contents.trash.values.map(\.title).sorted() == ["Groceries é😀", "Old idea"])
        #expect(Set(store.contents.categories.values.map(\.name)) == ["Home", "Work"])
        #expect(store.contents.categories.values.first { $0.name == "Work" }?.color.hex == "#46FF00")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).isEmpty)
        #expect(try SnapshotCodec.readVersion([UInt8](Data(contentsOf: url))) == StoreSchema.formatVersion)
        let contents = store.contents
        store.close()
        let again = try NotesStore.open(at: url)
        defer { again.close() }
        #expect(again.migrationReport == nil)
        #expect(again.contents == contents)
    }

    @Test func onlyAJournalLineMayLeaveTheBodyOut() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit([.putNote(Note(title: "kept", body: "short body"))])
        try store.compactNow()
        store.close()
        let text = try String(contentsOf: url, encoding: .utf8)
        let withoutBody = text.replacingOccurrences(of: "\n      \"body\": \"short body\",", with: "")
        #expect(withoutBody != text)
        try Data(withoutBody.utf8).write(to: url)
        #expect {
            _ = try NotesStore.open(at: url)
        } throws: { error in
            "\(error)".contains("a note without member 'body'")
        }
    }
}
