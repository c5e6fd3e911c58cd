import Foundation
import NotesTestSupport
import Testing
@testable import notes

/// Text given as an argument may start with `-` (PRODUCT §4): a task or a list item
/// captured from the shell is taken as written, through the real parser and store.
@Suite struct CLITextArgumentsTests {
    @Test func appendTakesATaskOrAListItemAsWritten() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Shopping")

        try sandbox.ok("append", id, "- [ ] buy milk")
        // `h` among the letters once made the parser print the help and add nothing.
        try sandbox.ok("append", id, "- [ ] fix the shed")
        try sandbox.ok("append", id, "-5 degrees, --- or so")
        try sandbox.ok("append", id, "-", stdin: "- from a pipe\n")

        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "- [ ] buy milk\n- [ ] fix the shed\n-5 degrees, --- or so\n- from a pipe\n")
    }

    @Test func addAndCategoriesTakeTitlesBodiesAndNamesThatStartWithADash() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let titled = try sandbox.add("- call Ana", "--tag", "todo")
        let both = try sandbox.add("Plan", "-> first the seeds", "--kind", "checklist")
        let titledNote = try #require(try sandbox.json("show", titled) as? [String: Any])
        #expect(titledNote["title"] as? String == "- call Ana")
        #expect(titledNote["tags"] as? [String] == ["todo"])
        let bothNote = try #require(try sandbox.json("show", both) as? [String: Any])
        #expect(bothNote["title"] as? String == "Plan")
        #expect(bothNote["body"] as? String == "-> first the seeds")
        #expect(bothNote["kind"] as? String == "checklist")

        try sandbox.ok("category", "add", "- misc")
        try sandbox.ok("category", "rename", "- misc", "-> later")
        #expect(try sandbox.categories().map { $0["name"] as? String } == ["-> later"])
    }

    @Test func anOptionShapedWordTheCommandDoesNotKnowIsAnErrorThatShowsTheDashes() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Shopping")
        let before = try #require(sandbox.storeBytes())

        for word in ["--wip", "-wip", "-hello"] {
            let result = try sandbox.run("append", id, word)
            #expect(result.status == 64, "\(word): \(result)")
            #expect(result.stdout.isEmpty, "\(word) printed the help: \(result)")
            #expect(result.stderr.contains("If '\(word)' is text, put '--' before it: "
                                           + "notes append --store \(sandbox.storePath) \(id) -- \(word)"), "\(result)")
        }
        #expect(sandbox.storeBytes() == before)

        // As the hint says: `--` before the text (the sandbox's `--store` goes first, as everything after `--` is text).
        let dashed = try sandbox.runner.run(["--store", sandbox.storePath, "append", id, "--", "-wip"])
        #expect(dashed.status == 0, "\(dashed)")
        #expect((try sandbox.json("show", id) as? [String: Any])?["body"] as? String == "-wip")
    }

    @Test func optionsStayOptionsAndTheTextKeepsItsPlace() throws {
        #expect(try TextArguments.rewritten(["--store", "s", "append", "ID", "- x", "--store=t"])
                == ["--store", "s", "append", "--store=t", "--", "ID", "- x"])
        #expect(try TextArguments.rewritten(["add", "- t", "--tag", "a", "-> b", "--edit"])
                == ["add", "--tag", "a", "--edit", "--", "- t", "-> b"])
        // Nothing to move: no text that starts with a dash, `-` alone, or `--` already given.
        #expect(try TextArguments.rewritten(["add", "T", "-", "--tag", "a"]) == ["add", "T", "-", "--tag", "a"])
        #expect(try TextArguments.rewritten(["append", "ID", "--", "- x"]) == ["append", "ID", "--", "- x"])
        #expect(try TextArguments.rewritten(["category", "add", "- misc"]) == ["category", "add", "--", "- misc"])
        #expect(throws: TextArguments.UnknownOption.self) { try TextArguments.rewritten(["list", "-json"]) }
    }
}
