import Foundation
import NotesTestData
import Testing
import NotesModel
import NotesExchange

/// Obsidian shows every property of a note; the ones no field of a note takes are kept at
/// the head of its body in a `yaml` block, as written. Other tools' unmapped keys
/// (Jekyll's `layout`, Hugo's `draft`) are build settings nobody reads, and stay ignored.
@Suite struct ImportObsidianPropertiesTests {
    /// Writes `files` into a folder (an Obsidian vault when `vault`) and reads it.
    private func read(_ files: [String: String], vault: Bool = true) throws -> [Note] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (path, text) in files.merging(vault ? [".obsidian/app.json": "{}"] : [:], uniquingKeysWith: { a, _ in a }) {
            let url = folder.file("vault/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let batch = ImportReader().read(paths: [folder.file("vault").path])
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        return batch.bundle.notes
    }

    @Test func aNoteMadeOfPropertiesKeepsThemAll() throws {
        let text = """
            ---
            categories:
              - "[[Books]]"
            author:
              - "[[Ursula K. Le Guin]]"
            Year: 1969
            # a comment about the rating
            "my rating": 9
            created: 2023-09-12
            id: 20230912
            title: The Left Hand of Darkness (1969)
            ---

            """
        let note = try #require(try read(["References/The Left Hand of Darkness.md": text]).first)
        #expect(note.title == "The Left Hand of Darkness")
        #expect(note.body == """
            ```yaml
            author:
              - "[[Ursula K. Le Guin]]"
            Year: 1969
            # a comment about the rating
            "my rating": 9
            id: 20230912
            title: The Left Hand of Darkness (1969)
            ```
            """)
    }

    @Test func propertiesComeBeforeTheTextAndAFenceInsideOneIsLonger() throws {
        let text = "---\ntags: [book]\nquote: |\n  ```\n  code\n  ```\n---\n# Notes\n\nText.\n"
        let note = try #require(try read(["Quote.md": text]).first)
        #expect(note.tags == ["book"])
        #expect(note.body == "````yaml\nquote: |\n  ```\n  code\n  ```\n````\n\n# Notes\n\nText.")
    }

    @Test func aNoteWhosePropertiesAreAllFieldsIsAsBefore() throws {
        let text = "---\naliases: [LHoD]\ntags: [book]\ncategories: [\"[[Books]]\"]\ncreated: 2023-09-12\npinned: true\n---\nText.\n"
        let note = try #require(try read(["Book.md": text]).first)
        #expect(note.body == "Text.")
        #expect(note.pinned && note.aliases == ["LHoD"])
    }

    @Test func outsideAVaultOtherKeysAreStillIgnored() throws {
        let text = "---\nlayout: post\ndraft: true\ntitle: Hello\n---\nText.\n"
        let note = try #require(try read(["post.md": text], vault: false).first)
        #expect(note.title == "Hello" && note.body == "Text.")
    }
}
