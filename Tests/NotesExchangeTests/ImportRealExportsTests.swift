import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesExchange

/// Imports real exports of other tools, kept in `Fixtures/real-exports` (origin and licence
/// in its README), and checks counts, titles, dates, tags, categories, trash and bodies
/// against what each tool shows for them.
@Suite struct ImportRealExportsTests {
    private func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "real-exports", withExtension: nil, subdirectory: "Fixtures"))
        return url.appendingPathComponent(name).path
    }

    private func importing(_ names: String..., format: ImportFormat? = nil) throws -> ImportBatch {
        ImportReader(format: format).read(paths: try names.map(fixture))
    }

    private func note(_ batch: ImportBatch, _ title: String) throws -> Note {
        try #require(batch.bundle.notes.first { $0.title == title }, "no note titled '\(title)' in \(batch.bundle.notes.map(\.title))")
    }

    private func date(_ text: String) -> Date? { ISODate.parse(text) }

    // MARK: Bear

    @Test func aBearBackupGivesEveryNoteWithBearsDatesTagsAndTrash() throws {
        let batch = try importing("bear/backup.bear2bk")

        #expect(batch.skipped.isEmpty, "tags.json and info.json are side files, not errors: \(batch.skipped)")
        #expect(Set(batch.bundle.notes.map(\.title)) == [
            "2023-10-11T081102Z", "Archived File", "Encrypted File", "File with asset, content, and a tag",
            "File with heading only, no content", "Trashed file",
        ])
        let tagged = try note(batch, "File with asset, content, and a tag")
        #expect(tagged.created == date("2023-10-11T05:43:33.000Z"))
        #expect(tagged.updated == date("2023-10-11T08:09:57.000Z"))
        #expect(tagged.tags == ["test-tag"])
        #expect(tagged.body == "This is a test with a tag\n#Test-Tag\n\n![](assets/acorn.jpeg)")
        #expect(tagged.deleted == nil, "a trashedDate without trashed: 1 is a note that came back from the trash")
        #expect(tagged.id == UUID(uuidString: "C4FFAFCB-F102-4FDE-84AF-4A1B21C60672"), "Bear's own id")

        let trashed = try note(batch, "Trashed file")
        #expect(trashed.deleted == date("2023-10-11T08:11:36.000Z"))
        #expect(trashed.body == "Should be deleted")

        let untitled = try note(batch, "2023-10-11T081102Z")
        #expect(untitled.body == "Has no file heading, only content in the body of the file", "an empty '# ' title line: the bundle's name")
        #expect(try note(batch, "File with heading only, no content").body == "")
    }

    @Test func anEncryptedBearNoteKeepsItsTitleAndSaysWhy() throws {
        let batch = try importing("bear/backup.bear2bk")

        let encrypted = try note(batch, "Encrypted File")
        #expect(encrypted.body.contains("encrypted in Bear"))
        #expect(batch.warnings.contains { $0.file.hasSuffix("Encrypted File.textbundle") && $0.reason.contains("encrypted in Bear") })
    }

    @Test func bearsAssetsAreAttachedToTheirNote() throws {
        let batch = try importing("bear/backup.bear2bk")

        let tagged = try note(batch, "File with asset, content, and a tag")
        let path = try AttachmentPath("attachments/C4FFAFCB-F102-4FDE-84AF-4A1B21C60672/acorn.jpeg")
        #expect(tagged.attachments == [path])
        #expect(batch.attachments.files[path]?.count == 62171)
        #expect(batch.attachments.count == 1)
        #expect(tagged.body.hasSuffix("![](assets/acorn.jpeg)"), "the body keeps its link as Bear wrote it")
    }

    @Test func aBearBackupUnzippedIntoAFolderReadsItsBundlesAndLeavesItsSideFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bundle = folder.file("Bear Notes.bear2bk/Idea.textbundle")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data("# Idea\n\nA #work thing\n".utf8).write(to: bundle.appendingPathComponent("text.md"))
        try Data(#"{"net.shinyfrog.bear": {"creationDate": "2024-01-05T09:15:00Z", "modificationDate": "2024-01-06T09:15:00Z", "archived": 1}}"#.utf8)
            .write(to: bundle.appendingPathComponent("info.json"))
        try Data([1, 2, 3]).write(to: bundle.appendingPathComponent("assets/a.png"))
        try Data(#"{"tags": [{"title": "work"}]}"#.utf8).write(to: folder.file("Bear Notes.bear2bk/tags.json"))
        try Data(#"{"version": 3, "tags": []}"#.utf8).write(to: folder.file("Bear Notes.bear2bk/backup.json"))

        let batch = ImportReader().read(paths: [folder.file("Bear Notes.bear2bk").path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.ignored == 2, "tags.json and backup.json")
        let idea = try note(batch, "Idea")
        #expect(idea.body == "A #work thing")
        #expect(idea.tags == ["work", "archived"])
        #expect(idea.created == date("2024-01-05T09:15:00Z"))
        #expect(idea.updated == date("2024-01-06T09:15:00Z"))
        #expect(idea.attachments.map { $0.relativePath.hasSuffix("/a.png") } == [true])
    }

    @Test func bearsMultiWordTagsAreOneTag() {
        let (tags, rest) = TextBundleReader.bearMultiWordTags(in: "Read #two words# and #single\n")
        #expect(tags == ["two words"])
        #expect(!rest.contains("#two"))
    }

    // MARK: TextBundle and TextPack

    @Test func aTextPackAndATextBundleFolderAreOneNoteEach() throws {
        let batch = try importing("textbundle")

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.map(\.title).sorted() == ["Bug report in tables", "Textbundle Example", "Textbundle Example"])
        for example in batch.bundle.notes where example.title == "Textbundle Example" {
            #expect(example.body.hasPrefix("This is a simple example of a textbundle package."))
            #expect(example.body.hasSuffix("![](assets/textbundle.png)"))
        }
        let packed = try #require(batch.bundle.notes.first { $0.title == "Textbundle Example" && batch.sources[batch.bundle.notes.firstIndex(of: $0) ?? 0].contains("textpack") })
        #expect(packed.created < date("2015-01-01T00:00:00Z")!, "a TextPack's note is dated by its entry in the zip (2014), not by the archive file")
        let bear = try note(batch, "Bug report in tables")
        #expect(bear.body.hasPrefix("How to reproduce crash:\n1. In last row TABLE 2"))
        #expect(bear.id == UUID(uuidString: "687106CB-664F-4053-88F6-2A946B75B891"), "Bear's export id")
    }

    @Test func aFolderHoldingTextMdAndAnotherInfoJSONIsNoTextBundle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("vault"), withIntermediateDirectories: true)
        try Data("# Plain\n\nbody\n".utf8).write(to: folder.file("vault/text.md"))
        try Data("# Other\n".utf8).write(to: folder.file("vault/other.md"))
        try Data(#"{"settings": true}"#.utf8).write(to: folder.file("vault/info.json"))

        let batch = ImportReader().read(paths: [folder.file("vault").path])

        #expect(batch.bundle.notes.map(\.title).sorted() == ["Other", "Plain"], "walked as a folder of notes")
    }

    // MARK: Simplenote

    @Test func aSimplenoteExportGivesItsNotesWithDatesAndTags() throws {
        let batch = try importing("simplenote/notes.zip")

        #expect(batch.skipped.isEmpty && batch.ignored == 0)
        #expect(batch.bundle.notes.map(\.title) == ["Sample Note", "Second Sample Note with tag", "Title only note"],
                "the .txt copies beside source/notes.json are not notes of their own")
        let sample = try note(batch, "Sample Note")
        #expect(sample.created == date("2023-11-28T19:00:41.335Z"))
        #expect(sample.updated == date("2024-08-11T11:23:05.544Z"))
        #expect(sample.tags == ["sample_tag"])
        #expect(sample.body == "- [x] is pinned\r\n- [x] has link to [Second Sample Note](simplenote://note/79e664eb-df24-4174-a481-04f841ff4036)")
        #expect(try note(batch, "Second Sample Note with tag").id == UUID(uuidString: "79e664eb-df24-4174-a481-04f841ff4036"))
        #expect(try note(batch, "Title only note").body == "")
    }

    @Test func simplenotesTrashedNotesGoToTheTrash() throws {
        let batch = try importing("simplenote-trash/simplenote.zip")

        #expect(batch.bundle.notes.count == 3)
        let trashed = try note(batch, "Welcome to Simplenote!")
        #expect(trashed.deleted == date("2021-08-26T05:21:34.712Z"))
        let pages = try note(batch, "List of Pages")
        #expect(pages.deleted == nil)
        #expect(pages.tags == ["cow", "hello"])
    }

    @Test func simplenotesExportUnzippedIntoAFolderReadsOnlyItsNotesJSON() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let notes = #"{"activeNotes": [{"id": "x1", "content": "Hello\r\n\r\nWorld", "creationDate": "2024-01-05T09:15:00.000Z", "lastModified": "nonsense", "tags": ["a"]}], "trashedNotes": []}"#
        try FileManager.default.createDirectory(at: folder.file("export/source"), withIntermediateDirectories: true)
        try Data(notes.utf8).write(to: folder.file("export/source/notes.json"))
        try Data("Hello\r\n\r\nWorld\n\nTags:\n  a\n".utf8).write(to: folder.file("export/Hello.txt"))

        let batch = ImportReader().read(paths: [folder.file("export").path])

        #expect(batch.skipped.isEmpty)
        #expect(batch.bundle.notes.map(\.title) == ["Hello"])
        let hello = try #require(batch.bundle.notes.first)
        #expect(hello.body == "World")
        #expect(hello.created == date("2024-01-05T09:15:00.000Z"))
        #expect(hello.updated >= hello.created)
        #expect(batch.warnings.map(\.reason) == ["activeNotes[0], 'lastModified': 'nonsense' is not a date; the file's date is used"])
    }

    // MARK: Evernote

    @Test func anEvernoteExportGivesNotesWithDatesTagsAndItsNotebook() throws {
        let batch = try importing("evernote")

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.count == 8)
        let tagged = try note(batch, "test -note with text only")
        #expect(tagged.created == date("2018-10-06T08:43:49Z"))
        #expect(tagged.updated == date("2018-10-06T08:44:11Z"))
        #expect(tagged.tags == ["tag1", "tag2"])
        #expect(tagged.body == "This is the content")
        #expect(batch.bundle.categories.first { $0.id == tagged.categoryID }?.name == "test-noteWithNotebookNameAndTags",
                "the notebook is the export's file name")
    }

    @Test func enmlBecomesMarkdownAsEvernoteShowsIt() throws {
        let batch = try importing("evernote")

        #expect(try note(batch, "test - headings").body == "# Large\n\n## Medium\n\n### Small\n\nbody")
        #expect(try note(batch, "test - sublists").body == "- Level1\n  - Level2\n    - Level3")
        #expect(try note(batch, "External Link").body == "[url: https://444.hu/](https://444.hu/)")
        #expect(try note(batch, "text styles").body
            == "This is an underline text\n**This is a bold text**\n*This is an italic text*\nThis is a highlighted text")
        let checklist = try note(batch, "test-checkbox.v10.48").body
        #expect(checklist.hasPrefix("- [ ] Checklist item 1\n  - [ ] Nested item 1a\n  - [x] Nested checked item\n- [x] Checked checklist item 2"))
        #expect(checklist.contains("[link](https://example.com/?a=1&b=2)"))
        #expect(try note(batch, "Encryption").body
            == "This is NOT an encrypted test\n(encrypted text: it can only be read in Evernote)\nThis is NOT an encrypted test again")
    }

    @Test func anEvernoteAttachmentIsAttachedAndLinkedWhereItWas() throws {
        let batch = try importing("evernote/test-pdfAttachment.enex")

        let pdf = try note(batch, "pdfAttachment")
        let path = "attachments/\(pdf.id.uuidString)/sample.pdf"
        #expect(pdf.body == "Note with PDF attachment\n\n[sample.pdf](\(path))", "found by the MD5 that <en-media hash> names")
        #expect(pdf.attachments.map(\.relativePath) == [path])
        let bytes = try #require(batch.attachments.files[try AttachmentPath(path)])
        #expect(bytes.starts(with: Data("%PDF".utf8)))
        #expect(batch.warnings.isEmpty)
    }

    // MARK: Notesnook

    /// No real Notesnook export was found to keep; this file is written as Notesnook's own
    /// exporter writes "Markdown with front matter" (`packages/core/src/utils/templates/md.ts`:
    /// `title` as JSON, `created_at`/`updated_at` in its default `DD-MM-YYYY hh:mm A`, `tags`
    /// joined by ", ", then `# Title` and the content).
    @Test func notesnooksMarkdownExportKeepsItsDatesTagsAndTitleOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = """
            ---
            title: "Groceries: week 2"
            created_at: 05-01-2024 09:15 AM
            updated_at: 06-01-2024 08:30 PM
            pinned: true
            tags: home, food
            ---

            # Groceries: week 2

            - [ ] milk

            """
        try Data(file.utf8).write(to: folder.file("Groceries- week 2.md"))
        var reader = ImportReader()
        reader.dates = ImportDate(timeZone: .gmt)

        let batch = reader.read(paths: [folder.file("Groceries- week 2.md").path])

        let note = try #require(batch.bundle.notes.first)
        #expect(batch.skipped.isEmpty && batch.warnings.isEmpty, "\(batch.skipped) \(batch.warnings)")
        #expect(note.title == "Groceries: week 2")
        #expect(note.body == "- [ ] milk", "the title Notesnook repeats as a heading is not kept twice")
        #expect(note.created == date("2024-01-05T09:15:00Z"))
        #expect(note.updated == date("2024-01-06T20:30:00Z"))
        #expect(note.tags == ["home", "food"])
    }

    @Test func dayFirstDatesWithDashesAndTwelveHourTimes() {
        let dates = ImportDate(timeZone: .gmt)
        #expect(dates.parse("25-11-2026 12:05 AM") == date("2026-11-25T00:05:00Z"))
        #expect(dates.parse("25-11-2026 12:05 PM") == date("2026-11-25T12:05:00Z"))
        #expect(dates.parse("25-11-2026") == date("2026-11-25T00:00:00Z"))
        #expect(dates.parse("25-11-2026 13:05 PM") == nil)
        #expect(dates.parse("2026-11-25") == date("2026-11-25T00:00:00Z"), "ISO dates are read as before")
    }

    // MARK: Forcing

    @Test func fromForcesAToolsFormatOnAnyName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let enex = try Data(contentsOf: URL(fileURLWithPath: try fixture("evernote/test-headings.enex")))
        try enex.write(to: folder.file("headings.xml"))
        let json = #"{"activeNotes": [{"content": "Only\nthis", "creationDate": "2024-01-05T09:15:00Z"}]}"#
        try Data(json.utf8).write(to: folder.file("simple.data"))

        #expect(ImportReader(format: .enex).read(paths: [folder.file("headings.xml").path]).bundle.notes.map(\.title) == ["test - headings"])
        #expect(ImportReader(format: .simplenote).read(paths: [folder.file("simple.data").path]).bundle.notes.map(\.title) == ["Only"])
        #expect(ImportReader(format: .bear).read(paths: [folder.file("simple.data").path]).skipped.first?.reason.hasPrefix("not a zip archive") == true)
    }
}
