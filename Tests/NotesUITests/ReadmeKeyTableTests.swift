import Foundation
import NotesUI
import Testing

/// README's key table is `KeyMap.markdownTable()`, between two marker lines: a key added,
/// changed or removed in a key map fails here until README says the same.
/// `NOTES_UPDATE_README=1 swift test --filter ReadmeKeyTable` writes the section instead.
@Suite struct ReadmeKeyTableTests {
    static let begin = "<!-- keys:begin -->"
    static let end = "<!-- keys:end -->"

    static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The text between the markers (nil when either is missing), and where it sits.
    static func section(of text: String) -> (range: Range<String.Index>, body: String)? {
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { return nil }
        let range = start.upperBound..<stop.lowerBound
        return (range, String(text[range]))
    }

    /// What README holds between the markers: a blank line, the tables, a blank line.
    static var expected: String { "\n\n" + KeyMap.markdownTable() + "\n" }

    @Test func readmeKeyTableIsTheKeyMaps() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let found = try #require(Self.section(of: text),
                                 "\(Self.readme.path) has no '\(Self.begin)' … '\(Self.end)' section")
        if found.body == Self.expected { return }
        if ProcessInfo.processInfo.environment["NOTES_UPDATE_README"] == "1" {
            var updated = text
            updated.replaceSubrange(found.range, with: Self.expected)
            try updated.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        Issue.record("""
            \(Self.readme.path): the key table differs from the key maps (- README, + key maps):
            \(Self.lineDiff(from: found.body, to: Self.expected))
            Regenerate it: NOTES_UPDATE_README=1 swift test --filter ReadmeKeyTable
            """)
    }

    @Test func theDiffNamesWhatChanged() {
        let diff = Self.lineDiff(from: "a\nb\nc", to: "a\nB\nc\nd")
        #expect(diff == "- b\n+ B\n+ d")
    }

    /// The lines only one side has, in order (a longest common subsequence of lines).
    static func lineDiff(from old: String, to new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                i += 1; j += 1
            } else if j == b.count || (i < a.count && common[i + 1][j] >= common[i][j + 1]) {
                lines.append("- \(a[i])"); i += 1
            } else {
                lines.append("+ \(b[j])"); j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
