import Foundation
import Testing
@testable import NotesModel

/// A note's aliases: a field held with its attachments behind one reference, so a note
/// stays 128 bytes; cleaned to one line each; edited as a whole list; searched as text.
@Suite struct NoteAliasesTests {
    @Test func aNoteWithAliasesAndAttachmentsStays128Bytes() throws {
        #expect(MemoryLayout<Note>.size <= 128)
        var note = Note(title: "T", attachments: [try AttachmentPath("attachments/x/a.png")], aliases: ["A"])
        #expect(note.aliases == ["A"])
        #expect(note.attachments.map(\.relativePath) == ["attachments/x/a.png"])
        note.aliases.append("B")
        note.attachments = []
        #expect(note.aliases == ["A", "B"])
        #expect(note.attachments.isEmpty)
        #expect(note != Note(id: note.id, title: "T", created: note.created, aliases: ["B", "A"]), "the order is the user's")
        #expect(note == Note(id: note.id, title: "T", created: note.created, aliases: ["A", "B"]))
    }

    @Test func aliasesAreCleanedToOneLineEachOnce() {
        #expect(Note.cleanAliases([" Start here ", "", "  ", "two\nlines", "tab\there", "Start here", "start here"])
                == ["Start here", "two lines", "tab here", "start here"])
    }

    @Test func anAliasEditMergesAsOneFieldAndClashesAreReported() throws {
        let base = Note(title: "T", aliases: ["A"])
        var ours = base
        ours.aliases = ["A", "B"]
        let edit = NoteEdit(from: base, to: ours)
        #expect(edit.fields == [.aliases])
        var theirs = base
        theirs.title = "Other"
        let database = NotesDatabase(notes: [theirs])
        let resolution = try StoreEdit.resolve([.note(edit)], in: database, now: Date())
        var result = database
        try result.apply(resolution.changes)
        #expect(result.notes[base.id]?.aliases == ["A", "B"])
        #expect(result.notes[base.id]?.title == "Other", "a field changed elsewhere is kept")
        #expect(resolution.replaced.isEmpty)
    }

    @Test func aliasesAreSearchedTextButNotTheBody() {
        let note = Note(title: "Getting started", body: "words", aliases: ["Start here"])
        let text = SearchableNote.text(of: note, categoryName: nil)
        func found(_ query: String) -> Bool { text.withUnsafeBufferPointer { SearchQuery(query).isFound(in: $0) } }
        #expect(found("\"start here\""))
        #expect(found("start words"))
        #expect(!found("\"words start\""), "no phrase spans the body and an alias")
    }
}
