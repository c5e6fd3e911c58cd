import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesExchange

/// zk notebooks, Dendron vaults and Logseq's Org files, read as each tool shows them.
/// zk is GPL: its files are not copied; these are faithful hand-written equivalents of
/// what zk's tests and docs show (`tests/config-format-markdown-tags.tesh`,
/// `internal/adapter/markdown/markdown.go`). Dates without a zone are read in Paris time.
@Suite struct ImportToolReadersTests {
    private let paris = ImportDate(timeZone: TimeZone(identifier: "Europe/Paris") ?? .current)

    /// Writes `files` (relative path → contents) into `root/` of a new folder and reads `root/<read>`.
    private func importFolder(_ files: [String: String], read: String = "", tool: ImportSourceTool? = nil) throws -> (ImportBatch, TemporaryFolder) {
        let folder = try TemporaryFolder()
        for (path, text) in files {
            let url = folder.file("root/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var reader = ImportReader()
        reader.dates = paris
        reader.tool = tool
        return (reader.read(paths: [folder.file("root/" + read).path]), folder)
    }

    private func note(_ batch: ImportBatch, _ title: String) throws -> Note {
        try #require(batch.bundle.notes.first { $0.title == title }, "no note titled '\(title)' in \(batch.bundle.notes.map(\.title))")
    }

    private func categoryName(_ batch: ImportBatch, _ note: Note) -> String? {
        batch.bundle.categories.first { $0.id == note.categoryID }?.name
    }

    // MARK: zk

    @Test func zkTitlesAreTheHeadingsPlainText() throws {
        let (batch, folder) = try importFolder([
            ".zk/config.toml": "[note]\nlanguage = \"en\"\n",
            "hashable.md": "# The `Hashable` protocol, *fast* and [linked](https://x.y/#a)\n\nBody.\n",
            "sub.md": "Some text first.\n\n## A *second* level\n\nMore.\n",
            "both.md": "## Lower\n\n# Upper `one`\n\nText.\n",
            "snake.md": "# A snake_case \\*name\\*\n",
            "titled.md": "---\ntitle: \"Kept `as` written\"\n---\n# Heading\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(try note(batch, "The Hashable protocol, fast and linked").body == "Body.", "the heading that is the title leaves the body")
        #expect(try note(batch, "A second level").body == "Some text first.\n\n## A *second* level\n\nMore.",
                "a title from a heading further down: the body keeps everything")
        #expect(try note(batch, "Upper one").body == "## Lower\n\n# Upper `one`\n\nText.", "zk takes the first heading of the lowest level")
        _ = try note(batch, "A snake_case *name*")
        #expect(try note(batch, "Kept `as` written").body == "# Heading", "a title in the header is taken as written")
    }

    @Test func aHostileHeadingIsTakenAsWritten() {
        let long = String(repeating: "[`<", count: 2000)
        #expect(ZkTitle.plainText(long) == long, "longer than the limit: as written, never a quadratic pass")
        #expect(ZkTitle.plainText("[`<") == "[`<", "unclosed brackets and backticks stay")
    }

    @Test func zkTagsFollowTheNotebookConfig() throws {
        let text = "#hashtag\n#multi-word tag#\n:colon-tag:\n`#code` and (#paren) but not x#y or #1\n"
        func tags(_ config: String?) throws -> Set<String> {
            var files = ["note.md": text]
            if let config { files[".zk/config.toml"] = config } else { files[".zk/notebook.db"] = "" }
            let (batch, folder) = try importFolder(files)
            defer { folder.remove() }
            #expect(batch.skipped.isEmpty, "\(batch.skipped)")
            return try #require(batch.bundle.notes.first).tags
        }
        // The cases of zk's own tests/config-format-markdown-tags.tesh, and (#paren): zk's boundary.
        #expect(try tags(nil) == ["hashtag", "multi-word", "paren"], "no config: zk's defaults, hashtags only")
        #expect(try tags("") == ["hashtag", "multi-word", "paren"])
        #expect(try tags("[format.markdown] hashtags = false") == [])
        #expect(try tags("[format.markdown]\nhashtags = false\ncolon-tags = true  # vimwiki\n") == ["colon-tag"])
        #expect(try tags("[format.markdown] multiword-tags = true") == ["hashtag", "multi-word tag", "paren"])
        #expect(try tags("[format.markdown] hashtags = false\n multiword-tags = true") == [])
        #expect(try tags("format.markdown.colon-tags = true\n") == ["hashtag", "multi-word", "paren", "colon-tag"])
    }

    @Test func zkColonTagsAreNotTimesTablesOrWords() throws {
        let (batch, folder) = try importFolder([
            ".zk/config.toml": "[format.markdown]\ncolon-tags = true\nhashtags = false\n",
            "n.md": "# N\n\nAt 10:30:00, Note: this.\n|:---:|\n:a:b: and :c:d e:\n```\n:code:\n```\n",
        ])
        defer { folder.remove() }
        #expect(try note(batch, "N").tags == ["a", "b", "c"])
    }

    @Test func zkFrontMatterTagsMergeEveryKey() throws {
        let (batch, folder) = try importFolder([
            ".zk/config.toml": "",
            "n.md": "---\ntags: [one]\nkeywords: [two]\nkeyword: three\n---\nText.\n",
        ])
        defer { folder.remove() }
        #expect(try note(batch, "n").tags == ["one", "two", "three"])
    }

    @Test func zkIsFoundAboveTheFolderAndForcedByFrom() throws {
        let (batch, folder) = try importFolder([".zk/config.toml": "", "inbox/a.md": "# `A`\n"], read: "inbox")
        defer { folder.remove() }
        _ = try note(batch, "A")
        let (forced, other) = try importFolder(["a.md": "# `A`\n"], tool: .zk)
        defer { other.remove() }
        _ = try note(forced, "A")
        let (plain, third) = try importFolder(["a.md": "# `A`\n"])
        defer { third.remove() }
        _ = try note(plain, "`A`")  // not a zk notebook: the heading as written
    }

    // MARK: Dendron

    @Test func dendronHierarchyIsTheCategoryAndATag() throws {
        let (batch, folder) = try importFolder([
            "dendron.yml": "version: 5\n",
            "vault/root.md": "---\nid: root\ntitle: Root\n---\n",
            "vault/project.md": "---\ntitle: Project\ncreated: 1636490000000\n---\n",
            "vault/project.notes.meeting.md": "---\ntitle: Meeting\ntags: [weekly]\n---\nText #later\n",
            "vault/daily.journal.2021.11.09.md": "---\ntitle: '2021-11-09'\n---\n",
            "vault/area.md": "---\ntitle: Area\ncategory: Chosen\n---\n",
        ], read: "vault")
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        let meeting = try note(batch, "Meeting")
        #expect(categoryName(batch, meeting) == "project")
        #expect(meeting.tags == ["project/notes/meeting", "weekly", "later"])
        let project = try note(batch, "Project")
        #expect(categoryName(batch, project) == "project", "a top-level note is in its tree's category")
        #expect(project.tags.isEmpty)
        #expect(try note(batch, "2021-11-09").tags == ["daily/journal/2021/11/09"])
        let root = try note(batch, "Root")
        #expect(root.categoryID == nil && root.tags.isEmpty, "the vault's root note sits in no tree")
        #expect(categoryName(batch, try note(batch, "Area")) == "Chosen", "a category in the header wins")
    }

    @Test func aDendronVaultIsFoundByItsRootSchema() throws {
        let (batch, folder) = try importFolder(["root.schema.yml": "version: 1\n", "a.b.md": "---\ntitle: B\n---\n"])
        defer { folder.remove() }
        #expect(try note(batch, "B").tags == ["a/b"])
        let (plain, other) = try importFolder(["a.b.md": "---\ntitle: B\n---\n"])
        defer { other.remove() }
        #expect(try note(plain, "B").tags.isEmpty, "a dotted name outside Dendron is only a name")
    }

    // MARK: Org

    @Test func logseqOrgPagesAndJournals() throws {
        let page = "#+title: Org Page\n#+tags: work, [[two words]]\n#+alias: other\n\n* First block #inline\n:PROPERTIES:\n:id: 6310a4f5-0000-4000-8000-000000000000\n:END:\n** TODO Child   :urgent:home:\n#+BEGIN_SRC swift\nlet x = \"#notatag\"\n#+END_SRC\n"
        let (batch, folder) = try importFolder([
            "logseq/config.edn": "{:preferred-format \"Org\"\n :file/name-format :triple-lowbar}\n",
            "pages/org page.org": page,
            "pages/Project___Plan.org": "* Step one\n**** :PROPERTIES:\n",
            "journals/2020_09_14.org": "* Went out\n",
            "pages/plain.md": "- a markdown page\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.count == 4)
        let org = try note(batch, "Org Page")
        #expect(org.body == String(page.dropLast()), "the body is the file as written, less its final line break")
        #expect(org.tags == ["work", "two words", "inline", "urgent", "home"])
        #expect(try note(batch, "Project/Plan").tags.isEmpty, "a heading that is only ':word:' is text (Logseq's docs)")
        let journal = try note(batch, "Sep 14th, 2020")
        #expect(journal.created == ISODate.parse("2020-09-13T22:00:00Z"), "a journal is dated by its file name")
        #expect(journal.body == "* Went out")
    }

    @Test func emacsOrgFiles() throws {
        let (batch, folder) = try importFolder([
            "kubernetes.org": "#+TITLE: Kubernetes\n#+DATE: 2021-02-06 Sat 18:26\n#+FILETAGS: :ops:cloud:\n#+TAGS: declared unused\n\n* Links\n",
            "stamp.org": "#+title: Stamp\n#+date: <2024-01-05 Fri>\n",
            "untitled.org": "* Just a heading\n",
            "roam.org": ":PROPERTIES:\n:ID: 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d\n:END:\n#+title: Roam node\n",
        ])
        defer { folder.remove() }

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        let kube = try note(batch, "Kubernetes")
        #expect(kube.created == ISODate.parse("2021-02-06T17:26:00Z"))
        #expect(kube.tags == ["ops", "cloud"], "#+TAGS only declares tags outside Logseq")
        #expect(try note(batch, "Stamp").created == ISODate.parse("2024-01-04T23:00:00Z"))
        _ = try note(batch, "untitled")
        #expect(try note(batch, "Roam node").id == UUID(uuidString: "9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D"), "org-roam's ID is the note's id")
    }

    @Test func orgTimestamps() {
        #expect(OrgDocument.timestamp("<2024-01-05 Fri 10:30>") == "2024-01-05 10:30")
        #expect(OrgDocument.timestamp("[2024-01-05 Fri 10:30-11:00]") == "2024-01-05 10:30")
        #expect(OrgDocument.timestamp("2021-02-06 Sat 18:26") == "2021-02-06 18:26")
        #expect(OrgDocument.timestamp("2024-01-02 10:30:00 +0100") == "2024-01-02 10:30:00 +0100")
        #expect(OrgDocument.timestamp("1636490000000") == "1636490000000")
    }

    /// Dates written out, as real zk notebooks' templates (`thomasabishop/eolas`: 159 notes)
    /// and Emacs Org files (`GTrunSec/braindump-org-source`) hold them: local midnight.
    @Test func writtenDates() {
        let midnight = { (day: String) in ISODate.parse(day + "T00:00:00+01:00") }
        #expect(paris.parse("Thursday, November 07, 2024") == midnight("2024-11-07"))
        #expect(paris.parse("November 7, 2024") == midnight("2024-11-07"))
        #expect(paris.parse("18 September 2020") == ISODate.parse("2020-09-18T00:00:00+02:00"))
        #expect(paris.parse("Sep 14th, 2020") == ISODate.parse("2020-09-14T00:00:00+02:00"))
        #expect(paris.parse("3 dec 2020") == midnight("2020-12-03"))
        #expect(paris.parse("3 Sepember 2020") == nil)
        #expect(paris.parse("February 30, 2024") == nil)
        #expect(paris.parse("Ma 3 2024") == nil)
        #expect(paris.parse("the 3 of 2024") == nil)
    }

    /// In a Logseq graph `#+tags:` are the page's tags, unless the line is Emacs' declaration
    /// of the tags a file offers (fast keys, groups), as real mixed graphs hold.
    @Test func emacsTagDeclarationsAreNotPageTags() throws {
        let (batch, folder) = try importFolder([
            "logseq/config.edn": "{:preferred-format \"Org\"}\n",
            "pages/a.org": "#+TAGS: doom(d) roam(r) org_mode(o)\n* x\n",
            "pages/b.org": "#+TAGS: { @home @work }\n* x\n",
            "pages/c.org": "#+tags: reading, [[deep work]]\n* x\n",
        ])
        defer { folder.remove() }
        #expect(try note(batch, "a").tags.isEmpty)
        #expect(try note(batch, "b").tags.isEmpty)
        #expect(try note(batch, "c").tags == ["reading", "deep work"])
    }
}
