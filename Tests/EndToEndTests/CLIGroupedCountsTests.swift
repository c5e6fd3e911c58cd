import Foundation
import NotesTestSupport
import Testing

/// The summaries of `notes import` and `notes export` group their counts as the progress
/// line does (`1,200 new`, `exported 1,200 notes`); `--json` keeps plain numbers.
@Suite struct CLIGroupedCountsTests {
    @Test func importAndExportSummariesGroupTheirCounts() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let source = sandbox.folder.file("some.json")
        try CLIImportProgressTests.export(count: 1_200).write(to: source)

        let dryRun = try sandbox.ok("import", source.path, "--dry-run")
        #expect(dryRun.hasSuffix("dry run, nothing written: would be 1,200 new, 0 updated, 0 unchanged, 0 conflicts\n"))
        #expect(try sandbox.ok("import", source.path) == "1,200 new, 0 updated, 0 unchanged, 0 conflicts\n")
        let again = try #require(try sandbox.json("import", source.path) as? [String: Any])
        #expect(again["unchanged"] as? Int == 1_200, "\(again)")

        let json = sandbox.folder.file("out.json").path
        #expect(try sandbox.ok("export", "--format", "json", "--output", json) == "exported 1,200 notes to \(json)\n")
        let folder = sandbox.folder.file("out").path
        #expect(try sandbox.ok("export", "--format", "markdown", "--output", folder) == "exported 1,200 notes to \(folder)\n")
    }
}
