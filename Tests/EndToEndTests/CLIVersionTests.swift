import Foundation
import NotesTestSupport
import Testing
@testable import notes

/// `notes --version` and `-V` name the version and the commit the binary was built from
/// (written at build time by the BuildCommit plugin).
@Suite struct CLIVersionTests {
    @Test(arguments: ["--version", "-V"])
    func printsTheVersionAndTheCommitItWasBuiltFrom(_ flag: String) throws {
        let result = try CLIRunner().run([flag])

        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == NotesVersion.text(commit: try Self.checkedOutCommit()) + "\n")
    }

    @Test func aBuildOutsideAGitWorkTreeSaysSo() {
        #expect(NotesVersion.text(commit: nil) == "notes \(NotesVersion.number) (unknown commit)")
        #expect(NotesVersion.text(commit: "74c6fa9") == "notes \(NotesVersion.number) (74c6fa9)")
    }

    /// What git says of the package's folder, as the plugin reads it: the short commit,
    /// `, modified` when tracked files changed; nil when the folder is not a work tree's top.
    static func checkedOutCommit() throws -> String? {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().resolvingSymlinksInPath()
        let git = URL(fileURLWithPath: "/usr/bin/git")
        guard FileManager.default.isExecutableFile(atPath: git.path) else { return nil }
        let runner = try CLIRunner(executable: git)
        let top = try runner.run(["-C", folder.path, "rev-parse", "--show-toplevel"])
        let topFolder = URL(fileURLWithPath: top.stdout.trimmingCharacters(in: .newlines)).resolvingSymlinksInPath()
        guard top.status == 0, topFolder.path == folder.path else { return nil }
        let commit = try runner.run(["-C", folder.path, "rev-parse", "--short=7", "HEAD"])
        guard commit.status == 0 else { return nil }
        let status = try runner.run(["-C", folder.path, "status", "--porcelain", "--untracked-files=no"])
        let id = commit.stdout.trimmingCharacters(in: .newlines)
        return status.stdout.isEmpty ? id : id + ", modified"
    }
}
