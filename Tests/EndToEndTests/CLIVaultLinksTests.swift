import Foundation
import NotesTestSupport
import Testing

/// A vault's links after `notes import`: folder paths and aliases resolve, the links to
/// notes not in the import are counted (text, dry run and `--json`) and kept as written.
@Suite struct CLIVaultLinksTests {
    private func vault(_ sandbox: CLISandbox) throws -> URL {
        let vault = sandbox.folder.file("vault")
        let files = [
            ".obsidian/app.json": "{}",
            "Folder/Note.md": "---\naliases: [Other name]\n---\nin a folder",
            "Home.md": "[[Folder/Note]] [[other name]] [[Missing]] [[Missing#Part]] [[Elsewhere]]",
        ]
        for (path, text) in files {
            let url = vault.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return vault
    }

    @Test func importCountsTheLinksToNotesNotInTheImport() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)
        let dry = try sandbox.ok("import", "--dry-run", vault.path)
        #expect(dry.contains("3 links point at 2 notes not in the import or the store (would be kept as written"), "\(dry)")
        let json = try #require(try sandbox.json("import", "--dry-run", vault.path) as? [String: Any])
        #expect(json["missingLinks"] as? Int == 3)
        #expect(json["missingLinkTargets"] as? Int == 2)
        let done = try sandbox.ok("import", vault.path)
        #expect(done.contains("3 links point at 2 notes not in the import or the store (kept as written"), "\(done)")

        let dead = try sandbox.run("links", "--dead")
        #expect(dead.stdout.split(separator: "\n").count == 3, "\(dead.stdout)")
        #expect(!dead.stdout.contains("Folder/Note") && !dead.stdout.contains("other name"))
        let note = try #require(try sandbox.notes().first { $0["title"] as? String == "Note" })
        #expect(note["aliases"] as? [String] == ["Other name"])
    }

    @Test func aVaultWithoutItsMarkerIsToldWhichTitleRuleWasUsed() throws {
        // A vault cloned without `.obsidian`: titles from headings, and the import says so.
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try vault(sandbox)
        try Data("# A heading\n[[Home]]".utf8).write(to: vault.appendingPathComponent("Plan.md"))
        try FileManager.default.removeItem(at: vault.appendingPathComponent(".obsidian"))
        let plain = try sandbox.run("import", "--dry-run", vault.path)
        #expect(plain.stderr.contains("note: \(vault.path) has no .obsidian"), "\(plain.stderr)")
        #expect(plain.stderr.contains("--from obsidian titles every note by its file name"), "\(plain.stderr)")
        let chosen = try sandbox.run("import", "--dry-run", "--from", "obsidian", vault.path)
        #expect(!chosen.stderr.contains("note:"), "\(chosen.stderr)")
        try FileManager.default.createDirectory(at: vault.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
        let marked = try sandbox.run("import", "--dry-run", vault.path)
        #expect(!marked.stderr.contains("note:"), "\(marked.stderr)")
    }

    @Test func aBulkImportCountsItsMissingLinksFromTheRenameIndexScan() throws {
        // 1,000 notes or more are written as a snapshot, and their links are read by the
        // scan that makes the rename index beside it: the count is the one a scan of each gives.
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("bulk")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        for number in 0..<1_000 {
            let body = "[[Note \(number + 1)]] [[Gone \(number % 7)]] [[note \(number)|itself]] [text](https://example.com/\(number))"
            try Data(body.utf8).write(to: vault.appendingPathComponent("Note \(number).md"))
        }
        let done = try sandbox.ok("import", vault.path)
        #expect(done.contains("1,001 links point at 8 notes not in the import or the store (kept as written"), "\(done)")
        #expect(done.contains("1,000 new"), "\(done)")
        let dead = try sandbox.run("links", "--dead")
        #expect(dead.stdout.split(separator: "\n").count == 1_001)
    }

    @Test func setAddsAndRemovesAliasesThatLinksThenFollow() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let target = try sandbox.add("Getting started")
        let linking = try sandbox.add("Hub", "--body", "see [[start here]]")
        #expect(try sandbox.ok("set", target, "--alias", "Start here", "--alias", "Démarrer")
                == "aliases: (none) → \"Start here\", \"Démarrer\"\n")
        #expect(try sandbox.ok("show", target).contains("aliases:    Start here, Démarrer"))
        #expect(try sandbox.notes("--links-to", target).compactMap { $0["id"] as? String } == [linking])
        #expect(try sandbox.notes("--search", "demarrer").count == 1, "aliases are searched")
        _ = try sandbox.ok("set", target, "--no-alias", "start here")
        #expect(try sandbox.notes("--links-to", target).isEmpty, "--no-alias removes it, named as links name it")
    }
}
