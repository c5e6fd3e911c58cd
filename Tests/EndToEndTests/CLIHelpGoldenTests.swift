import ArgumentParser
import Foundation
import NotesTestSupport
import Testing
@testable import notes

/// Every command's `--help` is checked in as a golden file, `Golden/help/<command>.txt`
/// (`notes.txt` for `notes` itself, `category-add.txt` for `notes category add`), and
/// compared with the help rendered in process at 80 columns. `NOTES_UPDATE_GOLDEN=1`
/// rewrites the files (and removes those of commands that are gone) instead of failing.
@Suite struct CLIHelpGoldenTests {
    @Test(arguments: HelpGolden.commandPaths)
    func helpMatchesItsGoldenFile(_ path: [String]) throws {
        let text = try HelpGolden.help(for: path)
        let file = HelpGolden.file(for: path)
        if HelpGolden.updating {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        let command = path.joined(separator: " ")
        let diff = HelpGolden.lineDiff(from: golden, to: text)
        if text != golden {
            Issue.record("notes \(command) --help differs from \(file.lastPathComponent) (NOTES_UPDATE_GOLDEN=1 rewrites it):\n\(diff)")
        }
    }

    @Test func everyGoldenFileIsACommand() throws {
        let expected = Set(HelpGolden.commandPaths.map { HelpGolden.file(for: $0).lastPathComponent })
        let names = try FileManager.default.contentsOfDirectory(atPath: HelpGolden.folder.path)
        let stale = names.filter { !expected.contains($0) }.sorted()
        if HelpGolden.updating {
            for name in stale { try FileManager.default.removeItem(at: HelpGolden.folder.appendingPathComponent(name)) }
            return
        }
        #expect(stale.isEmpty, "golden files of no command: \(stale)")
    }

    /// The text the tests compare is what the binary prints in a pipe.
    @Test func theBinaryPrintsTheSameHelp() throws {
        let result = try CLIRunner().run(["rm", "--help"], environment: ["COLUMNS": "80"])

        #expect(result.status == 0)
        #expect(result.stdout == (try HelpGolden.help(for: ["rm"])) + "\n")
    }

    /// Runs of spaces are for the option columns only: prose (a line that does not start
    /// with a space) has single spaces between words.
    @Test func noHelpHasStraySpacesOrBlankRuns() throws {
        for path in HelpGolden.commandPaths {
            let lines = try HelpGolden.help(for: path).split(separator: "\n", omittingEmptySubsequences: false)
            let name = "notes \(path.joined(separator: " "))"
            #expect(!lines.contains { $0.hasSuffix(" ") }, "\(name) --help has a line ending in spaces")
            let prose = lines.filter { !$0.hasPrefix(" ") && $0.contains("  ") }
            #expect(prose.isEmpty, "\(name) --help has runs of spaces in its text: \(prose)")
            #expect(!zip(lines, lines.dropFirst()).contains { $0.isEmpty && $1.isEmpty }, "\(name) --help has two blank lines in a row")
        }
    }

    @Test func aDifferenceIsShownLineByLine() {
        let diff = HelpGolden.lineDiff(from: "USAGE: notes rm\nOPTIONS:\n", to: "USAGE: notes rm <ids>\nOPTIONS:\n")

        #expect(diff == "- 1: USAGE: notes rm\n+ 1: USAGE: notes rm <ids>")
    }
}

/// The command tree and the golden files of its help.
enum HelpGolden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/help")

    static var updating: Bool { ProcessInfo.processInfo.environment["NOTES_UPDATE_GOLDEN"] == "1" }

    /// Every command's words after `notes` (`[]` for `notes` itself), depth first.
    static var commandPaths: [[String]] { paths(below: Notes.self, at: []) }

    private static func paths(below command: ParsableCommand.Type, at path: [String]) -> [[String]] {
        [path] + command.configuration.subcommands.flatMap { paths(below: $0, at: path + [$0._commandName]) }
    }

    /// `Golden/help/category-add.txt` for `["category", "add"]`, `notes.txt` for `[]`.
    static func file(for path: [String]) -> URL {
        folder.appendingPathComponent((path.isEmpty ? "notes" : path.joined(separator: "-")) + ".txt")
    }

    /// The help `notes PATH --help` prints, at 80 columns.
    static func help(for path: [String]) throws -> String {
        var command: ParsableCommand.Type = Notes.self
        for name in path {
            let next = command.configuration.subcommands.first { $0._commandName == name }
            command = try #require(next, "no command \(name) in notes \(path.joined(separator: " "))")
        }
        return Notes.helpMessage(for: command, columns: 80)
    }

    /// The lines that differ, in order: `- N: text` for line N of the golden file that is
    /// not in the help, `+ N: text` for line N of the help that is not in the golden file.
    static func lineDiff(from golden: String, to actual: String) -> String {
        let old = golden.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var changes: [(line: Int, order: Int, text: String)] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, let line, _): changes.append((offset + 1, 0, "- \(offset + 1): \(line)"))
            case .insert(let offset, let line, _): changes.append((offset + 1, 1, "+ \(offset + 1): \(line)"))
            }
        }
        return changes.sorted { ($0.line, $0.order) < ($1.line, $1.order) }.map(\.text).joined(separator: "\n")
    }
}
