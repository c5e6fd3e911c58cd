import Foundation
import NotesTestSupport
import Testing

/// Every option's value may start with `-` (PRODUCT §4), even `--`.
@Suite struct CLIOptionValueTests {
    @Test func valuesStartingWithDashesReachTheirOptions() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Rule", "--body", "--- a horizontal rule first", "--tag", "--loud", "--kind", "note")
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "--- a horizontal rule first")
        #expect(note["tags"] as? [String] == ["--loud"])

        try sandbox.ok("set", id, "--title", "--x --y", "--untag", "--loud", "--tag", "-1")
        let changed = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(changed["title"] as? String == "--x --y")
        #expect(changed["tags"] as? [String] == ["-1"])

        // A search value starting with `-` is an exclusion (`-term`); quoted, a word with dashes.
        let found = try sandbox.notes("--search", "-zzz")
        #expect(found.map { $0["id"] as? String } == [id])
        let quoted = try sandbox.notes("--search", "\"--x\"")
        #expect(quoted.map { $0["id"] as? String } == [id])
        #expect(try sandbox.notes("--search", "--x").isEmpty)  // leaves out the notes holding `-x`
    }

    @Test func aStorePathAndAnOutputPathMayStartWithADash() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let folder = sandbox.folder.url
        let result = try sandbox.runner.run(["--store", "-dashed/notes.json", "add", "Here"],
                                            environment: sandbox.sandboxed([:]), workingDirectory: folder)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("-dashed/notes.json").path))

        let export = try sandbox.runner.run(["--store", "-dashed/notes.json", "export", "--format", "json", "-o", "-out.json"],
                                            environment: sandbox.sandboxed([:]), workingDirectory: folder)
        #expect(export.status == 0, "\(export)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("-out.json").path))
    }

    /// The options `OptionValues` joins with their value are every option that takes one:
    /// a new option must be added there (Sources/notes/OptionValues.swift) or its value
    /// could not start with `-`.
    @Test func everyValueOptionIsKnownToTheJoiner() throws {
        let runner = try CLIRunner()
        let result = try runner.run(["--experimental-dump-help"])
        #expect(result.status == 0)
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var names = Set<String>()
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                for name in argument["names"] as? [[String: Any]] ?? [] {
                    if let text = name["name"] as? String { names.insert(name["kind"] as? String == "short" ? "-" + text : text) }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
        }
        walk(try #require(dump["command"] as? [String: Any]))
        #expect(names == ["store", "body", "category", "tag", "untag", "kind", "title", "search", "format",
                          "output", "-o", "from", "color", "older-than", "map", "identity", "links-to", "linked-from",
                          "template", "alias", "no-alias"],
                "a new option that takes a value: add it to OptionValues (Sources/notes/OptionValues.swift) and here")
    }
}
