import Foundation
import NotesTestSupport
import Testing

/// A category the config names that does not exist: `notes add` warns, naming the setting and
/// its line, and adds the note (piped in, maybe) without a category, as the UI's `n` does;
/// `notes today` refuses with an error naming the setting, and makes no note.
@Suite struct CLIConfiguredCategoryTests {
    @Test func addWarnsAndKeepsThePipedNote() throws {
        let home = try CLIConfigTests.Home(config: "default_category = \"Inbox\"\n")
        defer { home.sandbox.folder.remove() }
        let path = home.configHome + "/notes/config.toml"
        let result = try home.sandbox.runner.run(["add", "--store", home.sandbox.storePath],
                                                 environment: home.sandbox.sandboxed(home.environment), stdin: "Idea\nthe text\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "warning: no category named 'Inbox', which the config's default_category names (\(path):1): "
                + "the note is added without a category\n")
        let listed = try home.run("list", "--json")
        #expect(listed.stdout.contains("\"title\": \"Idea\""), "\(listed)")
    }

    @Test func todayNamesTheSettingOfAMissingCategory() throws {
        let home = try CLIConfigTests.Home(config: "\ndaily.category = \"Journal\"\n")
        defer { home.sandbox.folder.remove() }
        let path = home.configHome + "/notes/config.toml"
        let result = try home.run("today", "--print")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("error: no category named 'Journal', which the config's daily.category names (\(path):2)"),
                "\(result.stderr)")
    }
}
