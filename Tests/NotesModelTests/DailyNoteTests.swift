import Foundation
import Testing
import NotesModel

/// Today's journal note: its title from the date format, found again the same day.
@Suite struct DailyNoteTests {
    let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    /// 2026-11-29 23:30 UTC, a Sunday.
    let late = Date(timeIntervalSince1970: 1_795_995_000)

    @Test func theTitleIsTheDateInTheFormatAndZone() throws {
        #expect(DailyNote.title(for: late, format: "yyyy-MM-dd", timeZone: utc) == "2026-11-29")
        #expect(DailyNote.title(for: late, format: "EEEE d MMMM yyyy", timeZone: utc) == "Sunday 29 November 2026")
        // The day is the user's: an hour east of UTC it is already the 30th.
        let east = try #require(TimeZone(secondsFromGMT: 3600))
        #expect(DailyNote.title(for: late, format: "yyyy-MM-dd", timeZone: east) == "2026-11-30")
        // A format that makes nothing falls back to the default.
        #expect(DailyNote.title(for: late, format: "' '", timeZone: utc) == "2026-11-29")
    }

    @Test func theDaysJournalNoteIsFoundByKindAndTitle() {
        let older = Note(title: "2026-11-29", created: Date(timeIntervalSince1970: 1), kind: .journal)
        let newer = Note(title: "2026-11-29", created: Date(timeIntervalSince1970: 2), kind: .journal)
        let sameTitleNote = Note(title: "2026-11-29")
        let database = NotesDatabase(notes: [newer, sameTitleNote, older])
        #expect(DailyNote.find(title: "2026-11-29", in: database)?.id == older.id)
        #expect(DailyNote.find(title: "2026-11-30", in: database) == nil)
        #expect(DailyNote.find(title: "2026-11-29", in: NotesDatabase(notes: [sameTitleNote])) == nil)
    }
}
