import Foundation
import NotesTestSupport
import Testing

/// `--help` documents every command; completion scripts come from ArgumentParser.
@Suite struct CLIHelpTests {
    @Test func helpListsEveryCommandOnStandardOutput() throws {
        let runner = try CLIRunner()

        let result = try runner.run(["--help"])

        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        for command in ["add", "list", "show", "edit", "rm", "trash", "restore", "category", "export", "import", "doctor"] {
            #expect(result.stdout.contains("\n  \(command)"), "missing \(command)")
        }
        #expect(result.stdout.contains("--store"))
    }

    @Test(arguments: [["add", "--help"], ["category", "add", "--help"], ["help", "export"], ["trash", "empty", "--help"],
                      ["restore", "--help"]])
    func everyCommandHasHelp(_ arguments: [String]) throws {
        let result = try CLIRunner().run(arguments)

        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: notes"))
        #expect(result.stdout.contains("--store <path>"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAreGenerated(_ shell: String) throws {
        let result = try CLIRunner().run(["--generate-completion-script", shell])

        #expect(result.status == 0)
        #expect(result.stdout.contains("category"))
    }

    @Test func aUsageMistakeIsALowercaseErrorWithStatus64() throws {
        // (`notes add` without a title reads the note from standard input.)
        let result = try CLIRunner().run(["show"])

        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Missing expected argument '<id>'"), "\(result)")
    }
}
