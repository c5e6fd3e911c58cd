import Foundation
import NotesTestSupport
import Testing

/// `notes import` as a person switching tools uses it: a folder with a bad file among good
/// ones, `--strict`, `--dry-run`, a second import, a link out of the folder, a jrnl export,
/// and a Markdown export that other tools read and that comes back exactly.
@Suite struct CLIImportTests {
    /// A folder `vault` in the sandbox with two good notes, one header that is not YAML and one link to a secret.
    private func vault(_ sandbox: CLISandbox) throws -> String {
        let vault = sandbox.folder.file("vault")
        try FileManager.default.createDirectory(at: vault.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("---\ntitle: Good one\ntags: tokyo, food\ncreated: 2024-03-15\n---\nbody #inline\n".utf8)
            .write(to: vault.appendingPathComponent("good.md"))
        try Data("Text note\r\nsecond line\r\n".utf8).write(to: vault.appendingPathComponent("sub/plain.txt"))
        try Data("---\ntitle: Far\ndate: [unclosed\n---\n".utf8).write(to: vault.appendingPathComponent("sub/far.md"))
        try Data("PRIVATE KEY".utf8).write(to: sandbox.folder.file("id_rsa"))
        try FileManager.default.createSymbolicLink(atPath: vault.appendingPathComponent("key.md").path,
                                                   withDestinationPath: sandbox.folder.file("id_rsa").path)
        return vault.path
    }

    @Test func badFilesAreListedWithTheirPlaceTheRestIsImportedAndTheStatusSaysSo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)

        let result = try sandbox.run("import", vault)

        #expect(result.status != 0)
        #expect(result.stdout == "2 new, 0 updated, 0 unchanged, 0 conflicts\n")
        #expect(result.stderr.contains("error: \(vault)/sub/far.md: front matter line 4: not valid YAML"))
        #expect(result.stderr.contains("error: \(vault)/key.md: a symbolic link to a place outside \(vault), not followed"))
        #expect(result.stderr.contains("error: skipped 2 files that could not be read (listed above)"))
        let titles = try sandbox.notes().compactMap { $0["title"] as? String }.sorted()
        #expect(titles == ["Good one", "Text note"])
        #expect(try sandbox.notes("--search", "PRIVATE").isEmpty)
    }

    @Test func aDateThatCannotBeKeptIsAWarningAndTheNoteIsImported() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("dates")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        try Data("---\ntitle: Far\ndate: 9999-12-31\n---\nbody\n".utf8).write(to: vault.appendingPathComponent("far.md"))

        let result = try sandbox.run("import", vault.path)

        #expect(result.status == 0)
        #expect(result.stdout == "1 new, 0 updated, 0 unchanged, 0 conflicts\n")
        #expect(result.stderr == "warning: \(vault.path)/far.md: line 3, 'date': '9999-12-31' is outside the years the store keeps "
            + "(0001 to 5170); the file's date is used\n")
        #expect(try sandbox.notes().compactMap { $0["title"] as? String } == ["Far"])
    }

    @Test func strictImportsNothingUnlessEveryFileCanBeRead() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)
        _ = try sandbox.add("Already there")
        let before = try #require(sandbox.storeBytes())

        let result = try sandbox.run("import", "--strict", vault)

        #expect(result.status != 0)
        #expect(result.stderr.contains("error: nothing imported: 2 files could not be read (--strict)"))
        #expect(sandbox.storeBytes() == before)
        try FileManager.default.removeItem(atPath: vault + "/sub/far.md")
        try FileManager.default.removeItem(atPath: vault + "/key.md")
        #expect(try sandbox.ok("import", "--strict", vault) == "2 new, 0 updated, 0 unchanged, 0 conflicts\n")
    }

    @Test func dryRunShowsThePlanAndWritesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)
        _ = try sandbox.add("Already there")
        let before = try #require(sandbox.storeBytes())

        let result = try sandbox.run("import", "--dry-run", vault)

        #expect(result.stdout == """
            would import \(vault)/good.md: Good one
            would import \(vault)/sub/plain.txt: Text note
            dry run, nothing written: would be 2 new, 0 updated, 0 unchanged, 0 conflicts

            """)
        #expect(sandbox.storeBytes() == before)
    }

    @Test func aDryRunDoesNotCreateTheStore() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)

        let result = try sandbox.run("import", "--dry-run", vault)

        #expect(result.stdout.hasSuffix("dry run, nothing written: would be 2 new, 0 updated, 0 unchanged, 0 conflicts\n"))
        #expect(sandbox.storeBytes() == nil)
        #expect(!FileManager.default.fileExists(atPath: (sandbox.storePath as NSString).deletingLastPathComponent))
    }

    @Test func importingTheSameFolderAgainAddsNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)
        try FileManager.default.removeItem(atPath: vault + "/sub/far.md")
        try FileManager.default.removeItem(atPath: vault + "/key.md")
        try sandbox.ok("import", vault)
        let before = try #require(sandbox.storeBytes())

        let again = try sandbox.ok("import", vault)

        #expect(again == "0 new, 0 updated, 2 unchanged, 0 conflicts\n")
        #expect(sandbox.storeBytes() == before)
        #expect(try sandbox.notes().count == 2)
    }

    @Test func aJrnlExportIsRecognised() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let file = sandbox.folder.file("journal.json")
        try Data("""
            {"tags": {"@work": 1}, "entries": [{"title": "Shipped it.", "body": "Finally.", "date": "2024-01-02",
             "time": "10:30", "tags": ["@work"], "starred": true}]}
            """.utf8).write(to: file)

        #expect(try sandbox.ok("import", file.path) == "1 new, 0 updated, 0 unchanged, 0 conflicts\n")
        let note = try #require(try sandbox.notes().first)
        #expect(note["title"] as? String == "Shipped it.")
        #expect(note["tags"] as? [String] == ["starred", "work"])
        #expect(note["kind"] as? String == "journal")
    }

    @Test func theMarkdownExportIsReadByOtherToolsAndComesBackExactly() throws {
        let source = try CLISandbox()
        let target = try CLISandbox()
        defer { source.remove(); target.remove() }
        let hindi = String(repeating: "नमस्ते दुनिया ", count: 4) + String(repeating: "क", count: 4)  // 60 characters, > 255 bytes
        try source.ok("category", "add", "Work")
        _ = try source.add(hindi, "--body", "पाठ")
        _ = try source.add("Trailing space ", "--category", "Work", "--tag", "machine learning", "--tag", "2024",
                           "--body", "no final newline")
        let folder = source.folder.file("md").path

        try source.ok("export", "--format", "markdown", "--output", folder)
        try target.ok("import", folder)

        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 2 && names.allSatisfy { $0.utf8.count <= 255 && $0.hasSuffix(".md") })
        let text = try String(contentsOfFile: folder + "/Trailing space.md", encoding: .utf8)
        #expect(text.contains("\ntags: [\"_2024\", \"machine-learning\"]\nnotes-tags: [\"2024\", \"machine learning\"]\n"))
        #expect(text.contains("\ndate: ") && text.contains("\nupdated: ") && text.contains("\ncategory: \"Work\"\n"))
        #expect(text.hasSuffix("---\nno final newline\n"))
        let listing = { (sandbox: CLISandbox) throws -> String in try sandbox.runner.run(["list", "--json", "--store", sandbox.storePath]).stdout }
        #expect(try listing(target) == listing(source))
    }
}
