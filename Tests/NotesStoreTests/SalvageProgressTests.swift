import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// `notes doctor --salvage` tells how far it has come: the bytes of the snapshot and the
/// journal read (a damaged snapshot's scan at least once a MiB), then the notes it writes.
@Suite struct SalvageProgressTests {
    /// A store of `count` notes with bodies of about 500 bytes in the snapshot, and one in the journal.
    private func makeStore(notes count: Int) throws -> (TemporaryFolder, URL) {
        let (folder, url) = try StoreFixtures.store()
        let store = try NotesStore.open(at: url)
        let body = String(repeating: "salvage progress ", count: 30)
        try store.commit((1...count).map {
            .putNote(Note(title: "note \($0)", body: body, created: Date(timeIntervalSinceReferenceDate: Double($0))))
        })
        try store.compactNow()
        try store.commit(.putNote(Note(title: "journaled", created: Date(timeIntervalSinceReferenceDate: 1_000))))
        store.close()
        return (folder, url)
    }

    private func size(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    @Test func aDamagedStoreReportsTheBytesReadThenTheNotesWrittenAsTheyAre() throws {
        let (folder, url) = try makeStore(notes: 4_000)
        defer { folder.remove() }
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count * 9 / 10).write(to: url)
        let total = try size(url.path) + size(NotesStore.journalPath(for: url))
        #expect(total > 2 * StoreSalvage.progressStep)

        var events: [SalvageProgress] = []
        let report = try StoreDoctor.salvage(at: url) { events.append($0) }
        let reading = events.compactMap { event -> (Int, Int)? in
            if case .reading(let done, let total) = event { return (done, total) }
            return nil
        }
        #expect(reading.count >= 3, "the scan of a damaged snapshot reports as it goes: \(reading)")
        #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.0.0 <= $0.1.0 })
        #expect(reading.allSatisfy { $0.1 == total })
        #expect(reading.last?.0 == total)
        let writing = events.compactMap { event -> (Int, Int)? in
            if case .writing(let done, let total) = event { return (done, total) }
            return nil
        }
        // Counted as the notes are written (the damaged store has no trash): from none to all of them.
        #expect(writing.count >= 3, "\(writing)")
        #expect(writing.first?.0 == 0)
        #expect(zip(writing, writing.dropFirst()).allSatisfy { $0.0.0 <= $0.1.0 })
        #expect(writing.allSatisfy { $0.1 == report.readableNotes })
        #expect(writing.last?.0 == report.readableNotes)
    }

    @Test func aHealthyStoreIsReadAndNothingIsWritten() throws {
        let (folder, url) = try makeStore(notes: 10)
        defer { folder.remove() }
        var events: [SalvageProgress] = []
        _ = try StoreDoctor.salvage(at: url) { events.append($0) }
        #expect(!events.isEmpty)
        #expect(!events.contains { if case .writing = $0 { true } else { false } })
    }
}
