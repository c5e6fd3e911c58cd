import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesExchange

/// jrnl's own journal file and its text and Markdown exports, written by the real jrnl
/// (`Fixtures/jrnl`, see its README), read as one note per entry and compared with what
/// jrnl's JSON export of the same journal says.
@Suite struct JrnlTextTests {
    private let paris = ImportDate(timeZone: TimeZone(identifier: "Europe/Paris") ?? .current)

    private func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "jrnl", withExtension: nil, subdirectory: "Fixtures"))
        return url.appendingPathComponent(name).path
    }

    private func read(_ name: String, format: ImportFormat? = nil) throws -> ImportBatch {
        var reader = ImportReader(format: format)
        reader.dates = paris
        let batch = reader.read(paths: [try fixture(name)])
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        return batch
    }

    /// What a comparison looks at: date, title, body, tags (with `starred`), kind.
    private struct Entry: Hashable {
        let created: Date, title: String, body: String, tags: Set<String>, kind: NoteKind
        init(_ note: Note, droppingStar: Bool = false) {
            created = note.created
            title = note.title
            body = note.body
            tags = droppingStar ? note.tags.subtracting(["starred"]) : note.tags
            kind = note.kind
        }
    }

    private func entries(_ batch: ImportBatch, droppingStar: Bool = false) -> [Entry] {
        batch.bundle.notes.map { Entry($0, droppingStar: droppingStar) }
    }

    @Test func theJournalFileAndItsTextExportAreEntriesAsJrnlShowsThem() throws {
        let jrnl = entries(try read("export.json"))
        #expect(jrnl.count == 6)

        #expect(entries(try read("journal.txt")) == jrnl)
        #expect(entries(try read("export.txt")) == jrnl)
    }

    @Test func theMarkdownExportIsTheSameEntriesWithoutTheStar() throws {
        let jrnl = entries(try read("export.json"), droppingStar: true)

        let markdown = try read("export.md")

        #expect(entries(markdown) == jrnl)
        let book = try #require(markdown.bundle.notes.first { $0.title == "Notes on a book? Some thoughts:" })
        #expect(book.body == "- point one\n - point two\n\n# A heading in the body\n[10:00] a bracketed time inside",
                "the heading jrnl moved down is moved back; a bracketed time is not an entry")
    }

    @Test func eachEntryHasItsDateTitleBodyTagsAndStar() throws {
        let notes = try read("journal.txt").bundle.notes

        #expect(notes.map(\.title) == ["Ünïcödé title — with dash!", "Morning walk.", "Dinner with Ana", "A line without a body",
                                       "Notes on a book? Some thoughts:", "Same minute, second entry."])
        let dinner = notes[2]
        #expect(dinner.created == ISODate.parse("2024-01-02T17:05:00Z") && dinner.updated == dinner.created)
        #expect(dinner.body == "We talked about the trip to Lisbon.\n\nSecond paragraph with @travel tag and an email ana@example.com.")
        #expect(dinner.tags == ["travel", "starred"], "an e-mail address is not a tag")
        #expect(notes[1].tags == ["outdoors", "birds"], "jrnl lowercases tags")
        #expect(notes[5].tags == ["birds", "hash-tag"])
        #expect(notes[0].tags == ["日記"])
        #expect(notes[3].body.isEmpty)
        #expect(notes.allSatisfy { $0.kind == .journal })
    }

    @Test func fromJrnlReadsTheTextFormatsAndEntriesKeepTheirPlaces() throws {
        let batch = try read("journal.txt", format: .jrnl)

        #expect(batch.bundle.notes.count == 6)
        let places = batch.bundle.notes.indices.compactMap { batch.origins[$0]?.key.entry }
        #expect(places == ["2023-12-31 23:59", "2024-01-02 10:30", "2024-01-02 18:05", "2024-02-29 07:00",
                           "2024-03-10 21:45", "2024-03-10 21:45 #2"])
    }

    @Test func dateStampsAsJrnlWritesThem() {
        #expect(JrnlText.stamp("2024-01-02 06:05:00 PM") == .init(day: "2024-01-02", time: "18:05"))
        #expect(JrnlText.stamp("2024-01-02 12:05:00 AM") == .init(day: "2024-01-02", time: "00:05"))
        #expect(JrnlText.stamp("2024-01-02 18:05") == .init(day: "2024-01-02", time: "18:05"))
        #expect(JrnlText.stamp("2024/01/02 18:05:30") == .init(day: "2024-01-02", time: "18:05:30"))
        #expect(JrnlText.stamp("09.06.2013 15:39") == .init(day: "2013-06-09", time: "15:39"))
        #expect(JrnlText.stamp("2019-07 14:23") == .init(day: "2019-07-01", time: "14:23"))
        for notADate in ["10:00", "1", "ashasd7zdskhz7asdkjasd", "2024-01-02 25:00", "2024-01-02 13:00 PM", "x 2024-01-02"] {
            #expect(JrnlText.stamp(Substring(notADate)) == nil, "\(notADate)")
        }
    }

    @Test func textBeforeTheFirstEntryIsRefusedNotDropped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("old.journal")
        try Data("2010-06-10 15:00 A jrnl 1.x entry.\n\n[2019-08-03 12:55] A new one\nbody\n".utf8).write(to: file)

        let batch = ImportReader(format: .jrnl).read(paths: [file.path])

        #expect(batch.bundle.notes.isEmpty)
        #expect(batch.skipped.first?.reason.hasPrefix("line 1: text before the first jrnl entry (line 3)") == true)
    }

    @Test func aPlainTextNoteIsNotAJournal() throws {
        #expect(!JrnlText.isJournal("Shopping\n[x] milk\n"))
        #expect(!JrnlText.isJournal("[link](x) text\n"))
        #expect(JrnlText.isJournal("\n[2024-01-02 10:30] Title\n"))
        #expect(!JrnlText.isMarkdownExport("# 2024\n\n## January\n\nSome text\n"))
    }
}
