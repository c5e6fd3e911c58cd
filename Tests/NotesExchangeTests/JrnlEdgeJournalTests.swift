import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesExchange

/// jrnl's journals without a readable entry, read as jrnl 4.6 shows them (checked with
/// `jrnl --export json` on the same files): an empty journal has no entries ("no entries
/// found"); one whose headers hold no date jrnl can read (like jrnl's own
/// `tests/data/journals/unreadabledates.journal`) is one entry, its first line the title.
@Suite struct JrnlEdgeJournalTests {
    @Test func anEmptyJournalNamedOnTheCommandLineImportsNothingAndSaysSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, format) in [("work.journal", nil), ("journal.txt", ImportFormat.jrnl)] as [(String, ImportFormat?)] {
            let file = folder.file(name)
            try Data("\n".utf8).write(to: file)

            let batch = ImportReader(format: format).read(paths: [file.path])

            #expect(batch.bundle.notes.isEmpty, "\(name)")
            #expect(batch.skipped.isEmpty, "\(name)")
            #expect(batch.warnings.map(\.reason) == ["an empty jrnl journal: no entries, nothing imported"], "\(name)")
        }
    }

    @Test func aJournalWithoutAReadableDateIsOneEntryAsJrnlShowsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("garden.journal")
        try Data("[sometime last spring] Garden notes\nThe roses came back. @garden\n\n[zz-99] Later *\nStill no date.\n".utf8)
            .write(to: file)
        let modified = try #require(ISODate.parse("2024-03-01T08:30:00Z"))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)

        let batch = ImportReader().read(paths: [file.path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        let note = try #require(batch.bundle.notes.first)
        #expect(batch.bundle.notes.count == 1)
        // jrnl 4.6's JSON export of this file: one entry, this title and body, tag @garden, not starred.
        #expect(note.title == "[sometime last spring] Garden notes")
        #expect(note.body == "The roses came back. @garden\n\n[zz-99] Later *\nStill no date.")
        #expect(note.tags == ["garden"])
        #expect(note.kind == .journal)
        #expect(note.created == modified)
        #expect(batch.warnings.map(\.reason) == ["no entry date jrnl can read ('[sometime last spring]' is not one): the whole "
            + "file is one entry, as jrnl shows it, dated the file's modification time"])
    }

    @Test func aForcedJrnlImportOfUnreadableHeadersIsOneNote() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("unreadable.txt")
        // The shape of jrnl's tests/data/journals/unreadabledates.journal (its own words not copied).
        try Data("[qwpeoi7zzkq7asd] Entry subject\nNo clock here.\n\n[zzkq88aa7] Entry subject\nNor here.\n".utf8)
            .write(to: file)

        let batch = ImportReader(format: .jrnl).read(paths: [file.path])

        #expect(batch.bundle.notes.map(\.title) == ["[qwpeoi7zzkq7asd] Entry subject"])
        #expect(batch.bundle.notes.first?.body == "No clock here.\n\n[zzkq88aa7] Entry subject\nNor here.")
        #expect(batch.skipped.isEmpty)
    }

    @Test func anEncryptedJournalIsRefusedWithWhatToDo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // How jrnl 4.6 begins an encrypted journal (`JRNLv3`, NUL, then base64), and a jrnl 2 Fernet token.
        try Data("JRNLv3\u{0}0eyJzYWx0IjoibmhsOFg3RXlHTXRkcTlfQmVpRWIy".utf8).write(to: folder.file("secret.journal"))
        try Data(("gAAAAA" + String(repeating: "Bf3kQ9x_", count: 20) + "\n").utf8).write(to: folder.file("old.journal"))

        let batch = ImportReader().read(paths: [folder.url.path])

        #expect(batch.bundle.notes.isEmpty)
        #expect(batch.skipped.map(\.reason) == Array(repeating: "file: an encrypted jrnl journal: not read; import its 'jrnl --export json', "
            + "or decrypt it first ('jrnl --decrypt')", count: 2))
    }
}
