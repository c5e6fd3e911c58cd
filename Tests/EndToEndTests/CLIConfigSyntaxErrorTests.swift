import Foundation
import NotesTestSupport
import Testing

/// A syntax error in the config file costs its line: `notes config` warns naming the line
/// and prints the other settings from the file.
@Suite struct CLIConfigSyntaxErrorTests {
    @Test func configWarnsOfTheLineAndKeepsTheRest() throws {
        let home = try CLIConfigTests.Home(config: "editor = \"nano\"\n[keys]\nedit = \"E\"\nedit = \"F\"\n[list]\nsort = \"title\"\n")
        defer { home.sandbox.folder.remove() }
        let path = home.configHome + "/notes/config.toml"
        let result = try home.run("config")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning: \(path):4: not valid TOML, line left out: "), "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("editor ") && $0.hasSuffix("= \"nano\"  # \(path):1") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("keys.edit ") && $0.hasSuffix("= \"E\"  # \(path):3") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("list.sort ") && $0.hasSuffix("= \"title\"  # \(path):6") }, "\(result.stdout)")
    }
}
