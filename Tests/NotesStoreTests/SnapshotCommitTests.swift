import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// A commit written as a fresh snapshot (`CommitWriting.snapshot`, a bulk import): the same
/// commit as a journal line — all of it or nothing, seen by another process, numbered after
/// the lines before it — with an empty journal and a matching index after it.
@Suite struct SnapshotCommitTests {
    let work = Category(name: "Work")

    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number) ü \u{1F600}",
             created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)),
             categoryID: number % 2 == 0 ? work.id : nil, tags: ["t\(number % 3)"])
    }

    func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? -1
    }

    @Test func aSnapshotCommitHoldsTheJournalBeforeItAndEmptiesIt() throws {
        let folder = try TemporaryFolder(prefix: "notes-snapshot-commit")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        try store.commit([.putCategory(work), .putNote(note(0))])
        #expect(size(NotesStore.journalPath(for: url)) > 0)
        let notes = (1...1_500).map(note)
        try store.commit(writing: .snapshot) { _ in notes.map(StoreChange.putNote) }
        #expect(size(NotesStore.journalPath(for: url)) == 0)
        #expect(store.contents.notes.count == 1_501)
        // The next commit is a journal line after the snapshot's number, read on reopening.
        try store.commit(.putNote(note(2_000)))
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes.count == 1_502)
        #expect(reopened.contents.notes[notes[7].id] == notes[7])
        #expect(reopened.contents.categories[work.id]?.name == "Work")
        // The index written with it describes the new snapshot: a one-note open reads through it.
        let partial = try NotesStore.open(at: url, touching: [notes[42].id.uuidString])
        defer { partial.close() }
        #expect(partial.contents.notes[notes[42].id] == notes[42])
    }

    @Test func anotherProcessSeesASnapshotCommitWhole() throws {
        let folder = try TemporaryFolder(prefix: "notes-snapshot-commit")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let writer = try NotesStore.open(at: url)
        defer { writer.close() }
        try writer.commit([.putCategory(work), .putNote(note(0))])
        let reader = try NotesStore.open(at: url)
        defer { reader.close() }
        try writer.commit(writing: .snapshot) { _ in (1...1_200).map { .putNote(note($0)) } }
        #expect(try reader.refresh())
        #expect(reader.contents.notes.count == 1_201)
        // And the reader's own commit after it lands after it, for both.
        try reader.commit(.putNote(note(5_000)))
        #expect(try writer.refresh())
        #expect(writer.contents.notes.count == 1_202)
    }

    @Test func aChangeThatBreaksARuleWritesNothing() throws {
        let folder = try TemporaryFolder(prefix: "notes-snapshot-commit")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        try store.commit([.putCategory(work), .putNote(note(0))])
        let before = try Data(contentsOf: url)
        let journal = try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url)))
        var orphan = note(9)
        orphan.categoryID = UUID()  // no such category: the model refuses it
        #expect(throws: ModelError.self) {
            try store.commit(writing: .snapshot) { _ in (1...1_000).map { .putNote(note($0)) } + [.putNote(orphan)] }
        }
        #expect(store.contents.notes.count == 1)
        #expect(try Data(contentsOf: url) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url))) == journal)
    }
}
