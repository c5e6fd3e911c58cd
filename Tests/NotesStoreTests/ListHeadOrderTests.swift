import Foundation
import NotesTestBasics
import Testing
@testable import NotesModel
@testable import NotesStore

/// The list head of a snapshot written by a bulk import (a snapshot commit) is exactly the
/// whole list's first notes when many notes share a date: the writer compares notes by
/// their list keys and, for equal keys, by title and id, also past the first pruning.
@Suite struct ListHeadOrderTests {
    /// `count` notes over a few dates only (ties everywhere, at the head's last place too),
    /// a tenth pinned and a twentieth trashed, written as one snapshot commit.
    func importedStore(count: Int, dates: Int, seed: UInt64) throws -> (TemporaryFolder, URL) {
        var random = SeededRandom(seed: seed)
        let folder = try TemporaryFolder(prefix: "notes-list-head-order")
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let changes = (0..<count).map { _ -> StoreChange in
            let updated = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(random.int(0...(dates - 1))))
            let deleted = random.chance(0.05) ? updated : nil
            return .putNote(Note(title: "Note \(random.int(0...30))", body: "", created: updated, updated: updated,
                                 deleted: deleted, pinned: random.chance(0.1)))
        }
        _ = try store.commit(writing: .snapshot) { _ in changes }
        return (folder, url)
    }

    @Test(arguments: [(5_000, 3, UInt64(1)), (5_000, 40, 2), (2_600, 1, 3), (3_000, 2_000, 4)])
    func theHeadIsTheWholeListsFirstNotes(count: Int, dates: Int, seed: UInt64) throws {
        let (folder, url) = try importedStore(count: count, dates: dates, seed: seed)
        defer { folder.remove() }
        let head = try SnapshotHead.read(for: url)
        let whole = try NotesStore.open(at: url)
        defer { whole.close() }
        let list = whole.contents.notes.values.sorted(by: NoteListOrder.updated.precedes)
        #expect(head.entries.count == SnapshotHead.capacity)
        #expect(head.entries.map(\.id) == list.prefix(SnapshotHead.capacity).map(\.id))
        #expect(head.liveCount == list.count)
    }
}
