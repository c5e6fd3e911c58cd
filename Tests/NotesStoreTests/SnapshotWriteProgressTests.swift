import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// What a long write of a snapshot tells `NotesStore.snapshotProgress`: the notes written
/// so far, of all of them, from none to all, a few thousand notes apart.
@Suite struct SnapshotWriteProgressTests {
    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number)",
             created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)))
    }

    /// Every call of `snapshotProgress` during `work`.
    func told(_ store: NotesStore, during work: () throws -> Void) rethrows -> [(written: Int, total: Int)] {
        var calls: [(written: Int, total: Int)] = []
        store.snapshotProgress = { calls.append(($0, $1)) }
        defer { store.snapshotProgress = nil }
        try work()
        return calls
    }

    @Test func aSnapshotCommitCountsItsNotesUpToAllOfThem() throws {
        let folder = try TemporaryFolder(prefix: "notes-write-progress")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        let trashed = note(0)
        try store.commit(.putNote(trashed))
        try store.commit(.trashNote(trashed.id, at: Date()))
        let total = 5_000 + 1  // the trashed note is written too
        let calls = try told(store) {
            try store.commit(writing: .snapshot) { _ in (1...5_000).map { .putNote(note($0)) } }
        }

        #expect(calls.map(\.written) == [0, 2_048, 4_096, total])
        #expect(calls.allSatisfy { $0.total == total })
    }

    @Test func anInlineCompactionCountsToo() throws {
        let folder = try TemporaryFolder(prefix: "notes-write-progress")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        try store.commit((1...3).map { .putNote(note($0)) })
        let calls = try told(store) { try store.compactNow() }
        #expect(calls.map(\.written) == [0, 3])
        #expect(calls.allSatisfy { $0.total == 3 })
    }

    @Test func withoutACallbackTheSnapshotIsTheSame() throws {
        let folder = try TemporaryFolder(prefix: "notes-write-progress")
        defer { folder.remove() }
        let notes = (1...3_000).map(note)
        var snapshots: [Data] = []
        for (name, counted) in [("a.json", false), ("b.json", true)] {
            let url = folder.file(name)
            let store = try NotesStore.open(at: url)
            if counted { store.snapshotProgress = { _, _ in } }
            try store.commit(writing: .snapshot) { _ in notes.map(StoreChange.putNote) }
            store.close()
            snapshots.append(try Data(contentsOf: url))
        }
        #expect(snapshots[0] == snapshots[1])
    }
}
