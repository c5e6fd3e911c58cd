import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// A store opened for a few notes takes more in later (`load(touching:)`, a rename's
/// linking notes): what it then holds of them is what a whole open gives, and a reload
/// (the journal replaced, another process's compaction) keeps them.
@Suite struct PartialLoadTests {
    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number) ü", created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)))
    }

    func compactedStore() throws -> (TemporaryFolder, URL, [Note]) {
        let folder = try TemporaryFolder(prefix: "notes-partial-load")
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        let notes = (0..<40).map(note)
        try store.commit(notes.map { .putNote($0) })
        try store.compactNow()
        store.close()
        return (folder, url, notes)
    }

    @Test func notesLoadedLaterAreThoseAWholeOpenGives() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let partial = try NotesStore.open(at: url, touching: [notes[0].id.uuidString])
        defer { partial.close() }
        #expect(partial.isPartial)
        // Another process changes one of them after this store was opened.
        let writer = try NotesStore.open(at: url)
        var changed = notes[5]
        changed.body = "changed elsewhere"
        try writer.commit(.putNote(changed))

        try partial.load(touching: [notes[5].id, notes[6].id, UUID()])

        #expect(partial.isPartial)
        #expect(partial.contents.notes.count == 3)
        #expect(partial.contents.notes[notes[5].id]?.body == "changed elsewhere")
        #expect(partial.contents.notes[notes[6].id] == writer.contents.notes[notes[6].id])
        writer.close()
    }

    @Test func aCompactionElsewhereKeepsThemLoaded() throws {
        let (folder, url, notes) = try compactedStore()
        defer { folder.remove() }
        let partial = try NotesStore.open(at: url, touching: [notes[0].id.uuidString])
        defer { partial.close() }
        try partial.load(touching: [notes[7].id])
        let writer = try NotesStore.open(at: url)
        try writer.commit(.putNote(note(100)))
        try writer.compactNow()
        writer.close()

        #expect(try partial.refresh())

        #expect(partial.isPartial)
        #expect(partial.contents.notes.count == 2)
        #expect(partial.contents.notes[notes[7].id] == notes[7])
        #expect(partial.contents.notes[notes[0].id] == notes[0])
    }
}
