import Foundation
import NotesTestSupport
import Testing

/// `notes export` then `notes import` into an empty store gives the same notes and categories.
@Suite struct CLIExchangeTests {
    /// A store with colored categories (one translucent), tags, kinds, Unicode and multi-line bodies.
    private func populate(_ sandbox: CLISandbox) throws {
        try sandbox.ok("category", "add", "Work", "--color", "#FF8000")
        try sandbox.ok("category", "add", "Glass", "--color", "#00FF0080")
        try sandbox.ok("category", "add", "Plain")
        _ = try sandbox.add("Quarterly report", "--category", "Work", "--tag", "urgent", "--tag", "q3",
                            "--body", "# Heading\n\n- item\n- 日本語 ✓\n", "--kind", "checklist")
        _ = try sandbox.add("Same title", "--category", "Glass")
        _ = try sandbox.add("Same title", "--body=---\nnot front matter\n---", "--kind", "journal")
        _ = try sandbox.add("Quotes \"and\" slashes / \\ : # here", "--tag", "odd")
    }

    private func text(_ sandbox: CLISandbox, _ arguments: String...) throws -> String {
        try sandbox.runner.run(arguments + ["--store", sandbox.storePath]).stdout
    }

    @Test func jsonExportReimportsIdentically() throws {
        let source = try CLISandbox()
        let target = try CLISandbox()
        defer { source.remove(); target.remove() }
        try populate(source)
        let file = source.folder.file("export.json").path

        try source.ok("export", "--format", "json", "--output", file)
        let imported = try target.ok("import", file)

        #expect(imported == "4 new, 0 updated, 0 unchanged, 0 conflicts; added 3 categories\n")
        #expect(try text(target, "list", "--json") == text(source, "list", "--json"))
        #expect(try text(target, "category", "list", "--json") == text(source, "category", "list", "--json"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(document["format"] as? String == "notes-export")
        #expect(document["version"] as? Int == 1)
        #expect((document["notes"] as? [Any])?.count == 4)
        #expect((document["categories"] as? [Any])?.count == 3)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
    }

    @Test func jsonExportReplacesAnExistingFile() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("only")
        let file = sandbox.folder.file("export.json")
        try Data("old contents".utf8).write(to: file)

        try sandbox.ok("export", "--format", "json", "--output", file.path)

        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect((document?["notes"] as? [Any])?.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.url.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func jsonExportGoesToStandardOutputWithoutOutput() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try populate(sandbox)

        let stdout = try sandbox.ok("export", "--format", "json")

        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        #expect(document["format"] as? String == "notes-export")
    }

    @Test func markdownExportReimportsIdentically() throws {
        let source = try CLISandbox()
        let target = try CLISandbox()
        defer { source.remove(); target.remove() }
        try populate(source)
        let folder = source.folder.file("markdown").path

        try source.ok("export", "--format", "markdown", "--output", folder)
        let imported = try target.ok("import", folder)

        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["Quarterly report.md", "Quotes -and- slashes - - - - here.md", "Same title-2.md", "Same title.md"])
        let report = try String(contentsOfFile: folder + "/Quarterly report.md", encoding: .utf8)
        #expect(report.hasPrefix("---\nnotes-format: \"notes-markdown/1\"\ntitle: \"Quarterly report\"\ndate: "))
        #expect(report.contains("\ntags: [\"q3\", \"urgent\"]\ncategory: \"Work\"\n"))
        #expect(report.contains("\ncategory-color: \"#FF8000\"\nkind: checklist\nid: "))
        #expect(report.hasSuffix("---\n# Heading\n\n- item\n- 日本語 ✓\n\n"), "the body, then the final line break")
        #expect(imported == "4 new, 0 updated, 0 unchanged, 0 conflicts; added 2 categories\n")
        #expect(try text(target, "list", "--json") == text(source, "list", "--json"))
        // "Plain" has no notes, so a Markdown export (one file a note) cannot carry it.
        let sourceCategories = try source.categories().filter { $0["name"] as? String != "Plain" }
        let targetCategories = try target.categories()
        #expect(NSArray(array: targetCategories) == NSArray(array: sourceCategories))
    }

    @Test func reimportingSkipsNotesAlreadyThereAndWritesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try populate(sandbox)
        let file = sandbox.folder.file("export.json").path
        try sandbox.ok("export", "--format", "json", "--output", file)
        let before = try #require(sandbox.storeBytes())

        let output = try sandbox.ok("import", file)

        #expect(output == "0 new, 0 updated, 4 unchanged, 0 conflicts\n")
        #expect(sandbox.storeBytes() == before)
    }

    @Test func importsPlainMarkdownFiles() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let folder = sandbox.folder.file("plain")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("# Shopping list\n\nmilk\n".utf8).write(to: folder.appendingPathComponent("a.md"))
        try Data("just text\n".utf8).write(to: folder.appendingPathComponent("Loose thought.md"))
        try Data("---\ntitle: Tagged\ntags:\n  - Home\n  - '#errands'\ncategory: Chores\n---\nbody\n".utf8)
            .write(to: folder.appendingPathComponent("c.md"))
        try Data("ignored".utf8).write(to: folder.appendingPathComponent("picture.png"))

        let output = try sandbox.ok("import", folder.path)

        #expect(output == "3 new, 0 updated, 0 unchanged, 0 conflicts; added 1 category; ignored 1 file that is not a note\n")
        let notes = try sandbox.notes()
        let byTitle = Dictionary(notes.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byTitle["Shopping list"]?["body"] as? String == "milk")
        #expect(byTitle["Loose thought"]?["body"] as? String == "just text")
        #expect(byTitle["Tagged"]?["tags"] as? [String] == ["errands", "home"])
        #expect(byTitle["Tagged"]?["category"] as? String == "Chores")
        #expect(try sandbox.categories().first?["name"] as? String == "Chores")
    }
}
