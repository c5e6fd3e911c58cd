import Foundation
import Testing
import NotesBase
import NotesModel
import NotesExchange

/// Imports the hand-made imitations of each tool's files in `Fixtures/import-tools` (see
/// its README) and checks what comes in against what the tool shows: counts, titles,
/// dates, tags, categories and bodies. Dates without a zone are read in Paris time.
@Suite struct ImportToolsFixtureTests {
    private let paris = ImportDate(timeZone: TimeZone(identifier: "Europe/Paris") ?? .current)

    private func date(_ text: String) -> Date? { ISODate.parse(text) }

    private func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "import-tools", withExtension: nil, subdirectory: "Fixtures"))
        return url.appendingPathComponent(name).path
    }

    private func importFixture(_ name: String) throws -> ImportBatch {
        var reader = ImportReader()
        reader.dates = paris
        return reader.read(paths: [try fixture(name)])
    }

    private func note(_ batch: ImportBatch, _ title: String) throws -> Note {
        try #require(batch.bundle.notes.first { $0.title == title }, "no note titled '\(title)' in \(batch.bundle.notes.map(\.title))")
    }

    private func categoryName(_ batch: ImportBatch, _ note: Note) -> String? {
        batch.bundle.categories.first { $0.id == note.categoryID }?.name
    }

    // MARK: Obsidian

    @Test func obsidianTitlesAreFileNamesAndAliasesAreNotKept() throws {
        let batch = try importFixture("obsidian-vault")

        #expect(batch.skipped.isEmpty)
        #expect(Set(batch.bundle.notes.map(\.title)) == ["Dune", "Reading list", "Daily"])
        let dune = try note(batch, "Dune")
        #expect(!dune.tags.contains("dune (novel)") && !dune.tags.contains("herbert's dune"))
        #expect(dune.created == date("2023-11-01T23:00:00Z"))
        #expect(dune.body.hasPrefix("# Dune\n\nFinished it."), "the heading stays in the body; the separator is not in it")
    }

    @Test func obsidianTagsAreOnlyWhereObsidianMakesThem() throws {
        let batch = try importFixture("obsidian-vault")

        let dune = try note(batch, "Dune")
        #expect(dune.tags == ["reading", "sci-fi", "favorite", "to-read/again", "nested-tag"])
    }

    @Test func aLinkInCategoriesIsTheCategoryName() throws {
        let batch = try importFixture("obsidian-vault")

        #expect(categoryName(batch, try note(batch, "Dune")) == "Books")
        #expect(categoryName(batch, try note(batch, "Reading list")) == "Books")
        #expect(batch.bundle.categories.map(\.name) == ["Books"])
    }

    @Test func aTemplateIsKeptAndItsPlaceholderDateIsAWarningThatSaysWhy() throws {
        let batch = try importFixture("obsidian-vault")

        let template = try note(batch, "Daily")
        #expect(template.body == "# {{title}}")
        #expect(template.tags == ["daily"])
        #expect(batch.warnings.map(\.reason) == ["line 2, 'date': '{{date}}' is a template placeholder, not a date; the file's date is used"])
        #expect(batch.warnings.first?.file.hasSuffix("Templates/Daily.md") == true)
    }

    // MARK: Logseq

    @Test func logseqJournalIsTitledAndDatedFromItsFileName() throws {
        let batch = try importFixture("logseq-graph")

        #expect(batch.skipped.isEmpty)
        #expect(batch.bundle.notes.count == 3, "config.edn is not a note")
        let journal = try note(batch, "Sep 14th, 2020")
        #expect(journal.created == date("2020-09-13T22:00:00Z"))
        #expect(journal.tags == ["project", "tokyo trip"])
        #expect(journal.body == "- Met [[Ana]] about #project and #[[Tokyo Trip]]\n\t- follow up on `#not-this`\n- DONE buy milk")
    }

    @Test func logseqNamespacesAndEncodedNamesAreDecodedAndPropertiesRead() throws {
        let batch = try importFixture("logseq-graph")

        let page = try note(batch, "Whiteboard/Action Bar")
        #expect(page.tags == ["ui", "design system", "ui/toolbar"])
        #expect(page.body.hasPrefix("tags:: ui, [[Design System]]\n"), "the body is kept as written")
        #expect(try note(batch, "What?").body == "title:: What?\n\n- A page whose name has a question mark")
    }

    // MARK: Dendron, Jekyll, Joplin, nb

    @Test func dendronEpochMillisecondsAreDates() throws {
        let batch = try importFixture("dendron-vault")

        #expect(batch.skipped.isEmpty && batch.warnings.isEmpty)
        let carbonara = try note(batch, "Carbonara")
        #expect(carbonara.created == date("2021-11-09T20:33:20Z"))
        #expect(carbonara.updated == date("2021-11-09T21:08:18.692Z"))
        #expect(carbonara.tags == ["recipe", "italian"])
        #expect(carbonara.body == "Whisk the eggs with the cheese.")
    }

    @Test func jekyllPostsTakeTitleAndDateFromTheFileNameAndKeepABadDate() throws {
        let batch = try importFixture("jekyll-site")

        #expect(batch.skipped.isEmpty)
        #expect(batch.bundle.notes.count == 3)
        let hello = try note(batch, "Hello World")
        #expect(hello.created == date("2024-01-04T23:00:00Z"))
        #expect(hello.body == "Welcome to the new blog.\n{: .lead #intro}")
        #expect(hello.tags == ["notes"])
        #expect(categoryName(batch, hello) == "blog")
        let broken = try note(batch, "A date that cannot be")
        #expect(broken.created == date("2024-01-31T23:00:00Z"), "the date in the file name")
        #expect(batch.warnings.map(\.reason) == [
            "line 4, 'date': '2024-02-31 10:00:00 +0100' is not a date (2024-03-15, 2024-03-15 10:30, "
                + "2024-03-15T10:30:00+01:00, 28/09/2021 20:57, Unix seconds or milliseconds); the date in the file name is used",
        ])
    }

    @Test func joplinDayFirstDates() throws {
        let batch = try importFixture("joplin-export")

        #expect(batch.skipped.isEmpty && batch.warnings.isEmpty)
        let meeting = try note(batch, "Weekly meeting")
        #expect(meeting.created == date("2021-09-28T18:57:00Z"))
        #expect(meeting.updated == date("2021-09-29T06:05:00Z"))
        #expect(meeting.tags == ["meeting"])
        #expect(meeting.body == "Agenda: budget.")
    }

    @Test func nbDateTimeInTheFileName() throws {
        let batch = try importFixture("nb-notebook")

        let shopping = try note(batch, "Shopping")
        #expect(shopping.created == date("2024-01-05T08:15:00Z"))
        #expect(shopping.tags == ["groceries"])
    }

    // MARK: Detection by content

    @Test func anEvernoteExportNamedOnTheCommandLineIsReadAsEvernoteNotAsMarkdown() throws {
        let batch = try importFixture("evernote/My Notes.enex")

        #expect(batch.skipped.isEmpty)
        let first = try note(batch, "First note")
        #expect(first.body == "Hello")
        #expect(first.tags == ["inbox"])
        #expect(first.created == date("2024-01-05T09:15:00Z"))
        #expect(categoryName(batch, first) == "My Notes", "the notebook is the export's file name")
    }
}
