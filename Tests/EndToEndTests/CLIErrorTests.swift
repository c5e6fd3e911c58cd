import Foundation
import NotesTestSupport
import Testing

/// Every mistake prints `error: …` to stderr, exits non-zero, and leaves the store file as it was.
@Suite struct CLIErrorTests {
    /// Failing command lines; `{dir}` is replaced by the sandbox folder (which holds the files made by `prepare`).
    static let failingCommands: [[String]] = [
        ["add", "x", "--category", "Nope"],
        ["add", "   "],
        ["add", "x", "--kind", "poem"],
        ["add", "x", "--tag", "#"],
        ["show", "FFFFFFFF-0000-0000-0000-000000000000"],
        ["show", "zz"],
        ["show", "AAAA"],
        ["rm", "no-such-id"],
        ["edit", "no-such-id"],
        ["list", "--category", "Nope"],
        ["category", "add", "work"],
        ["category", "add", "Other", "--color", "#12345"],
        ["category", "add", "Other", "--color", "red"],
        ["category", "add", "  "],
        ["category", "color", "Nope", "#000000"],
        ["category", "color", "Work", "#GG0000"],
        ["category", "rename", "Nope", "Other"],
        ["category", "rename", "Work", "Home"],
        ["category", "rm", "Nope"],
        ["export", "--format", "markdown"],
        ["export", "--format", "markdown", "--output", "{dir}/full"],
        ["export", "--format", "yaml"],
        ["import", "{dir}/missing.json"],
        ["import", "{dir}/broken.json"],
        ["import", "{dir}/too-new.json"],
        ["import", "{dir}/untitled.json"],
        ["import", "{dir}/badmd/b.md"],
        ["frobnicate"],
        ["list", "--frobnicate"],
    ]

    @Test(arguments: failingCommands)
    func failsWithoutWriting(_ command: [String]) throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try prepare(sandbox)
        let before = try #require(sandbox.storeBytes())
        let arguments = command.map { $0.replacingOccurrences(of: "{dir}", with: sandbox.folder.url.path) }

        let result = try sandbox.runner.run(arguments + ["--store", sandbox.storePath])

        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.hasPrefix("error: "), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(sandbox.storeBytes() == before, "the store file changed")
    }

    /// A store with categories Work and Home, two notes whose ids share the prefix `AAAA`, and bad import files.
    private func prepare(_ sandbox: CLISandbox) throws {
        try sandbox.ok("category", "add", "Work")
        try sandbox.ok("category", "add", "Home")
        let folder = sandbox.folder
        let twins = """
        {"format": "notes-export", "version": 1, "categories": [], "notes": [
          {"id": "AAAA0000-0000-0000-0000-000000000001", "title": "one"},
          {"id": "AAAA0000-0000-0000-0000-000000000002", "title": "two"}]}
        """
        try Data(twins.utf8).write(to: folder.file("twins.json"))
        try sandbox.ok("import", folder.file("twins.json").path)
        try Data("{\"format\": \"notes-export\", \"version\": 1, \"notes\": [".utf8).write(to: folder.file("broken.json"))
        try Data("{\"format\": \"notes-export\", \"version\": 99, \"notes\": []}".utf8).write(to: folder.file("too-new.json"))
        let untitled = """
        {"format": "notes-export", "version": 1, "categories": [{"name": "New"}],
         "notes": [{"title": "fine", "category": "New"}, {"title": "  "}]}
        """
        try Data(untitled.utf8).write(to: folder.file("untitled.json"))
        try FileManager.default.createDirectory(at: folder.file("badmd"), withIntermediateDirectories: true)
        try Data("---\ntitle: ok\n---\nbody".utf8).write(to: folder.file("badmd/a.md"))
        try Data("---\ntitle: bad\ncreated: [yesterday\n---\nbody".utf8).write(to: folder.file("badmd/b.md"))
        try FileManager.default.createDirectory(at: folder.file("full"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: folder.file("full/existing.md"))
    }

    @Test func anAmbiguousPrefixSaysSo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try prepare(sandbox)

        let result = try sandbox.run("show", "aaaa0000")

        #expect(result.status != 0)
        #expect(result.stderr.contains("ambiguous"))
    }

    @Test func aFailedMarkdownExportLeavesTheFolderAlone() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try prepare(sandbox)

        _ = try sandbox.run("export", "--format", "markdown", "--output", sandbox.folder.file("full").path)

        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.file("full").path)
        #expect(names == ["existing.md"])
    }
}
