import Foundation
import NotesTestSupport
import Testing

/// Shell completion of category names, tags and kinds: the completion scripts call
/// `notes ---completion <command> -- <argument> <word index> <cursor> <words…>` when the
/// user presses Tab, and the binary reads the store those words name.
@Suite struct CLICompletionTests {
    /// A store with two categories and three tags (one on a note in the trash only).
    static func sandbox() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.ok("category", "add", "Work")
        try sandbox.ok("category", "add", "Home Stuff")
        _ = try sandbox.add("first", "--tag", "Alpha", "--tag", "beta")
        _ = try sandbox.add("second", "--tag", "gamma", "--category", "Work")
        let trashed = try sandbox.add("gone", "--tag", "trashed")
        try sandbox.ok("rm", trashed)
        return sandbox
    }

    /// The candidates for the last of `words` (typed up to its end) as `argument` of `command`.
    static func complete(_ sandbox: CLISandbox, _ command: [String], _ argument: String, _ words: [String],
                         environment: [String: String] = [:]) throws -> [String] {
        let typed = words.last ?? ""
        let arguments = ["---completion"] + command + ["--", argument, "\(words.count - 1)", "\(typed.count)"] + words
        let result = try sandbox.runner.run(arguments, environment: environment)
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func categoryNamesComplete() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let before = sandbox.storeBytes()

        let all = try Self.complete(sandbox, ["add"], "--category", ["notes", "add", "--store", sandbox.storePath, "--category", ""])
        let some = try Self.complete(sandbox, ["list"], "--category", ["notes", "list", "--store", sandbox.storePath, "--category", "h"])
        let positional = try Self.complete(sandbox, ["category", "rm"], "positional@0",
                                           ["notes", "category", "rm", "--store=\(sandbox.storePath)", "'W"])

        #expect(all == ["Home Stuff", "Work"])
        #expect(some == ["Home Stuff"])
        #expect(positional == ["Work"])
        #expect(sandbox.storeBytes() == before, "completing wrote to the store")
    }

    @Test func tagsOfLiveNotesComplete() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }

        let tags = try Self.complete(sandbox, ["set"], "--untag", ["notes", "set", "x", "--store", sandbox.storePath, "--untag", ""])
        let fromEnvironment = try Self.complete(sandbox, ["list"], "--tag", ["notes", "list", "--tag", "g"],
                                                environment: ["NOTES_STORE": sandbox.storePath])

        #expect(tags == ["alpha", "beta", "gamma"])
        #expect(fromEnvironment == ["gamma"])
    }

    @Test func aMissingStoreCompletesNothingAndIsNotCreated() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }

        let names = try Self.complete(sandbox, ["add"], "--category", ["notes", "add", "--store", sandbox.storePath, "--category", ""])

        #expect(names.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.storePath))
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder.file("store").path))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptsCompleteKindsAndAskForNames(_ shell: String) throws {
        let result = try CLIRunner().run(["--generate-completion-script", shell])

        #expect(result.status == 0)
        #expect(result.stdout.contains("checklist"))
        #expect(result.stdout.contains("---completion add -- --category"))
        #expect(result.stdout.contains("---completion set -- --untag"))
    }
}
