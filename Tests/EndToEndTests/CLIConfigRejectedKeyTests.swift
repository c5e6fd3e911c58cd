import Foundation
import NotesTestSupport
import Testing

/// A `[keys]` entry the key map rejects (an unknown action, a key it cannot read) is a warning
/// naming its line, and keeps the default: `notes config` lists only the remaps in effect.
@Suite struct CLIConfigRejectedKeyTests {
    @Test func aRejectedRemapIsWarnedAboutAndNotListed() throws {
        let home = try CLIConfigTests.Home(config: "[keys]\nedit = \"E\"\npin = \"P\"\ntogglePin = \"Hyper-Q\"\n")
        defer { home.sandbox.folder.remove() }
        let path = home.configHome + "/notes/config.toml"
        let result = try home.run("config")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("warning: \(path):3: keys.pin: unknown action 'pin'"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: \(path):4: keys.togglePin:"), "\(result.stderr)")
        let keyLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("keys.") }
        #expect(keyLines == ["keys.edit        = \"E\"  # \(path):2"], "\(result.stdout)")
    }
}
