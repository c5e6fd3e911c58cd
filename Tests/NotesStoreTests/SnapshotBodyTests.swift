import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// Opening leaves note bodies in the copied snapshot, and that is invisible to users
/// of the store; a snapshot rewritten in place by another program is noticed before
/// anything is written, and the bodies already read stay as they were.
@Suite struct SnapshotBodyTests {
    /// A compacted store with the sample notes and some bodies with escapes and Unicode.
    private func compactedStore() throws -> (TemporaryFolder, URL, NotesDatabase) {
        let (folder, url) = try StoreFixtures.store()
        let (work, notes) = try StoreFixtures.sample()
        let store = try NotesStore.open(at: url)
        try store.commit([.putCategory(work)] + notes.map { .putNote($0) })
        try store.commit((0..<20).map { index in
            .putNote(Note(title: "n\(index)", body: index % 2 == 0 ? "plain \(index)" : "tab\there \"q\" 😀\n\(index)"))
        })
        try store.compactNow()
        let expected = store.contents
        store.close()
        return (folder, url, expected)
    }

    @Test func bodiesAreReadFromTheSnapshotOnlyWhenAskedFor() throws {
        let (folder, url, expected) = try compactedStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }

        for note in store.contents.notes.values {
            guard case .inSnapshot = note.bodyStorage else {
                Issue.record("note '\(note.title)' was decoded with its body")
                continue
            }
            #expect(note.body == expected.notes[note.id]?.body)
            #expect(note.withBodyUTF8 { Array($0) } == Array(note.body.utf8))
            #expect(note.bodyUTF8CountBound >= note.body.utf8.count)
        }
        #expect(store.contents == expected)

        var edited = try #require(store.contents.notes.values.first)
        edited.body = "new text"
        guard case .text("new text") = edited.bodyStorage else {
            Issue.record("an edited body is held as text")
            return
        }
    }

    @Test func compactingCopiesBodiesStillInTheSnapshotExactly() throws {
        let (folder, url, expected) = try compactedStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let moved = try #require(store.contents.notes.values.first { $0.body.contains("😀") })
        var renamed = moved
        renamed.title = "renamed"
        try store.commit(.putNote(renamed))  // its body is still in the snapshot: the journal copies it
        try store.compactNow()
        store.close()

        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes[moved.id]?.body == moved.body)
        #expect(reopened.contents.notes[moved.id]?.title == "renamed")
        for (id, note) in expected.notes where id != moved.id {
            #expect(reopened.contents.notes[id] == note)
        }
    }

    @Test func aSnapshotRewrittenInPlaceWhileOpenIsNoticedAndNothingIsWritten() throws {
        let (folder, url, expected) = try compactedStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        let journalBefore = try Data(contentsOf: journal)

        // Another program writes the file in place (not by rename), making it longer.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: " "), count: 64))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n\n".utf8))
        try handle.close()

        #expect(throws: StoreError.self) { try store.commit(.putNote(Note(title: "after"))) }
        #expect(try Data(contentsOf: journal) == journalBefore)
        for note in store.contents.notes.values {
            #expect(note.body == expected.notes[note.id]?.body, "the private copy keeps every body")
        }
        let plain = try #require(store.contents.notes.values.first { $0.title == "n2" })  // a body without escapes
        #expect(plain.withBodyUTF8 { String(decoding: $0, as: UTF8.self) } == "plain 2")
    }

    @Test func aBodyInTheSnapshotIsComparedByItsBytes() throws {
        let (folder, url, _) = try compactedStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let escaped = try #require(store.contents.notes.values.first { $0.title == "n1" })
        let plain = try #require(store.contents.notes.values.first { $0.title == "n2" })
        #expect(escaped.withBodyBytes(\.isEscaped) && !plain.withBodyBytes(\.isEscaped))
        for stored in [escaped, plain] {
            let text = stored.body
            #expect(stored.hasSameBody(as: Note(title: "t", body: text)))
            #expect(Note(title: "t", body: text).hasSameBody(as: stored))
            #expect(!stored.hasSameBody(as: Note(title: "t", body: text + "x")), "longer")
            #expect(!stored.hasSameBody(as: Note(title: "t", body: String(text.dropLast()))), "shorter")
            #expect(!stored.hasSameBody(as: Note(title: "t", body: String(text.dropLast()) + "#")), "same length")
        }
        #expect(!escaped.hasSameBody(as: plain))
    }
}
