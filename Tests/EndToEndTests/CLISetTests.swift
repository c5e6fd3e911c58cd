import Foundation
import NotesTestSupport
import Testing

/// `notes set`, `notes list --uncategorized`, and option values that start with `-`.
@Suite struct CLISetTests {
    @Test func setChangesFieldsAndPrintsWhatChanged() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let id = try sandbox.add("Draft", "--tag", "old", "--tag", "keep")

        let output = try sandbox.ok("set", String(id.prefix(8)), "--title", "-x: final", "--category", "work",
                                    "--tag", "#New", "--untag", "old", "--kind", "journal")

        #expect(output == "title: Draft → -x: final\ncategory: (none) → Work\ntags: +new -old\nkind: note → journal\n")
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "-x: final")
        #expect(note["category"] as? String == "Work")
        #expect(note["tags"] as? [String] == ["keep", "new"])
        #expect(note["kind"] as? String == "journal")

        #expect(try sandbox.ok("set", id, "--no-category") == "category: Work → (none)\n")
        #expect(try sandbox.ok("set", id, "--kind", "journal") == "no changes\n")
    }

    @Test(arguments: [
        (["--category", "Nope"], "error: no category named 'Nope'"),
        (["--category", "Work", "--no-category"], "error: give --category or --no-category, not both"),
        ([], "error: nothing to change"),
        (["--kind", "poem"], "error: unknown kind 'poem'"),
        (["--title", "  "], "error: a note needs a title"),
        (["--tag", "#"], "error: '#' is not a tag name"),
    ])
    func setErrorsWriteNothing(arguments: [String], message: String) throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let id = try sandbox.add("Draft")
        let before = try #require(sandbox.storeBytes())

        let result = try sandbox.runner.run(["set", id] + arguments + ["--store", sandbox.storePath])

        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix(message), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(sandbox.storeBytes() == before)
    }

    @Test func anUnknownNoteIsAnError() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try sandbox.run("set", "ABCDEF01", "--title", "x")
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: no note with id 'ABCDEF01'"))
    }

    @Test func listUncategorized() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        _ = try sandbox.add("Filed", "--category", "Work")
        let loose = try sandbox.add("Loose")

        let notes = try sandbox.notes("--uncategorized")

        #expect(notes.map { $0["id"] as? String } == [loose])
        let both = try sandbox.run("list", "--uncategorized", "--category", "Work")
        #expect(both.status != 0)
    }

    @Test func optionValuesMayStartWithADash() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Ship", "--body", "- ship it", "--tag", "-urgent")
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "- ship it")
        #expect(note["tags"] as? [String] == ["-urgent"])
        try sandbox.ok("set", id, "--title", "-x")
        #expect((try sandbox.json("show", id) as? [String: Any])?["title"] as? String == "-x")
    }
}
