import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesModel
import NotesExchange

/// Folders in the style of the tools people come from, written by hand from each tool's
/// documented format, read by `ImportReader`. Dates without a zone are read in Paris time.
@Suite struct ImportToolsTests {
    private let paris = ImportDate(timeZone: TimeZone(identifier: "Europe/Paris") ?? .current)

    private func date(_ text: String) -> Date? { ISODate.parse(text) }

    /// Writes `files` (relative path → contents) into a new folder and reads it.
    private func importFolder(_ files: [String: String], format: ImportFormat? = nil) throws -> (ImportBatch, TemporaryFolder) {
        let folder = try TemporaryFolder()
        for (path, text) in files {
            let url = folder.file("vault/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var reader = ImportReader(format: format)
        reader.dates = paris
        return (reader.read(paths: [folder.file("vault").path]), folder)
    }

    private func note(_ batch: ImportBatch, _ title: String) throws -> Note {
        try #require(batch.bundle.notes.first { $0.title == title }, "no note titled '\(title)' in \(batch.bundle.notes.map(\.title))")
    }

    private func categoryName(_ batch: ImportBatch, _ note: Note) -> String? {
        batch.bundle.categories.first { $0.id == note.categoryID }?.name
    }

    @Test func obsidianVault() throws {
        let (batch, folder) = try importFolder([
            "Daily/2024-03-15.md": "---\ncreated: 2024-03-15\ntags:\n  - journal\n  - Tokyo Trip\naliases: [Ides of March]\n---\nWent to #food/ramen places. Not a tag: #1 or `#code`.\n",
            "Ideas.md": "---\ntags: tokyo, food\ncategory: Projects\nupdated: 2024-03-16T09:15\n---\n# Big idea\n\nSee [[Daily/2024-03-15]].\n",
            ".obsidian/app.json": "{}",
            "attachments/photo.png": "PNG",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        #expect(batch.ignored == 1, "the image; .obsidian is left out")
        let daily = try note(batch, "2024-03-15")  // Obsidian names a note by its file, never by an alias
        #expect(daily.created == date("2024-03-14T23:00:00Z"), "a date only is local midnight")
        #expect(daily.tags == ["journal", "tokyo trip", "food/ramen"])
        let idea = try note(batch, "Ideas")
        #expect(idea.tags == ["tokyo", "food"])
        #expect(idea.body == "# Big idea\n\nSee [[Daily/2024-03-15]].")
        #expect(idea.updated == date("2024-03-16T08:15:00Z"), "a local date-time without a zone")
        #expect(categoryName(batch, idea) == "Projects")
    }

    @Test func zkNotebook() throws {
        let (batch, folder) = try importFolder([
            "k3x9.md": "---\ntitle: \"Zettel with trailing space \"\ndate: 2024-01-02 10:30\ntags: [zettel, reading]\n---\n\nBody with #inline tag.\n",
            "journal/daily/2024-01-03.md": "---\ndate: 2024-01-03 08:00:00\n---\n# Wednesday\nNothing much.\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let zettel = try note(batch, "Zettel with trailing space ")
        #expect(zettel.created == date("2024-01-02T09:30:00Z"))
        #expect(zettel.updated == zettel.created)
        #expect(zettel.tags == ["zettel", "reading", "inline"])
        #expect(zettel.body == "Body with #inline tag.", "the blank line after the header separates, it is not the body's")
        #expect(try note(batch, "Wednesday").body == "Nothing much.")
    }

    /// zk's own sample notebook (`tests/fixtures/full-sample/inbox/dld4.md`) has
    /// `category: "Best practice"`: one category, as Jekyll reads the singular key; only
    /// `categories` written as one string is split at blanks (Jekyll's rule).
    @Test func aSingularCategoryStringIsOneName() throws {
        let (batch, folder) = try importFolder([
            "inbox/dld4.md": "---\ndate: 2011-05-16 09:58:57\nkeywords: [programming, http]\ncategory: \"Best practice\"\n---\n\n# When to prefer PUT over POST HTTP method?\n\nBody.\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let note = try note(batch, "When to prefer PUT over POST HTTP method?")
        #expect(categoryName(batch, note) == "Best practice")
        #expect(note.tags == ["programming", "http"])
    }

    @Test func jekyllPosts() throws {
        let (batch, folder) = try importFolder([
            "_posts/2024-01-02-welcome.markdown": "---\nlayout: post\ntitle:  \"Welcome to Jekyll!\"\ndate:   2024-01-02 10:30:00 +0100\ncategories: jekyll update\n---\nYou’ll find this post in your `_posts` directory.\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let post = try note(batch, "Welcome to Jekyll!")
        #expect(post.created == date("2024-01-02T09:30:00Z"))
        #expect(categoryName(batch, post) == "jekyll", "the first category; the others are tags")
        #expect(post.tags == ["update"])
        #expect(post.aliases.isEmpty, "a post's file name is no name Jekyll links it by")
    }

    @Test func withoutADateKeyADateAtTheStartOfTheFileNameIsTheDate() throws {
        let (batch, folder) = try importFolder([
            "_posts/2023-12-24-christmas-eve.md": "---\ntitle: Eve\n---\n",
            "Daily/2024-03-15.md": "Went out.\n",
            "2024-03-150.md": "# Not a date\n",
        ])
        defer { folder.remove() }

        #expect(try note(batch, "Eve").created == date("2023-12-23T23:00:00Z"))
        #expect(try note(batch, "2024-03-15").created == date("2024-03-14T23:00:00Z"))
        #expect(try note(batch, "Not a date").created > date("2025-01-01T00:00:00Z") ?? .distantFuture)
    }

    @Test func hugoContentWithTOMLAndYAML() throws {
        let (batch, folder) = try importFolder([
            "content/posts/first.md": "+++\r\ntitle = 'My First Post'\r\ndate = 2024-01-14T07:07:07+01:00\r\nlastmod = 2024-02-01T10:00:00Z\r\ndraft = true\r\ntags = [\"red\", 'green']\r\ncategories = [\r\n  \"Colors\", # a comment\r\n]\r\n[params]\r\n  title = 'not the title'\r\n+++\r\nVisit the [Hugo](https://gohugo.io) website!\r\n",
            "content/posts/second.md": "---\ntitle: Second\ndate: 2024-01-15T07:07:07Z\n---\nbody\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let first = try note(batch, "My First Post")
        #expect(first.created == date("2024-01-14T06:07:07Z"))
        #expect(first.updated == date("2024-02-01T10:00:00Z"))
        #expect(first.tags == ["red", "green"])
        #expect(categoryName(batch, first) == "Colors")
        #expect(first.body == "Visit the [Hugo](https://gohugo.io) website!")
        #expect(try note(batch, "Second").created == date("2024-01-15T07:07:07Z"))
    }

    @Test func nbNotebookWithHeadingsAndInlineTags() throws {
        let (batch, folder) = try importFolder([
            "home/20240101120000.md": "# Shopping\n\n#groceries #weekend\n\n- milk\n```\n#not-a-tag in code\n```\n",
            "home/example.md": "Setext Title\n============\n\nText.\n",
            "home/plain.txt": "\u{FEFF}First line is the title\r\nsecond line\r\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let shopping = try note(batch, "Shopping")
        #expect(shopping.tags == ["groceries", "weekend"])
        #expect(shopping.body.hasPrefix("#groceries #weekend\n"))
        #expect(try note(batch, "Setext Title").body == "Text.")
        #expect(try note(batch, "First line is the title").body == "second line")
    }

    @Test func joplinFrontMatterExport() throws {
        let (batch, folder) = try importFolder([
            "Notebook/Note.md": "---\ntitle: Meeting notes\nupdated: 2023-04-25 11:58:49Z\ncreated: 2023-04-20 08:00:00Z\nsource: joplin-desktop\nauthor: \ntags:\n  - meeting\n  - work\nlatitude: 48.85660000\nlongitude: 2.35220000\naltitude: 0.0000\n---\n\n# Meeting notes\n\nAgenda\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        let meeting = try note(batch, "Meeting notes")
        #expect(meeting.created == date("2023-04-20T08:00:00Z"))
        #expect(meeting.updated == date("2023-04-25T11:58:49Z"))
        #expect(meeting.tags == ["meeting", "work"])
    }

    @Test func jrnlExport() throws {
        let export = """
        {"tags": {"@work": 1}, "entries": [
          {"title": "Started the migration.", "body": "It went well.\\n", "date": "2024-01-02", "time": "10:30",
           "tags": ["@work"], "starred": true},
          {"title": "Quiet day.", "body": "", "date": "2024-01-03", "time": "21:05", "tags": [], "starred": false}
        ]}
        """
        let (batch, folder) = try importFolder(["journal.json": export])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        #expect(batch.bundle.notes.count == 2)
        let entry = try note(batch, "Started the migration.")
        #expect(entry.created == date("2024-01-02T09:30:00Z"))
        #expect(entry.tags == ["work", "starred"])
        #expect(entry.kind == .journal)
        #expect(entry.body == "It went well.")
    }

    @Test func datesInEveryForm() {
        let utc = ImportDate(timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(utc.parse("2024-03-15") == date("2024-03-15T00:00:00Z"))
        #expect(utc.parse("2024-03-15 10:30") == date("2024-03-15T10:30:00Z"))
        #expect(utc.parse("2024-03-15T10:30:00.250") == date("2024-03-15T10:30:00.250Z"))
        #expect(utc.parse("2024-01-02 10:30:00 +0100") == date("2024-01-02T09:30:00Z"))
        #expect(utc.parse("2024-01-02T10:30:00-05:00") == date("2024-01-02T15:30:00Z"))
        #expect(utc.parse("2024-01-02T10:30:00+01") == date("2024-01-02T09:30:00Z"))
        #expect(utc.parse("1710495000") == date("2024-03-15T09:30:00Z"))
        #expect(utc.parse("2024-02-30") == nil)
        #expect(utc.parse("yesterday") == nil)
        #expect(utc.parse("2024-03-15 25:00") == nil)
    }

    @Test func aBadFileIsSkippedWithItsPlaceAndTheOthersAreRead() throws {
        let (_, folder) = try importFolder([
            "good.md": "---\ntitle: Good\n---\nfine\n",
            "future.md": "---\ntitle: Far\ndate: 9999-12-31\n---\n",
            "broken.md": "---\ntitle: [unclosed\n---\n",
            "latin1.txt": "caf\u{E9}",
        ])
        defer { folder.remove() }
        // latin1.txt was written as UTF-8 above; replace it with a byte that is not UTF-8.
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: folder.file("vault/latin1.txt"))
        var reader = ImportReader()
        reader.dates = paris
        let again = reader.read(paths: [folder.file("vault").path])

        #expect(Set(again.bundle.notes.map(\.title)) == ["Good", "Far"], "a date the store cannot keep keeps the note")
        let reasons = Dictionary(uniqueKeysWithValues: again.skipped.map { (($0.file as NSString).lastPathComponent, $0.reason) })
        #expect(again.warnings.map(\.reason) == ["line 3, 'date': '9999-12-31' is outside the years the store keeps (0001 to 5170); the file's date is used"])
        #expect(reasons["broken.md"]?.hasPrefix("front matter line 3: not valid YAML") == true)
        #expect(reasons["latin1.txt"] == "file: not UTF-8 text")
        #expect(again.skipped.count == 2)
    }

    @Test func linksAreNotFollowedOutOfTheFolder() throws {
        let (_, folder) = try importFolder(["inside.md": "# Inside\n"])
        defer { folder.remove() }
        try Data("secret key".utf8).write(to: folder.file("id_rsa"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("vault/key.md").path, withDestinationPath: folder.file("id_rsa").path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("vault/again.md").path, withDestinationPath: "inside.md")
        try FileManager.default.createSymbolicLink(atPath: folder.file("vault/outside").path, withDestinationPath: folder.url.path)

        let batch = ImportReader().read(paths: [folder.file("vault").path])

        #expect(batch.bundle.notes.map(\.title) == ["Inside"])
        #expect(Set(batch.skipped.map { ($0.file as NSString).lastPathComponent }) == ["key.md", "outside"])
        #expect(batch.skipped.allSatisfy { $0.reason.contains("symbolic link") && $0.reason.contains("not followed") })
        #expect(batch.ignored == 1, "the link to a note inside the folder")
    }

    @Test func reimportingTheSameFilesGivesTheSameIds() throws {
        let files = ["a.md": "# A\n", "b/c.txt": "C\nbody", "j.json": #"{"entries": [{"title": "t", "body": "", "date": "2024-01-01", "time": "09:00", "tags": [], "starred": false}]}"#]
        let (first, folderOne) = try importFolder(files)
        let (second, folderTwo) = try importFolder(files)
        defer { folderOne.remove(); folderTwo.remove() }

        #expect(first.bundle.notes.map(\.id) == second.bundle.notes.map(\.id))
        #expect(Set(first.bundle.notes.map(\.id)).count == 3)
        var database = NotesDatabase()
        try database.apply(Importer.plan(first.bundle, into: database).changes)
        let again = try Importer.plan(second.bundle, into: database)
        #expect(again.notesAdded == 0 && again.notesUnchanged == 3 && again.notesSkipped == 0)
    }

    @Test func aSingleMarkdownFileIsMarkdownAndFromOverridesTheGuess() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("{ not json }\n".utf8).write(to: folder.file("note.md"))
        try Data("Title line\nbody\n".utf8).write(to: folder.file("note.md.bak"))

        let markdown = ImportReader().read(paths: [folder.file("note.md").path])
        let asText = ImportReader(format: .text).read(paths: [folder.file("note.md.bak").path])

        #expect(markdown.skipped.isEmpty && markdown.bundle.notes.first?.body == "{ not json }")
        #expect(asText.bundle.notes.first?.title == "Title line")
    }

    @Test func anUnclosedFenceIsAThematicBreakAndClosingHashesAreNotInTheTitle() throws {
        let (batch, folder) = try importFolder([
            "rule.md": "---\nnot a header, never closed\n",
            "atx.md": "# Closed heading ##\nbody\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty)
        #expect(try note(batch, "rule").body == "---\nnot a header, never closed")
        #expect(try note(batch, "Closed heading").body == "body")
    }

    @Test func aFIFOAmongTheNotesIsSkippedWithoutBlocking() throws {
        let (_, folder) = try importFolder(["note.md": "# Note\n"])
        defer { folder.remove() }
        try #require(mkfifo(folder.file("vault/pipe.md").path, 0o600) == 0)

        let batch = ImportReader().read(paths: [folder.file("vault").path, folder.file("vault/pipe.md").path])

        #expect(batch.bundle.notes.map(\.title) == ["Note"])
        #expect(batch.skipped.map(\.reason) == ["a FIFO, not a regular file", "a FIFO, not a regular file or a folder"])
    }
}
