import Foundation
import NotesTestData
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore

@Suite struct DoctorTests {
    /// A store with a category and `count` notes in the snapshot, plus one journaled note.
    private func makeStore(notes count: Int) throws -> (TemporaryFolder, URL) {
        let (folder, url) = try StoreFixtures.store()
        let store = try NotesStore.open(at: url)
        try store.commit([.putCategory(Category(name: "Work"))] + (1...count).map {
            .putNote(Note(title: "note \($0)", created: Date(timeIntervalSinceReferenceDate: Double($0))))
        })
        try store.compactNow()
        try store.commit(.putNote(Note(title: "journaled", created: Date(timeIntervalSinceReferenceDate: 1_000))))
        store.close()
        return (folder, url)
    }

    @Test func salvageReadsPastBracesAndJSONInsideTitlesAndBodies() throws {
        // Given a snapshot whose notes hold braces and JSON text, cut so it does not parse
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let braces = String(repeating: "{", count: 5_000)
        try store.commit([
            .putNote(Note(title: braces, body: "{\"id\": \"not a note\"} { \"title\": 1 }",
                          created: Date(timeIntervalSinceReferenceDate: 1))),
            .putNote(Note(title: "after the braces", created: Date(timeIntervalSinceReferenceDate: 2))),
            .putNote(Note(title: "last", created: Date(timeIntervalSinceReferenceDate: 3))),
        ])
        try store.compactNow()
        store.close()
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count - 40).write(to: url)

        // When the doctor examines it
        let report = StoreDoctor.examine(at: url)

        // Then every complete note is found, and the JSON inside strings is not taken for notes
        #expect(!report.isHealthy)
        #expect(report.readableNotes == 2)
    }

    @Test func aHealthyStoreIsHealthyAndSalvageLeavesItAlone() throws {
        let (folder, url) = try makeStore(notes: 3)
        defer { folder.remove() }
        let before = try Data(contentsOf: url)
        let report = StoreDoctor.examine(at: url)
        #expect(report.isHealthy)
        #expect(report.readableNotes == 4)
        #expect(report.description == "\(url.path): healthy (4 notes, 1 category)")
        let salvaged = try StoreDoctor.salvage(at: url)
        #expect(salvaged.actions.isEmpty)
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func aTruncatedStoreIsSalvagedWithABackup() throws {
        let (folder, url) = try makeStore(notes: 10)
        defer { folder.remove() }
        let whole = try Data(contentsOf: url)
        let cut = whole.prefix(whole.count * 2 / 3)
        try cut.write(to: url)
        #expect(throws: StoreError.self) { try NotesStore.open(at: url) }

        let report = StoreDoctor.examine(at: url)
        #expect(!report.isHealthy)
        #expect(report.problems.first?.place?.hasPrefix("line ") == true)
        #expect(report.problems.first?.message.contains("end of") == true, "\(report)")
        #expect(try Data(contentsOf: url) == cut)

        let salvaged = try StoreDoctor.salvage(at: url)
        let backup = try #require(salvaged.actions.first { $0.hasPrefix("kept the original \(url.path) at ") })
        let backupPath = String(backup.dropFirst("kept the original \(url.path) at ".count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: backupPath)) == cut)
        let store = try NotesStore.open(at: url)
        #expect(store.contents.categories.count == 1)
        // Most snapshot notes were readable; the journaled one is replayed.
        #expect(store.contents.notes.count == salvaged.readableNotes)
        #expect(store.contents.notes.count >= 6)
        #expect(store.contents.notes.values.contains { $0.title == "journaled" })
        #expect(StoreDoctor.examine(at: url).isHealthy)
    }

    @Test func aGarbledJournalLineIsReportedAndSkipped() throws {
        let (folder, url) = try makeStore(notes: 1)
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "later")))
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacingOccurrences(of: "journaled", with: "JOURNALED")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal)

        let report = StoreDoctor.examine(at: url)
        #expect(report.problems == [DoctorProblem(file: journal.path, place: "line 1", message: "checksum mismatch; skipped")])
        _ = try StoreDoctor.salvage(at: url)
        let reopened = try NotesStore.open(at: url)
        #expect(reopened.contents.notes.values.map(\.title).sorted() == ["later", "note 1"])
    }

    @Test func aNewerStoreIsNotSalvaged() throws {
        let (folder, url) = try StoreFixtures.store("future.json")
        defer { folder.remove() }
        #expect(!StoreDoctor.examine(at: url).isHealthy)
        #expect(throws: StoreError.tooNew(file: url.path, found: 99, supported: StoreSchema.formatVersion)) { try StoreDoctor.salvage(at: url) }
        #expect(try Data(contentsOf: url) == StoreFixtures.bytes("future.json"))
    }

    @Test func aBadColorArchiveIsReportedByCategoryName() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        store.close()
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"categories\": []", with: """
            "categories": [{"id": "7A000000-0000-4000-8000-000000000009", "name": "Broken", "color": "AAAA"}]
            """)
        try Data(text.utf8).write(to: url)
        let report = StoreDoctor.examine(at: url)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.message.hasPrefix("category 'Broken': its color archive could not be read") == true)
        #expect(report.readableCategories == 1)
    }
}

@Suite struct DoctorJournalArchiveTests {
    @Test func aBadArchiveThatCameInThroughTheJournalIsReported() throws {
        // Given a store whose category arrived in a journal line (written by another process,
        // checksum and all) with an archive of another program's color class
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let bad = try ArchiveFixtures.catalogColorArchive()
        let color = try SerializableColor(hex: "#123456").keeping(sourceArchive: bad)
        try store.commit(.putCategory(Category(name: "Journaled", color: color)))
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        #expect(try String(contentsOf: journal, encoding: .utf8).contains(bad.base64EncodedString()))

        // When the doctor examines it
        let report = StoreDoctor.examine(at: url)

        // Then it names the category, the class found and the journal line
        #expect(!report.isHealthy)
        #expect(report.problems.count == 1)
        let problem = try #require(report.problems.first)
        #expect(problem.file == journal.path)
        #expect(problem.place == "line 1")
        #expect(problem.message.hasPrefix("category 'Journaled': its color archive could not be read"))
        #expect(problem.message.contains("'NSColor'"))
    }
}
