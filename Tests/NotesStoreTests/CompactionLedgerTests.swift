import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// `notesChanged(after:readFrom:)` across compactions: the ledger written beside each new
/// snapshot (`CompactionLedger`) names the notes the commits it folded in touched, so a
/// store that reads the new snapshot still says what changed after a sequence of the old
/// one; a ledger that names another snapshot, or none, says nothing (nil).
@Suite struct CompactionLedgerTests {
    func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number)", created: Date(timeIntervalSinceReferenceDate: 700_000_000))
    }

    var ledgerSuffix: String { CompactionLedger.suffix }

    @Test func aStoreReadingTheNewSnapshotSaysWhatChangedSinceASequenceOfTheOld() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let first = note(1), second = note(2), third = note(3), fourth = note(4)
        try store.commit([.putNote(first), .putNote(second)])
        try store.compactNow()
        let (name, position) = (try #require(store.snapshotFileName), store.committedSequence)
        try store.commit([.putNote(third)])
        try store.commit([.trashNote(second.id, at: Date(timeIntervalSinceReferenceDate: 700_000_100))])
        try store.compactNow()
        #expect(store.notesChanged(after: position, readFrom: name) == [second.id, third.id], "in the process that compacted")
        try store.commit([.putNote(fourth)])

        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.notesChanged(after: position) == nil, "its contents were read after the position")
        #expect(reopened.notesChanged(after: position, readFrom: name) == [second.id, third.id, fourth.id])
        #expect(reopened.notesChanged(after: position, readFrom: "1:2:3") == nil, "a snapshot the ledger does not name")
        let current = try #require(reopened.snapshotFileName)
        #expect(reopened.notesChanged(after: reopened.committedSequence, readFrom: current) == [])

        // A second compaction carries the first one's ledger on.
        try reopened.compactNow()
        let again = try NotesStore.open(at: url)
        defer { again.close() }
        #expect(again.notesChanged(after: position, readFrom: name) == [second.id, third.id, fourth.id])
    }

    @Test func aLedgerNamingAnotherSnapshotOrNoneSaysNothing() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit([.putNote(note(1))])
        try store.compactNow()
        let (name, position) = (try #require(store.snapshotFileName), store.committedSequence)
        try store.commit([.putNote(note(2))])
        try store.compactNow()
        store.close()
        let ledgerURL = URL(fileURLWithPath: url.path + ledgerSuffix)
        let text = try String(contentsOf: ledgerURL, encoding: .utf8)
        let ledger = try #require(CompactionLedger.parse(text))
        #expect(ledger.text == text)

        var other = ledger
        other.snapshot = "9:9:9"
        try Data(other.text.utf8).write(to: ledgerURL)
        let reopened = try NotesStore.open(at: url)
        #expect(reopened.notesChanged(after: position, readFrom: name) == nil)
        reopened.close()

        for damaged in ["source", "source 1:2:3", "commit", "commit x", "commit 3 not-an-id", "snapshot 1:2:3 4"] {
            #expect(CompactionLedger.parse(text + damaged + "\n") == nil, "\(damaged)")
        }
        try Data("notes-compaction-ledger 1\nnonsense\n".utf8).write(to: ledgerURL)
        let damaged = try NotesStore.open(at: url)
        defer { damaged.close() }
        #expect(damaged.notesChanged(after: position, readFrom: name) == nil)
    }
}
