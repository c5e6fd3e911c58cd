import Foundation
import NotesTestSupport
import Testing

/// Capture from the shell: a piped note without a title, `add TITLE -`, `append`, `set --body`.
@Suite struct CLICaptureTests {
    @Test func aPipedNoteWithoutATitleTakesItsFirstLineAsTheTitle() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.ok("add", stdin: "\n  Call Ana  \n\nabout the garden\nsoon\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "Call Ana")
        #expect(note["body"] as? String == "about the garden\nsoon\n")

        let one = try sandbox.ok("add", "--tag", "idea", stdin: "Just a title\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let only = try #require(try sandbox.json("show", one) as? [String: Any])
        #expect(only["title"] as? String == "Just a title")
        #expect(only["body"] as? String == "")
        #expect(only["tags"] as? [String] == ["idea"])
    }

    @Test func anEmptyPipeIsAClearErrorAndAddsNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Existing")
        let before = try #require(sandbox.storeBytes())
        let result = try sandbox.run("add", stdin: " \n\n")
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: standard input holds no text: nothing to add"), "\(result)")
        #expect(sandbox.storeBytes() == before)
    }

    @Test func aTitleThenADashReadsTheBody() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.ok("add", "Log", "-", stdin: "line one\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["title"] as? String == "Log")
        #expect(note["body"] as? String == "line one\n")
        let given = try sandbox.ok("add", "Plain", "a body").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((try sandbox.json("show", given) as? [String: Any])?["body"] as? String == "a body")
        let twice = try sandbox.run("add", "Both", "x", "--body", "y")
        #expect(twice.status != 0 && twice.stderr.contains("give the body once"), "\(twice)")
    }

    @Test func textPipedInBesideATitleAloneIsRefusedNotDropped() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Existing")
        let before = try #require(sandbox.storeBytes())
        for arguments in [["add", "Shopping list"], ["add", "Shopping list", "--tag", "home"]] {
            let result = try sandbox.runner.run(arguments + ["--store", sandbox.storePath], stdin: "milk\neggs\n")
            #expect(result.status != 0, "\(result)")
            #expect(result.stderr.contains("standard input holds text that a title alone would leave unread: add '-'"), "\(result)")
            #expect(result.stderr.contains("notes add \"$t\" </dev/null"), "a loop reading a file is told what to type: \(result)")
            #expect(sandbox.storeBytes() == before)
        }
        // Nothing waiting on standard input: the title alone makes a note with no body, as before.
        let id = try sandbox.ok("add", "Shopping list", stdin: "").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((try sandbox.json("show", id) as? [String: Any])?["body"] as? String == "")
    }

    @Test func appendAddsALineBreakOnlyWhenTheBodyLacksOne() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Log", "--body", "first")
        #expect(try sandbox.ok("append", id, "second") == "body: 5 → 12 characters\n")
        try sandbox.ok("append", id, "-", stdin: "third\n")
        try sandbox.ok("append", id, "fourth")
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "first\nsecond\nthird\nfourth")

        let empty = try sandbox.add("Empty")
        try sandbox.ok("append", empty, "only")
        #expect((try sandbox.json("show", empty) as? [String: Any])?["body"] as? String == "only")
    }

    @Test func setBodyReplacesItFromTextOrStandardInput() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old")
        #expect(try sandbox.ok("set", id, "--body", "- new") == "body: 3 → 5 characters\n")
        #expect(try sandbox.ok("set", id, "--body", "-", stdin: "from a pipe\n") == "body: 5 → 12 characters\n")
        #expect((try sandbox.json("show", id) as? [String: Any])?["body"] as? String == "from a pipe\n")
        #expect(try sandbox.ok("set", id, "--body", "-", stdin: "from a pipe\n") == "no changes\n")
    }
}
