import Foundation
import NotesTestSupport
import Testing

/// `notes import` run again on an Obsidian vault after files were renamed, re-dated and
/// deleted (issue 24): the summary line, `--dry-run`, `--json`, `--verbose` and
/// `--trash-missing`, through the real binary.
@Suite struct CLIReimportFollowTests {
    @Test func renamesDatesAndGoneFilesAreReportedAndTrashMissingIsUndoable() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("vault")
        try FileManager.default.createDirectory(at: vault.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: vault.appendingPathComponent(name)) }
        try write("Draft.md", "Some thoughts\n")
        try write("Dated.md", "---\ncreated: 2024-01-02\nupdated: 2024-01-03\n---\nbody\n")
        try write("Old.md", "to be deleted\n")
        try write("Kept.md", "to be deleted, but edited in notes\n")
        #expect(try sandbox.ok("import", vault.path) == "4 new, 0 updated, 0 unchanged, 0 conflicts\n")
        let id = { (title: String) throws -> String in
            try #require(try sandbox.notes().first { $0["title"] as? String == title }?["id"] as? String)
        }
        let draftID = try id("Draft")
        try sandbox.ok("set", try id("Kept"), "--tag", "mine")
        try FileManager.default.moveItem(at: vault.appendingPathComponent("Draft.md"), to: vault.appendingPathComponent("Essay.md"))
        try write("Dated.md", "---\ncreated: 2024-01-02\nupdated: 2024-05-06\n---\nbody\n")
        try FileManager.default.removeItem(at: vault.appendingPathComponent("Old.md"))
        try FileManager.default.removeItem(at: vault.appendingPathComponent("Kept.md"))
        let before = try #require(sandbox.storeBytes())

        let dryRun = try sandbox.ok("import", "--dry-run", vault.path)

        #expect(dryRun == """
            would update \(vault.path)/Dated.md: Dated
            would follow the rename of \(vault.path)/Draft.md to \(vault.path)/Essay.md: Essay
            gone from the source \(vault.path)/Kept.md: Kept (would be left as it is)
            gone from the source \(vault.path)/Old.md: Old (would be left as it is)
            dry run, nothing written: would be 0 new, 1 updated, 0 unchanged, 0 conflicts, 1 renamed, 2 gone from the source (left as they are)

            """)
        #expect(sandbox.storeBytes() == before)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.ok("import", "--json", "--dry-run", vault.path).utf8)) as? [String: Any])
        #expect(json["renamed"] as? Int == 1 && json["goneFromSource"] as? Int == 2 && json["updated"] as? Int == 1)
        let renamed = try #require((json["notes"] as? [[String: Any]])?.first { $0["change"] as? String == "renamed" })
        #expect(renamed["previousFile"] as? String == vault.path + "/Draft.md" && renamed["file"] as? String == vault.path + "/Essay.md")
        let gone = try #require(json["gone"] as? [[String: Any]])
        #expect(gone.map { $0["title"] as? String } == ["Kept", "Old"] && gone.allSatisfy { $0["action"] as? String == "left" })

        let result = try sandbox.ok("import", "--verbose", vault.path)

        #expect(result == """
            renamed \(vault.path)/Draft.md to \(vault.path)/Essay.md: Essay
            gone from the source \(vault.path)/Kept.md: Kept (left as it is)
            gone from the source \(vault.path)/Old.md: Old (left as it is)
            0 new, 1 updated, 0 unchanged, 0 conflicts, 1 renamed, 2 gone from the source (left as they are)

            """)
        #expect(try id("Essay") == draftID && sandbox.notes().count == 4)
        let dated = try #require(try sandbox.notes().first { $0["title"] as? String == "Dated" })
        #expect((dated["updated"] as? String)?.hasPrefix("2024-05-0") == true, "the header's date: \(dated)")

        let oldID = try id("Old")
        let trashed = try sandbox.ok("import", "--trash-missing", vault.path)

        #expect(trashed == """
            gone from the source \(vault.path)/Kept.md: Kept kept: changed in notes since it was imported
            gone from the source \(vault.path)/Old.md: Old moved to the trash (notes restore \(oldID))
            0 new, 0 updated, 2 unchanged, 0 conflicts, 2 gone from the source (1 moved to the trash, 1 kept: changed in notes since imported)

            """)
        #expect(try sandbox.notes().compactMap { $0["title"] as? String }.sorted() == ["Dated", "Essay", "Kept"])
        try sandbox.ok("restore", oldID)
        #expect(try sandbox.notes().count == 4)
        #expect(try sandbox.ok("import", vault.path)
            == "0 new, 0 updated, 2 unchanged, 0 conflicts, 1 gone from the source (left as it is)\n")
    }

    /// A folder emptied of its notes: `--json --trash-missing` still commits the trashing.
    @Test func aFolderWhoseFilesAreAllGoneIsTrashedWithJSONOutput() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("vault")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        try Data("# Only\nbody\n".utf8).write(to: vault.appendingPathComponent("only.md"))
        try sandbox.ok("import", vault.path)
        try FileManager.default.removeItem(at: vault.appendingPathComponent("only.md"))

        let output = try sandbox.ok("import", "--json", "--trash-missing", vault.path)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(json["goneFromSource"] as? Int == 1)
        let gone = try #require((json["gone"] as? [[String: Any]])?.first)
        #expect(gone["action"] as? String == "trashed" && gone["file"] as? String == vault.path + "/only.md")
        #expect(try sandbox.notes().isEmpty)
        #expect(try sandbox.ok("import", vault.path) == "0 new, 0 updated, 0 unchanged, 0 conflicts\n")
    }
}
