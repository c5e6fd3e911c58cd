import Foundation
import NotesTestData
import Testing
import NotesJSON
@testable import NotesModel
@testable import NotesStore

/// A note's pin through the store: a field edit in the journal, the snapshot's own layout
/// (read by its fast path and by the general reader), and the order of `NoteListing`.
@Suite struct PinnedNoteStoreTests {
    @Test func aPinIsAFieldEditThatSurvivesTheJournalAndTheSnapshot() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let note = Note(title: "Keep on top", body: "b", created: Date(timeIntervalSinceReferenceDate: 1_000))
        let other = Note(title: "Other", created: Date(timeIntervalSinceReferenceDate: 2_000))
        try store.commit([.putNote(note), .putNote(other)])
        var edit = NoteEdit(noteID: note.id)
        edit.pinned = FieldChange(from: false, to: true)
        let resolution = try store.commit([.note(edit)], now: Date(timeIntervalSinceReferenceDate: 3_000))
        #expect(resolution.changes.count == 1)
        #expect(store.contents.notes[note.id]?.pinned == true)
        store.close()

        let fromJournal = try NotesStore.open(at: url)
        #expect(fromJournal.contents.notes[note.id]?.pinned == true)
        #expect(fromJournal.contents.notes[other.id]?.pinned == false)
        try fromJournal.compactNow()
        fromJournal.close()

        let snapshot = try String(contentsOf: url, encoding: .utf8)
        #expect(snapshot.components(separatedBy: "\"pinned\": true").count == 2, "written once, for the pinned note only")
        #expect(!snapshot.contains("\"pinned\": false"))
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes[note.id]?.pinned == true)
        #expect(reopened.contents.notes[other.id]?.pinned == false)
        #expect(reopened.warnings.isEmpty)
    }

    @Test func theSnapshotsFastPathReadsThePin() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let pinned = Note(title: "Pinned", body: "x", created: Date(timeIntervalSinceReferenceDate: 10), pinned: true)
        let loose = Note(title: "Loose", created: Date(timeIntervalSinceReferenceDate: 20))
        try store.commit([.putNote(pinned), .putNote(loose)])
        try store.compactNow()
        store.close()
        let bytes = Array(try Data(contentsOf: url))
        let codec = RecordCodec(transformers: try StoreSchema.transformers(from: StoreSchema.defaultRegistry()))
        for note in [pinned, loose] {
            let marker = Array("{\n      \"id\": \"\(note.id.uuidString)\"".utf8)
            let start = try #require(bytes.firstRange(of: marker)?.lowerBound)
            let read = try JSONReader.read(bytes, from: start) { (reader: inout JSONReader) throws(JSONError) in
                codec.readSnapshotNote(&reader)
            }
            #expect(read == note, "the fast path reads \(note.title) whole")
        }
    }

    @Test func aListingPutsPinnedNotesFirstInTheirOwnOrder() {
        let dates = (0..<4).map { Date(timeIntervalSinceReferenceDate: Double($0) * 100) }
        let notes = [
            Note(title: "old pinned", created: dates[0], pinned: true),
            Note(title: "new pinned", created: dates[2], pinned: true),
            Note(title: "newest", created: dates[3]),
            Note(title: "old", created: dates[1]),
        ]
        let database = NotesDatabase(notes: notes)
        #expect(NoteListing().notes(in: database).map(\.title) == ["new pinned", "old pinned", "newest", "old"])
        #expect(NoteListing(pinnedOnly: true).notes(in: database).map(\.title) == ["new pinned", "old pinned"])
    }

    @Test func theNoteValueStaysPacked() {
        #expect(MemoryLayout<Note>.size <= 128)
    }
}
