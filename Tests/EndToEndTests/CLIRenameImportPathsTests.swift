import Foundation
import NotesTestSupport
import Testing

/// A rename through the rename index (`notes set --title` after `notes compact`) knows the
/// imported notes' records as a whole-store rename does: a link tied between two folders
/// (`[[B/Plans]]` with `A/Plans` and `B/Plans`) is rewritten when it leads to the renamed
/// note, and a Dendron note's `[[label|target]]` has its target rewritten.
@Suite struct CLIRenameImportPathsTests {
    private enum CLIError: Error { case noNote(String) }

    private func write(_ files: [String: String], under folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func id(_ sandbox: CLISandbox, titled title: String, body: String? = nil) throws -> String {
        let ids = try sandbox.notes().filter { $0["title"] as? String == title }.compactMap { $0["id"] as? String }
        for id in ids where try body == nil || self.body(sandbox, id) == body { return id }
        throw CLIError.noNote(title)
    }

    private func body(_ sandbox: CLISandbox, _ id: String) throws -> String? {
        (try sandbox.json("show", id) as? [String: Any])?["body"] as? String
    }

    @Test func aRenameThroughTheIndexRewritesALinkTiedBetweenFolders() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("vault")
        try write([".obsidian/app.json": "{}", "A/Plans.md": "plans of A", "B/Plans.md": "plans of B",
                   "A/Hub.md": "[[B/Plans]] and [[Plans]]"], under: vault)
        _ = try sandbox.ok("import", vault.path)
        _ = try sandbox.ok("compact")
        #expect(FileManager.default.fileExists(atPath: sandbox.storePath + ".links"))
        let plansB = try id(sandbox, titled: "Plans", body: "plans of B"), hub = try id(sandbox, titled: "Hub")
        let output = try sandbox.ok("set", plansB, "--title", "Plans of B")
        #expect(output.contains("1 note"), "\(output)")
        #expect(try body(sandbox, hub) == "[[B/Plans of B]] and [[Plans]]")
    }

    @Test func aRenameThroughTheIndexRewritesADendronNotesTargetAfterTheBar() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("dendron")
        try write(["dendron.yml": "version: 5\n", "projects.plans.md": "---\ntitle: Plans\n---\nthe plans",
                   "root.md": "see [[the plans|projects.plans]] and [[our plans|Plans]]"], under: vault)
        _ = try sandbox.ok("import", vault.path)
        _ = try sandbox.ok("compact")
        let plans = try id(sandbox, titled: "Plans"), root = try id(sandbox, titled: "root")
        #expect(try sandbox.notes("--links-to", plans).compactMap { $0["id"] as? String } == [root])
        _ = try sandbox.ok("set", plans, "--title", "Roadmap")
        #expect(try body(sandbox, root) == "see [[the plans|projects.plans]] and [[our plans|Roadmap]]",
                "a link to the hierarchy name (an alias) stays; the title link follows, its label kept")
    }
}
