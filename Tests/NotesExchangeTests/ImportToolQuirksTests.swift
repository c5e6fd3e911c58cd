import Foundation
import Testing
import NotesBase
import NotesModel
@testable import NotesExchange

/// What each tool shows, where a general reading would differ: an Obsidian note whose
/// properties are not valid YAML, and tags only where Jekyll and Org make them
/// (fixtures in `Fixtures/import-tools`, see its README).
@Suite struct ImportToolQuirksTests {
    private func importFixture(_ name: String) throws -> ImportBatch {
        let url = try #require(Bundle.module.url(forResource: "import-tools", withExtension: nil, subdirectory: "Fixtures"))
        var reader = ImportReader()
        reader.dates = ImportDate(timeZone: .gmt)
        return reader.read(paths: [url.appendingPathComponent(name).path])
    }

    private func note(_ batch: ImportBatch, _ title: String) throws -> Note {
        try #require(batch.bundle.notes.first { $0.title == title }, "no note titled '\(title)' in \(batch.bundle.notes.map(\.title))")
    }

    @Test func anObsidianNoteWithInvalidPropertiesIsImportedWholeWithAWarning() throws {
        let batch = try importFixture("obsidian-broken-properties")

        #expect(batch.skipped.isEmpty)
        let trip = try note(batch, "Trip to Lisbon")
        #expect(trip.body == "---\ntags: [travel\ncreated: 2024-03-01\n---\n# Lisbon\n\nTrams and #pastries.",
                "the whole text, front matter included")
        #expect(trip.tags == ["pastries"], "Obsidian reads no property of it; the body's tag is a tag")
        let warning = try #require(batch.warnings.first)
        #expect(batch.warnings.count == 1)
        #expect(warning.file.hasSuffix("obsidian-broken-properties/Trip to Lisbon.md"))
        #expect(warning.reason.hasPrefix("front matter line 3: not valid YAML"))
        #expect(warning.reason.hasSuffix("imported with its file name as the title and its whole text, front matter included, as the body"))
        #expect(try note(batch, "Chores").tags == ["home"], "the other notes are read as usual")
    }

    @Test func jekyllPostsTakeTagsFromTheFrontMatterOnly() throws {
        let batch = try importFixture("jekyll-site")

        let post = try note(batch, "Release Notes")
        #expect(post.tags == ["swift", "cli"], "not 42, general or whats-new from the text")
        #expect(post.created == ISODate.parse("2024-03-10T00:00:00Z"), "the date in the file name")
        #expect(batch.bundle.categories.first { $0.id == post.categoryID }?.name == "changelog")
    }

    @Test func orgFilesTakeFileTagsAndHeadingTagsOnly() throws {
        let batch = try importFixture("org-files")

        #expect(batch.skipped.isEmpty)
        let projects = try note(batch, "Projects")
        #expect(projects.tags == ["work", "urgent", "web"], "not marketing or 12 from the text")
        #expect(projects.body.contains("Ask #marketing for the copy"), "the text is kept as written")
    }

    @Test func aJekyllPostIsOneInPostsOrDrafts() {
        #expect(ImportReader.isJekyllPost(root: "/site", relative: "_posts/2024-01-01-a.md"))
        #expect(ImportReader.isJekyllPost(root: "/site/_drafts", relative: "a.md"))
        #expect(!ImportReader.isJekyllPost(root: "/vault", relative: "notes/_posts.md"))
    }
}
