import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesExchange

/// The rules the general Markdown reader follows for other tools' files (issue 24): where
/// `#` is a tag, the separator after the header, dates that cannot be read, dates in file
/// names, templates, and files told apart by their contents.
@Suite struct ImportRulesTests {
    private let utc = ImportDate(timeZone: TimeZone(identifier: "UTC") ?? .current)

    private func date(_ text: String) -> Date? { ISODate.parse(text) }

    private func importFolder(_ files: [String: String], modified: Date? = nil) throws -> (ImportBatch, TemporaryFolder) {
        let folder = try TemporaryFolder()
        for (path, text) in files {
            let url = folder.file("vault/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path) }
        }
        var reader = ImportReader()
        reader.dates = utc
        return (reader.read(paths: [folder.file("vault").path]), folder)
    }

    // MARK: Tags

    @Test func aHashThatIsNotATagIsNotOne() {
        let body = """
        [x](#faq) and ![img](pic.png#small) [[Page#Heading]]
        ## Install {#install}
        Para {: #id .class}
        color: #ddd; background: #ff8800
        <p style="color: #abc">html #inside-tag-text</p> <!-- #comment -->
        https://x.org/#frag and www.y.org/ #real
        `#span` and ``#double ` span`` then #after-span
        <style>
        #sidebar { color: red; }
        </style>
        ~~~
        #tilde-fence
        ~~~

            #indented-code
        - item
            #continued-in-list
        """
        #expect(InlineTags.find(in: body) == ["inside-tag-text", "real", "after-span", "continued-in-list"])
    }

    @Test func inlineTagsAtLineStartAfterBlanksAndNotOnlyDigits() {
        #expect(InlineTags.find(in: "#one two #two/sub- #3 x#no (#paren) #日本") == ["one", "two/sub", "日本"])
        #expect(InlineTags.find(in: "#[[Tokyo Trip]] #a", logseq: true) == ["Tokyo Trip", "a"])
        #expect(InlineTags.find(in: "#[[Tokyo Trip]]") == [], "not a tag in Obsidian")
    }

    @Test func headerTagsFromListsStringsAndKeywords() throws {
        let (batch, folder) = try importFolder([
            "a.md": "---\ntitle: A\ntags: \"#one, two\"\n---\n",
            "b.md": "---\ntitle: B\ntag: [three]\n---\n",
            "c.md": "---\ntitle: C\nkeywords:\n  - four\n  - \"[[Five]]\"\n---\n",
        ])
        defer { folder.remove() }

        let tags = Dictionary(uniqueKeysWithValues: batch.bundle.notes.map { ($0.title, $0.tags) })
        #expect(tags == ["A": ["one", "two"], "B": ["three"], "C": ["four", "five"]])
    }

    // MARK: Titles and bodies

    @Test func aliasesAreNeverTheTitle() throws {
        let (batch, folder) = try importFolder(["note-file.md": "---\naliases: [Other Name]\n---\nText\n"])
        defer { folder.remove() }

        #expect(batch.bundle.notes.map(\.title) == ["note-file"])
        #expect(batch.bundle.notes.first?.tags == [])
    }

    @Test func theBlankLineAfterTheHeaderIsNotTheBodysAndTheRestIsByteForByte() throws {
        let (batch, folder) = try importFolder([
            "yaml.md": "---\ntitle: Y\n---\n\n\n  indented\r\nline  \n",
            "crlf.md": "---\r\ntitle: C\r\n---\r\n\r\nbody\r\n",
            "toml.md": "+++\ntitle = 'T'\n+++\n\nbody\n",
            "none.md": "---\ntitle: N\n---\nbody\n",
        ])
        defer { folder.remove() }

        let bodies = Dictionary(uniqueKeysWithValues: batch.bundle.notes.map { ($0.title, $0.body) })
        #expect(bodies == ["Y": "\n  indented\r\nline  ", "C": "body", "T": "body", "N": "body"])
    }

    // MARK: Dates

    @Test func datesOtherToolsWrite() {
        #expect(utc.parse("1636490000000") == date("2021-11-09T20:33:20Z"), "13 digits are milliseconds")
        #expect(utc.parse("1636490000") == date("2021-11-09T20:33:20Z"), "10 digits are seconds")
        #expect(utc.parse("99999999999") == date("5138-11-16T09:46:39Z"), "11 digits are still seconds")
        #expect(utc.parse("28/09/2021 20:57") == date("2021-09-28T20:57:00Z"))
        #expect(utc.parse("28/09/2021") == date("2021-09-28T00:00:00Z"))
        #expect(utc.parse("09/28/2021 20:57:05") == date("2021-09-28T20:57:05Z"), "month first when day first is no date")
        #expect(utc.parse("31/02/2021") == nil)
        #expect(utc.fileName("20240105091500") == date("2024-01-05T09:15:00Z"))
        #expect(utc.fileName("2020_09_14") == date("2020-09-14T00:00:00Z"))
        #expect(utc.fileName("2024-01-05-title") == date("2024-01-05T00:00:00Z"))
        #expect(utc.fileName("2024-01-050") == nil)
        #expect(utc.fileName("20241305091500") == nil)
    }

    @Test func aDateThatCannotBeReadFallsBackToTheFilesDateWithAWarningNamingTheField() throws {
        let modified = try #require(date("2022-06-01T12:00:00Z"))
        let (batch, folder) = try importFolder([
            "note.md": "---\ntitle: Kept\ncreated: next tuesday\nupdated: [a, b]\n---\nbody\n",
        ], modified: modified)
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let note = try #require(batch.bundle.notes.first)
        #expect(note.created == modified && note.updated == modified)
        #expect(batch.warnings.map(\.reason) == [
            "line 3, 'created': 'next tuesday' is not a date (2024-03-15, 2024-03-15 10:30, 2024-03-15T10:30:00+01:00, "
                + "28/09/2021 20:57, Unix seconds or milliseconds); the file's date is used",
            "line 4, 'updated': expected a single date; the file's date is used",
        ])
    }

    @Test func aTemplateThatIsNotYAMLSaysWhy() throws {
        let (batch, folder) = try importFolder(["tpl.md": "---\ntitle: {{title}} notes\n---\n"])
        defer { folder.remove() }

        let reason = try #require(batch.skipped.first?.reason)
        #expect(reason.hasPrefix("front matter line 2: not valid YAML"))
        #expect(reason.hasSuffix("'{{title}}' is a template placeholder: this file is a template, fill it in or quote the value"))
    }

    // MARK: Detection by content

    @Test func anEnexOrAZipIsReadByContentWhateverItsName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("<?xml version=\"1.0\"?>\n<en-export><note><title>Hi</title><content>x</content></note></en-export>\n".utf8)
            .write(to: folder.file("notes.md"))
        try Data([0x50, 0x4B, 0x03, 0x04, 0x00]).write(to: folder.file("backup.md"))

        let batch = ImportReader().read(paths: [folder.file("notes.md").path, folder.file("backup.md").path])

        #expect(batch.bundle.notes.map(\.title) == ["Hi"], "read as Evernote, not as Markdown holding XML")
        #expect(batch.skipped.map(\.file) == [folder.file("backup.md").path])
        #expect(batch.skipped.first?.reason.hasPrefix("not a readable zip archive") == true, "a zip, however broken, is never a note")
        #expect(ImportReader(format: .markdown).read(paths: [folder.file("notes.md").path]).bundle.notes.first?.title == "notes",
                "--from markdown still reads it as Markdown")
    }

    /// nb's own test notebook holds `example-firefox-bookmarks-backup.json` next to its notes:
    /// a folder's JSON that is no export notes reads is ignored like an image, not an error.
    /// Named on its own, or broken, it is still an error with its reason.
    @Test func aFoldersOtherJSONIsIgnoredNotAnError() throws {
        let (batch, folder) = try importFolder([
            "example.md": "# Example Title\n\nExample body with *formatting*.\n",
            "example-firefox-bookmarks-backup.json": "{\"guid\": \"root________\", \"title\": \"\", \"children\": []}\n",
            "broken.json": "{\"format\": \"notes-export\", ",
        ])
        defer { folder.remove() }

        #expect(batch.bundle.notes.map(\.title) == ["Example Title"])
        #expect(batch.ignored == 1)
        #expect(batch.skipped.map(\.file) == [folder.file("vault").path + "/broken.json"], "a broken file is still reported")
        let alone = ImportReader().read(paths: [folder.file("vault/example-firefox-bookmarks-backup.json").path])
        #expect(alone.skipped.first?.reason.contains("not a notes export") == true, "named on its own, it is an error")
    }
}
