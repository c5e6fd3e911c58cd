import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// `notesChanged(after:)`: the notes commits after a sequence touched, in this process and
/// in another that reads them from the journal; nil once a snapshot folded them in.
@Suite struct NotesChangedTests {
    let work = Category(name: "Work")

    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number)", created: Date(timeIntervalSinceReferenceDate: 700_000_000))
    }

    @Test func theNotesOfTheCommitsAfterASequence() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let first = note(1), second = note(2), third = note(3)
        try store.commit([.putCategory(work), .putNote(first), .putNote(second)])
        let position = store.committedSequence
        #expect(store.notesChanged(after: position) == [])
        try store.commit([.trashNote(second.id, at: Date(timeIntervalSinceReferenceDate: 700_000_100))])
        try store.commit([.putNote(third), .putCategory(Category(name: "Home"))])
        #expect(store.notesChanged(after: position) == [second.id, third.id])
        #expect(store.notesChanged(after: 0) == [first.id, second.id, third.id])
        #expect(store.notesChanged(after: store.committedSequence + 1) == nil)

        // Another process reads the same from the journal.
        let other = try NotesStore.open(at: url)
        defer { other.close() }
        #expect(other.committedSequence == store.committedSequence)
        #expect(other.notesChanged(after: position) == [second.id, third.id])
        #expect(other.snapshotFileName == store.snapshotFileName)

        // A snapshot written after `position` folded those commits in: a store that reads it
        // cannot tell; the one that wrote it still knows, but its snapshot has another name.
        let name = store.snapshotFileName
        try store.commit([.deleteNote(first.id)])
        try store.compactNow()
        #expect(store.notesChanged(after: position) == [first.id, second.id, third.id])
        #expect(store.snapshotFileName != name)
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.notesChanged(after: position) == nil)
        #expect(reopened.notesChanged(after: reopened.committedSequence) == [])
        #expect(reopened.snapshotFileName != nil)
    }
}
