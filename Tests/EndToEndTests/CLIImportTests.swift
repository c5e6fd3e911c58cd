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

    @Test func aChangedFolderImportedAgainUpdatesAndKeepsWhatWasEditedInNotes() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("vault")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: vault.appendingPathComponent(name)) }
        try write("a.md", "# Alpha\nfirst\n")
        try write("b.md", "# Beta\nfirst\n")
        try write("c.md", "# Gamma\nfirst\n")
        try sandbox.ok("import", vault.path)
        let id = { (title: String) throws -> String in
            try #require(try sandbox.notes().first { $0["title"] as? String == title }?["id"] as? String)
        }
        // On disk: a and c change, d is new. In notes: b is tagged, c's body is rewritten.
        try write("a.md", "# Alpha\nsecond\n")
        try write("c.md", "# Gamma\nsecond on disk\n")
        try write("d.md", "# Delta\nnew\n")
        try sandbox.ok("set", try id("Beta"), "--tag", "mine")
        let editor = sandbox.folder.file("editor.sh")
        try Data("#!/bin/sh\nprintf -- '---\\ntitle: Gamma\\n---\\nrewritten in notes\\n' > \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try sandbox.ok("edit", try id("Gamma"), environment: ["EDITOR": editor.path])
        let before = try #require(sandbox.storeBytes())

        let dryRun = try sandbox.ok("import", "--dry-run", vault.path)

        #expect(dryRun == """
            would import \(vault.path)/d.md: Delta
            would update \(vault.path)/a.md: Alpha
            would update \(vault.path)/c.md: Gamma (changed in notes too: its version would be kept as "Gamma (conflict copy)")
            dry run, nothing written: would be 1 new, 1 updated, 1 unchanged, 1 conflict

            """)
        #expect(sandbox.storeBytes() == before)

        let result = try sandbox.ok("import", vault.path)

        #expect(result.hasSuffix("1 new, 1 updated, 1 unchanged, 1 conflict\n"))
        #expect(result.contains("conflict \(vault.path)/c.md: Gamma was changed in notes and in the file"))
        let notes = try sandbox.notes()
        let byTitle = Dictionary(notes.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle.keys.sorted() == ["Alpha", "Beta", "Delta", "Gamma", "Gamma (conflict copy)"])
        #expect(byTitle["Alpha"]?["body"] as? String == "second")
        #expect(byTitle["Beta"]?["tags"] as? [String] == ["mine"])
        #expect(byTitle["Gamma"]?["body"] as? String == "second on disk")
        #expect(byTitle["Gamma (conflict copy)"]?["body"] as? String == "rewritten in notes")
        #expect(try sandbox.ok("import", vault.path) == "0 new, 0 updated, 4 unchanged, 0 conflicts\n")
        try write("b.md", "# Beta\nsecond\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok("import", "--json", vault.path).utf8)) as? [String: Any])
        #expect(json["new"] as? Int == 0 && json["updated"] as? Int == 1 && json["unchanged"] as? Int == 3 && json["conflicts"] as? Int == 0)
        let changed = try #require((json["notes"] as? [[String: Any]])?.first)
        #expect(changed["change"] as? String == "updated" && changed["file"] as? String == vault.path + "/b.md")
        #expect(json["dryRun"] as? Bool == false && (json["skipped"] as? [Any])?.isEmpty == true)
    }

    /// A vault cloned without its `.obsidian` folder (obsidian-help publishes none): 135 of
    /// its 2,871 notes would be titled by their first heading or `title`, not by their file
    /// name as Obsidian shows them. `--from obsidian` says which tool wrote the folder.
    @Test func fromObsidianTitlesByTheFileNameWithoutADotObsidianFolder() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("help/en")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        try Data("# Obsidian Help\n\nWelcome.\n".utf8).write(to: vault.appendingPathComponent("Home.md"))
        try Data("{\"nodes\": [], \"edges\": []}\n".utf8).write(to: vault.appendingPathComponent("Board.canvas"))

        #expect(try sandbox.ok("import", "--dry-run", vault.path).contains("Obsidian Help"), "by the general rules: the heading")
        #expect(try sandbox.ok("import", "--from", "obsidian", vault.path) == "1 new, 0 updated, 0 unchanged, 0 conflicts; ignored 1 file that is not a note\n")
        let note = try #require(try sandbox.notes().first)
        #expect(note["title"] as? String == "Home")
        #expect(note["body"] as? String == "# Obsidian Help\n\nWelcome.")
    }

    @Test func jrnlsOwnJournalFileIsOneNotePerEntry() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let file = sandbox.folder.file("journal.txt")
        try Data("[2024-01-02 10:30:00 AM] Walk. *\nSaw a heron @birds\n\n[2024-01-03 09:00:00 PM] Read\n".utf8).write(to: file)

        #expect(try sandbox.ok("import", "--from", "jrnl", file.path) == "2 new, 0 updated, 0 unchanged, 0 conflicts\n")
        let notes = try sandbox.notes().sorted { ($0["created"] as? String ?? "") < ($1["created"] as? String ?? "") }
        #expect(notes.map { $0["title"] as? String } == ["Walk.", "Read"])
        #expect(notes.first?["tags"] as? [String] == ["birds", "starred"])
        #expect(notes.first?["body"] as? String == "Saw a heron @birds")
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
