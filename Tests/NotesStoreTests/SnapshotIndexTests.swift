#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// The index beside the snapshot and the partial open that reads through it (PRODUCT §3
/// "No stall": a command costs what it touches). What a partial store holds must always
/// be what a whole open gives for the notes it names; an index that is missing, stale or
/// damaged is noticed, the whole store read instead, and the index rebuilt.
@Suite struct SnapshotIndexTests {
    let work = Category(name: "Work")
    let home = Category(name: "Home")

    func note(_ number: Int, category: Category?) -> Note {
        Note(title: "Note \(number)", body: "body \(number) ünïcode \u{1F600}\n\"quoted\"",
             created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)),
             categoryID: category?.id, tags: ["t\(number % 3)"])
    }

    /// A compacted store (snapshot and index) of 60 notes in two categories, 5 of them in the trash.
    func compactedStore() throws -> (TemporaryFolder, URL, [Note]) {
        let folder = try TemporaryFolder(prefix: "notes-index")
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        let notes = (0..<60).map { note($0, category: $0 % 3 == 0 ? nil : ($0 % 3 == 1 ? work : home)) }
        try store.commit([.putCategory(work), .putCategory(home)] + notes.map { .putNote($0) })
        try store.commit(notes.prefix(5).map { .trashNote($0.id, at: Date(timeIntervalSinceReferenceDate: 710_000_000)) })
        try store.compactNow()
        store.close()
        #expect(FileManager.default.fileExists(atPath: SnapshotIndex.path(for: url)))
        return (folder, url, notes)
    }

    func whole(_ url: URL) throws -> NotesStore { try NotesStore.open(at: url) }

    func expectSame(_ ids: [UUID], partial: NotesStore, whole: NotesStore) {
        for id in ids {
            #expect(partial.contents.anyNote(id) == whole.contents.anyNote(id), "note \(id)")
            #expect(partial.contents.anyNote(id)?.body == whole.contents.anyNote(id)?.body)
        }
        #expect(partial.contents.categories == whole.contents.categories)
        #expect(partial.liveNoteCounts() == whole.liveNoteCounts())
    }

    @Test func aPartialOpenReadsOnlyTheNamedNotesAndGivesWhatAWholeOpenGives() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let named = [notes[10].id, notes[11].id, notes[17].id]
        let partial = try NotesStore.open(at: url, touching: named.map(\.uuidString) + [notes[13].id.uuidString.lowercased()])
        let full = try whole(url)
        #expect(partial.isPartial)
        #expect(partial.contents.notes.count == 4)  // not 55
        expectSame(named + [notes[13].id], partial: partial, whole: full)
        let trashed = try NotesStore.open(at: url, touching: [notes[0].id.uuidString])
        #expect(trashed.isPartial)
        #expect(trashed.contents.trash[notes[0].id] == full.contents.trash[notes[0].id])
    }

    @Test func aStoreWithImportRecordsAfterItsNotesStillGetsAnIndex() throws {
        let folder = try TemporaryFolder(prefix: "notes-index")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        let notes = (0..<20).map { note($0, category: work) }
        let sources = notes.map { ImportSource(key: .init(folder: "/vault", path: "\($0.title).md"), noteID: $0.id,
                                                sourceHash: "h", made: .init($0)) }
        try store.commit([.putCategory(work)] + notes.map { .putNote($0) } + sources.map { .putImportSource($0) })
        try store.compactNow()
        store.close()

        #expect(FileManager.default.fileExists(atPath: SnapshotIndex.path(for: url)))
        let partial = try NotesStore.open(at: url, touching: [notes[7].id.uuidString])
        #expect(partial.isPartial)
        expectSame([notes[7].id], partial: partial, whole: try whole(url))
        #expect(try whole(url).contents.importSources.count == 20)
    }

    @Test func prefixesResolveAsOnTheWholeStore() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let full = try whole(url)
        for note in notes.prefix(20) {
            for length in [4, 6, 9, 12, 36] {
                let text = String(note.id.uuidString.prefix(length))
                let partial = try NotesStore.open(at: url, touching: [text])
                #expect(partial.contents.note(idOrPrefix: text)?.id == full.contents.note(idOrPrefix: text)?.id, "\(text)")
                #expect(partial.contents.trashedNote(idOrPrefix: text)?.id == full.contents.trashedNote(idOrPrefix: text)?.id)
            }
        }
        // A prefix no note has: the index cannot prove that alone, so the whole store is read.
        let unknown = try NotesStore.open(at: url, touching: ["FFFFFFFF-FFFF"])
        #expect(unknown.contents.note(idOrPrefix: "FFFFFFFF-FFFF") == nil)
    }

    @Test func theJournalAfterTheSnapshotIsAppliedToWhatIsLoaded() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let writer = try whole(url)
        let added = note(100, category: work)
        var renamed = notes[10]
        renamed.title = "Renamed"
        try writer.commit([.putNote(added), .putNote(renamed)])
        try writer.commit(.trashCategory(home.id, at: Date(timeIntervalSinceReferenceDate: 720_000_000)))
        try writer.commit(.trashNote(notes[4 + 3].id, at: Date(timeIntervalSinceReferenceDate: 720_000_001)))
        writer.close()
        let full = try whole(url)
        let ids = [added.id, renamed.id, notes[2].id, notes[5].id, notes[7].id, notes[8].id]
        let partial = try NotesStore.open(at: url, touching: ids.map(\.uuidString))
        #expect(partial.isPartial)
        expectSame(ids, partial: partial, whole: full)
        #expect(partial.contents.notes[notes[2].id]?.categoryID == nil)  // its category was trashed in the journal
        // A note named by a later journal line is loaded as the earlier lines left it
        // (uncategorized: its category was trashed before).
        let later = try NotesStore.open(at: url, touching: [])
        #expect(later.isPartial)
        let other = try whole(url)
        try other.commit(.trashNote(notes[11].id, at: Date(timeIntervalSinceReferenceDate: 720_000_002)))
        #expect(try later.refresh())
        #expect(later.contents.trash[notes[11].id] != nil)
        #expect(later.contents.trash[notes[11].id] == other.contents.trash[notes[11].id])
        #expect(later.contents.trash[notes[11].id]?.categoryID == nil)
    }

    @Test func aCommitThroughAPartialStoreKeepsEveryOtherNoteAndNeverWritesASnapshot() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let before = try whole(url).contents
        let snapshot = try Data(contentsOf: url)
        var options = NotesStoreOptions(compactionMinimumBytes: 0, compactionRatio: 0)
        options.compaction = .inline  // would compact at once on a whole store
        let partial = try NotesStore.open(at: url, options: options, touching: [notes[20].id.uuidString])
        #expect(partial.isPartial)
        try partial.commit(derivedFrom: { database in
            guard var note = database.notes[notes[20].id] else { return [] }
            note.title = "Changed through the index"
            return [.putNote(note)]
        })
        let added = note(200, category: home)
        try partial.commit(.putNote(added))
        partial.close()
        #expect(try Data(contentsOf: url) == snapshot)
        let after = try whole(url).contents
        #expect(after.notes.count == before.notes.count + 1)
        #expect(after.notes[notes[20].id]?.title == "Changed through the index")
        #expect(after.notes[added.id] == added)
        for (id, note) in before.notes where id != notes[20].id { #expect(after.notes[id] == note) }
    }

    @Test(arguments: ["missing", "stale", "header", "entries", "offset"])
    func aBadIndexIsNoticedTheWholeStoreReadAndTheIndexRebuilt(damage: String) throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let indexPath = SnapshotIndex.path(for: url)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: indexPath)))
        switch damage {
        case "missing": try FileManager.default.removeItem(atPath: indexPath)
        case "stale":
            let other = try whole(url)
            try other.commit(.putNote(note(300, category: nil)))
            try other.compactNow()
            other.close()
            try Data(bytes).write(to: URL(fileURLWithPath: indexPath))  // the old index beside the new snapshot
        case "header": bytes[50] ^= 0xFF
        case "entries": bytes[bytes.count - 30] ^= 0x01  // inside an entry: its block no longer matches its checksum
        default:
            // Checksums right, but every entry points at another note's bytes.
            let snapshot = try [UInt8](Data(contentsOf: url))
            let fd = open(url.path, O_RDONLY)
            defer { close(fd) }
            let stamp = try #require(SnapshotIndex.Stamp(snapshotFD: fd, sequence: 0))
            let records = try whole(url).codec.records
            var index = try #require(snapshot.withUnsafeBufferPointer { SnapshotIndex.build(snapshot: $0, stamp: stamp, records: records) })
            let places = index.entries.map { ($0.offset, $0.length) }
            for position in index.entries.indices {
                (index.entries[position].offset, index.entries[position].length) = places[(position + 1) % places.count]
            }
            bytes = index.encoded()
        }
        if damage == "header" || damage == "entries" || damage == "offset" {
            try Data(bytes).write(to: URL(fileURLWithPath: indexPath))
            #expect(!StoreDoctor.examine(at: url).problems.filter { $0.file == indexPath }.isEmpty)
        }
        let full = try whole(url)
        let ids = notes.suffix(3).map(\.id)
        var rebuilding = NotesStoreOptions()
        rebuilding.indexRebuildMinimumBytes = 0  // the default leaves small stores without one
        let first = try NotesStore.open(at: url, options: rebuilding, touching: ids.map(\.uuidString))
        #expect(!first.isPartial)
        expectSame(ids, partial: first, whole: full)
        first.close()
        let second = try NotesStore.open(at: url, touching: ids.map(\.uuidString))
        #expect(second.isPartial)  // rebuilt by the first
        expectSame(ids, partial: second, whole: full)
        #expect(StoreDoctor.examine(at: url).isHealthy)
    }

    @Test func salvageWritesADamagedIndexAnewAndLeavesTheStoreAlone() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let indexURL = URL(fileURLWithPath: SnapshotIndex.path(for: url))
        var bytes = try [UInt8](Data(contentsOf: indexURL))
        bytes[bytes.count - 30] ^= 0x01
        try Data(bytes).write(to: indexURL)
        let snapshot = try Data(contentsOf: url)
        #expect(!StoreDoctor.examine(at: url).isHealthy)
        let report = try StoreDoctor.salvage(at: url)
        #expect(report.actions.contains { $0.contains("anew") }, "\(report)")
        #expect(try Data(contentsOf: url) == snapshot)
        #expect(StoreDoctor.examine(at: url).isHealthy)
        let partial = try NotesStore.open(at: url, touching: [notes[30].id.uuidString])
        #expect(partial.isPartial)
        #expect(partial.contents.notes[notes[30].id] == notes[30])
    }

    @Test func aSmallStoreWithoutAnIndexIsReadWholeAndNothingIsWritten() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        try FileManager.default.removeItem(atPath: SnapshotIndex.path(for: url))
        let store = try NotesStore.open(at: url, touching: [notes[20].id.uuidString, "FFFFFFFF"])
        #expect(!store.isPartial)
        #expect(store.contents.notes.count == 55)
        #expect(!FileManager.default.fileExists(atPath: SnapshotIndex.path(for: url)))
    }

    @Test func doctorFindsAHealthyIndexHealthyAndAStaleOneWorthANote() throws {
        let (folder, url, _) = try compactedStore()
        defer { folder.remove() }
        #expect(StoreDoctor.examine(at: url).isHealthy)
        let indexPath = SnapshotIndex.path(for: url)
        let old = try Data(contentsOf: URL(fileURLWithPath: indexPath))
        let store = try whole(url)
        try store.commit(.putNote(note(400, category: nil)))
        try store.compactNow()
        store.close()
        try old.write(to: URL(fileURLWithPath: indexPath))
        let report = StoreDoctor.examine(at: url)
        #expect(report.isHealthy)
        #expect(report.notices.contains { $0.contains(indexPath) })
    }

    @Test func aBackgroundCompactionWritesTheIndexOfItsSnapshot() throws {
        let folder = try TemporaryFolder(prefix: "notes-index-bg")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        var options = NotesStoreOptions(compactionMinimumBytes: 0, compactionRatio: 0)
        options.compaction = .background
        let store = try NotesStore.open(at: url, options: options)
        let notes = (0..<30).map { note($0, category: nil) }
        try store.commit(notes.map { .putNote($0) })
        try store.finishCompactionInBackground()
        store.close()
        let partial = try NotesStore.open(at: url, touching: [notes[29].id.uuidString])
        #expect(partial.isPartial)
        #expect(partial.contents.notes[notes[29].id] == notes[29])
        #expect(StoreDoctor.examine(at: url).isHealthy)
    }
}
