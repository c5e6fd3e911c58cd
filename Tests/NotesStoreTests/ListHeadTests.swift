import Foundation
import NotesTestBasics
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// The list head (`notes.json.head`): written with every snapshot, read back, merged with
/// the journal into exactly the whole store's first notes, and never used when it is
/// missing, stale or damaged.
@Suite struct ListHeadTests {
    static let base = 700_000_000.0

    /// A store of `count` notes (some pinned, some trashed, a few ids sharing 9 characters)
    /// in two categories, compacted so that it has a snapshot, an index and a head.
    func compactedStore(count: Int, seed: UInt64) throws -> (TemporaryFolder, URL, [Note]) {
        var random = SeededRandom(seed: seed)
        let folder = try TemporaryFolder(prefix: "notes-list-head")
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let work = Category(name: "Work"), home = Category(name: "Home life")
        var notes: [Note] = []
        for number in 0..<count {
            // Every 50th shares its first 9 characters with the one before: prefix length 10.
            let id = number % 50 == 1 ? try #require(UUID(uuidString: notes[number - 1].id.uuidString.prefix(9) + "FFFF-4000-8000-00000000000\(number % 10)")) : UUID()
            let updated = Date(timeIntervalSinceReferenceDate: Self.base + Double(random.int(0...100_000)))
            notes.append(Note(id: id, title: "Note \(random.int(0...40))", body: "body \(number)", created: updated, updated: updated,
                              categoryID: random.pick([work.id, home.id, nil]), pinned: random.chance(0.02)))
        }
        try store.commit([.putCategory(work), .putCategory(home)] + notes.map { .putNote($0) })
        let trashed = notes.indices.filter { _ in random.chance(0.05) }.map { StoreChange.trashNote(notes[$0].id, at: Date(timeIntervalSinceReferenceDate: Self.base)) }
        if !trashed.isEmpty { try store.commit(trashed) }
        try store.compactNow()
        return (folder, url, notes)
    }

    /// The whole store's list, in list order.
    func wholeList(_ url: URL) throws -> (NotesStore, [Note]) {
        let whole = try NotesStore.open(at: url)
        return (whole, whole.contents.notes.values.sorted(by: NoteListOrder.updated.precedes))
    }

    @Test func theHeadIsWrittenWithTheSnapshotAndReadBack() throws {
        let (folder, url, _) = try compactedStore(count: 800, seed: 1)
        defer { folder.remove() }
        let head = try SnapshotHead.read(for: url)
        let (whole, list) = try wholeList(url)
        defer { whole.close() }
        #expect(head.entries.map(\.id) == list.prefix(SnapshotHead.capacity).map(\.id))
        #expect(head.liveCount == list.count)
        #expect(head.idPrefixLength == PlainOutput.uniquePrefixLength(in: whole.contents))
        #expect(head.idPrefixLength >= 10)
        let index = try SnapshotIndexFile(for: url)
        #expect(head.stamp == index.stamp)
    }

    @Test func aJournalEditMovesANoteIntoAndOutOfTheHead() throws {
        let (folder, url, _) = try compactedStore(count: 800, seed: 2)
        defer { folder.remove() }
        let (before, list) = try wholeList(url)
        before.close()
        var risen = list[700], fallen = list[0]
        risen.updated = Date(timeIntervalSinceReferenceDate: Self.base + 1_000_000)
        fallen.updated = Date(timeIntervalSinceReferenceDate: Self.base - 1_000_000)
        fallen.pinned = false
        let writer = try NotesStore.open(at: url)
        try writer.commit([.putNote(risen), .putNote(fallen)])
        writer.close()

        let store = try NotesStore.open(at: url, listHead: ())
        defer { store.close() }
        let head = try #require(store.listHead())
        #expect(store.isPartial)
        #expect(head.notes.contains { $0.id == risen.id })
        #expect(!head.notes.contains { $0.id == fallen.id })
        let (whole, now) = try wholeList(url)
        defer { whole.close() }
        #expect(head.notes == Array(now.prefix(head.notes.count)))
        #expect(head.notes.count >= SnapshotHead.capacity - 1)
    }

    @Test(arguments: [3, 4, 5, 6, 7, 8])
    func theHeadAndTheJournalGiveTheWholeStoresFirstNotes(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let (folder, url, notes) = try compactedStore(count: random.pick([300, 520, 900]), seed: seed)
        defer { folder.remove() }
        let writer = try NotesStore.open(at: url)
        for _ in 0..<random.int(1...30) {
            var note = random.pick(notes)
            switch random.int(0...5) {
            case 0: note.updated = Date(timeIntervalSinceReferenceDate: Self.base + Double(random.int(0...120_000)))
            case 1: note.pinned.toggle()
            case 2: if writer.contents.notes[note.id] != nil { try writer.commit(.trashNote(note.id, at: Date())) }; continue
            case 3: if writer.contents.trash[note.id] != nil { try writer.commit(.restoreNote(note.id)) }; continue
            case 4:
                let id = random.chance(0.5) ? try #require(UUID(uuidString: note.id.uuidString.prefix(11) + "EE-4000-8000-000000000000")) : UUID()
                note = Note(id: id, title: "Added", updated: Date(timeIntervalSinceReferenceDate: Self.base + Double(random.int(0...120_000))))
            default: if writer.contents.anyNote(note.id) != nil { try writer.commit(.deleteNote(note.id)) }; continue
            }
            if writer.contents.notes[note.id] != nil || writer.contents.anyNote(note.id) == nil { try writer.commit(.putNote(note)) }
        }
        writer.close()

        let store = try NotesStore.open(at: url, listHead: ())
        defer { store.close() }
        let head = try #require(store.listHead())
        let (whole, list) = try wholeList(url)
        defer { whole.close() }
        #expect(head.notes == Array(list.prefix(head.notes.count)))
        #expect(head.isWholeList ? head.notes.count == list.count : head.notes.count < list.count)
        #expect(head.liveCount == list.count)
        if let length = head.idPrefixLength { #expect(length == PlainOutput.uniquePrefixLength(in: whole.contents)) }
        if let counts = head.liveCounts { #expect(counts == whole.liveNoteCounts()) }
    }

    @Test(arguments: ["missing", "damaged", "stale"])
    func aHeadThatCannotAnswerReadsTheWholeStore(problem: String) throws {
        let (folder, url, notes) = try compactedStore(count: 600, seed: 9)
        defer { folder.remove() }
        let headPath = SnapshotHead.path(for: url)
        switch problem {
        case "missing": unlink(headPath)
        case "damaged":
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: headPath)))
            bytes[bytes.count / 2] ^= 0x40
            try Data(bytes).write(to: URL(fileURLWithPath: headPath))
        default:
            let old = try Data(contentsOf: URL(fileURLWithPath: headPath))
            let writer = try NotesStore.open(at: url)
            try writer.commit(.deleteNote(notes[0].id))
            try writer.compactNow()
            writer.close()
            try old.write(to: URL(fileURLWithPath: headPath))
        }
        let store = try NotesStore.open(at: url, listHead: ())
        defer { store.close() }
        #expect(store.listHead() == nil)
        #expect(!store.isPartial)
        let (whole, _) = try wholeList(url)
        defer { whole.close() }
        #expect(store.contents.notes == whole.contents.notes)
    }
}
