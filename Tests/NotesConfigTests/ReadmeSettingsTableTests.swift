import Foundation
import Testing
@testable import NotesConfig

/// README's Configuration table is `SettingsTable.markdown()`, between two marker lines.
/// `NOTES_UPDATE_README=1 swift test --filter ReadmeSettingsTable` writes it instead.
@Suite struct ReadmeSettingsTableTests {
    static let begin = "<!-- settings:begin -->"
    static let end = "<!-- settings:end -->"

    static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    @Test func readmeSettingsTableIsTheKeysRead() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "README.md has no '\(Self.begin)'")
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        let expected = "\n" + SettingsTable.markdown() + "\n"
        let range = start.upperBound..<stop.lowerBound
        if String(text[range]) == expected { return }
        if ProcessInfo.processInfo.environment["NOTES_UPDATE_README"] == "1" {
            var updated = text
            updated.replaceSubrange(range, with: expected)
            try updated.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        Issue.record("README.md's settings table differs from SettingKey.all; regenerate it: NOTES_UPDATE_README=1 swift test --filter ReadmeSettingsTable")
    }

    @Test func everyKeyIsInTheTable() {
        let table = SettingsTable.markdown()
        for key in SettingKey.all { #expect(table.contains("| `\(key.name)` |")) }
    }
}
