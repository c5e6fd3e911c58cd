import Foundation
import Testing
import NotesModel

/// `notes list`'s plain lines show a kind's letter before the title, where the app's list
/// shows it (before a pin's `*`); a plain note shows none.
@Suite struct PlainListKindLetterTests {
    @Test func eachKindButNoteShowsItsLetterBeforeTheTitle() throws {
        let day = Date(timeIntervalSince1970: 0)
        func note(_ number: Int, _ title: String, _ kind: NoteKind, pinned: Bool = false) throws -> Note {
            Note(id: try #require(UUID(uuidString: "0000000\(number)-0000-0000-0000-000000000000")), title: title,
                 created: day, kind: kind, pinned: pinned)
        }
        let notes = [try note(1, "Plain", .note), try note(2, "Monday", .journal), try note(3, "Manual", .reference),
                     try note(4, "Groceries", .checklist), try note(5, "Today", .journal, pinned: true)]
        let database = NotesDatabase(notes: notes)
        let output = PlainOutput(timeZone: try #require(TimeZone(identifier: "UTC")))

        #expect(output.listLines(notes, in: database) == [
            "00000001  1970-01-01 00:00  -  Plain",
            "00000002  1970-01-01 00:00  -  J Monday",
            "00000003  1970-01-01 00:00  -  R Manual",
            "00000004  1970-01-01 00:00  -  C Groceries",
            "00000005  1970-01-01 00:00  -  J * Today",
        ])
        #expect(NoteKind.allCases.map(\.letter) == [nil, "C", "J", "R"])
    }
}
