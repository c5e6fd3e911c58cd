import Foundation
import NotesTestData
import Testing
import NotesModel
import NotesStore

/// What a snapshot commit (a bulk import) tells `NotesStore.applyProgress` while it applies
/// its changes: the changes applied so far, of all of them; an error it throws stops the
/// commit with the store as it was.
@Suite struct SnapshotApplyProgressTests {
    private struct Stop: Error {}

    private func changes(_ count: Int) -> [StoreChange] {
        (1...count).map { .putNote(Note(title: "Note \($0)", body: "body \($0)")) }
    }

    @Test func theChangesAreCountedFromNoneToAll() throws {
        let folder = try TemporaryFolder(prefix: "notes-apply-progress")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        var calls: [(applied: Int, total: Int)] = []
        store.applyProgress = { calls.append(($0, $1)) }

        try store.commit(writing: .snapshot) { _ in changes(5_000) }

        #expect(calls.map(\.applied) == [0, 2_048, 4_096, 5_000])
        #expect(calls.allSatisfy { $0.total == 5_000 })
        #expect(store.contents.notes.count == 5_000)
    }

    @Test func anErrorFromTheCountLeavesTheStoreAsItWas() throws {
        let folder = try TemporaryFolder(prefix: "notes-apply-progress")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        try store.commit(.putNote(Note(title: "Before", body: "kept")))
        try store.compactNow()
        let before = try Data(contentsOf: url)
        store.applyProgress = { applied, _ in if applied >= 2_048 { throw Stop() } }

        #expect(throws: Stop.self) { try store.commit(writing: .snapshot) { _ in changes(5_000) } }

        #expect(try Data(contentsOf: url) == before)
        #expect(store.contents.notes.values.map(\.title) == ["Before"])
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes.values.map(\.title) == ["Before"])
    }
}
