import Foundation
import NotesTestSupport
import Testing

/// `notes attach`, `detach` and `open` through the real binary and store: files are copied
/// in under unique names in one commit, a bad file adds nothing, `show` lists them one a
/// line, `detach` removes the file, and `open` hands the path to `$NOTES_OPENER`.
@Suite struct CLIAttachCommandTests {
    /// The sandbox's `attachments/<id>/` folder.
    private func noteFolder(_ sandbox: CLISandbox, _ id: String) -> URL {
        URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent().appendingPathComponent("attachments/\(id)")
    }

    /// Writes `text` to a file named `name` in the sandbox (outside the store) and returns its path.
    private func source(_ sandbox: CLISandbox, _ name: String, _ text: String) throws -> String {
        let url = sandbox.folder.file("in/\(name)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func attachCopiesTheFilesUnderUniqueNamesAndShowListsThemOneALine() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        let first = try source(sandbox, "map.png", "first map")
        let other = sandbox.folder.file("other/map.png")
        try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("second map".utf8).write(to: other)

        let attached = try sandbox.ok("attach", id, first, other.path)

        #expect(attached == "attachments/\(id)/map.png\nattachments/\(id)/map-2.png\n")
        let folder = noteFolder(sandbox, id)
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("map.png").path) == Data("first map".utf8))
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("map-2.png").path) == Data("second map".utf8))
        let shown = try sandbox.ok("show", id)
        #expect(shown.contains("attachments: attachments/\(id)/map.png\n             attachments/\(id)/map-2.png\n"), "\(shown)")
        let note = try #require(try sandbox.notes().first)
        #expect(note["attachments"] as? [String] == ["attachments/\(id)/map.png", "attachments/\(id)/map-2.png"])
    }

    @Test func anAttachedFileFollowsExportAndEmptyingTheTrash() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        try sandbox.ok("attach", id, try source(sandbox, "plan.txt", "the plan"))
        let exported = sandbox.folder.file("export")
        try sandbox.ok("export", "--format", "markdown", "--output", exported.path)
        #expect(FileManager.default.contents(atPath: exported.appendingPathComponent("attachments/\(id)/plan.txt").path)
            == Data("the plan".utf8))
        try sandbox.ok("rm", id)
        #expect(FileManager.default.fileExists(atPath: noteFolder(sandbox, id).path))  // the trash keeps it
        try sandbox.ok("trash", "empty")
        #expect(!FileManager.default.fileExists(atPath: noteFolder(sandbox, id).path))
    }

    @Test func aMissingFileAFolderOrALinkAddsNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        let good = try source(sandbox, "ok.txt", "fine")
        let link = sandbox.folder.file("in/link.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: good)
        let cases = [(sandbox.folder.file("in/gone.txt").path, "No such file"), (sandbox.folder.file("in").path, "a folder"),
                     (link.path, "a symbolic link, not followed")]
        for (bad, reason) in cases {
            let result = try sandbox.run("attach", id, good, bad)
            #expect(result.status != 0)
            #expect(result.stderr.contains(bad) && result.stderr.contains(reason), "\(result)")
        }
        #expect(try sandbox.notes().first?["attachments"] as? [String] ?? [] == [])
        #expect(!FileManager.default.fileExists(atPath: noteFolder(sandbox, id).path))
    }

    @Test func detachTakesTheAttachmentOffAndRemovesItsFile() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        try sandbox.ok("attach", id, try source(sandbox, "a.txt", "a"), try source(sandbox, "b.txt", "b"))

        let unknown = try sandbox.run("detach", id, "c.txt")
        #expect(unknown.status != 0 && unknown.stderr.contains("has no attachment named 'c.txt'; it has: a.txt, b.txt"), "\(unknown)")
        #expect(try sandbox.ok("detach", id, "a.txt") == "detached attachments/\(id)/a.txt\n")

        #expect(try sandbox.notes().first?["attachments"] as? [String] == ["attachments/\(id)/b.txt"])
        #expect(!FileManager.default.fileExists(atPath: noteFolder(sandbox, id).appendingPathComponent("a.txt").path))
        #expect(FileManager.default.fileExists(atPath: noteFolder(sandbox, id).appendingPathComponent("b.txt").path))
    }

    @Test func openHandsThePathToTheOpenerOrListsTheAttachmentsToChooseFrom() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        try sandbox.ok("attach", id, try source(sandbox, "a b.txt", "a"), try source(sandbox, "c.txt", "c"))
        let record = sandbox.folder.file("opened.txt")
        let script = sandbox.folder.file("record-opener")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(record.path).part' && mv '\(record.path).part' '\(record.path)'\n".utf8)
            .write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let environment = ["NOTES_OPENER": script.path]

        let several = try sandbox.run("open", id, environment: environment)
        #expect(several.status != 0 && several.stdout == "a b.txt\nc.txt\n", "\(several)")
        #expect(several.stderr.contains("has 2 attachments (listed above); name the one to open"), "\(several)")

        let opened = try sandbox.ok("open", id, "a b.txt", environment: environment)
        let file = noteFolder(sandbox, id).appendingPathComponent("a b.txt").path
        #expect(opened == "Opening with \(script.path): \(file)\n")
        // The opener runs detached: wait for its record, with a deadline that fails the test.
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: record.path) && Date() < deadline { usleep(20_000) }
        #expect(try String(contentsOf: record, encoding: .utf8) == file + "\n")
    }

    @Test func openReportsAnOpenerThatFailsAndLeavesOneThatKeepsRunning() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        try sandbox.ok("attach", id, try source(sandbox, "plan.pdf", "a"))

        let failing = try sandbox.run("open", id, environment: ["NOTES_OPENER": "false"])
        #expect(failing.status == 1 && failing.stderr.contains("false failed on plan.pdf (status 1)"), "\(failing)")
        #expect(!failing.stdout.contains("Opening with"), "\(failing)")

        let missing = try sandbox.run("open", id, environment: ["NOTES_OPENER": sandbox.folder.file("no-such-viewer").path])
        #expect(missing.status == 1 && missing.stderr.contains("was not found (status 127): plan.pdf was not opened"), "\(missing)")

        // A viewer the user keeps open is not waited for: the command ends and says it started.
        let viewer = try sandbox.ok("open", id, environment: ["NOTES_OPENER": "sleep 20; true"])
        #expect(viewer.hasPrefix("Opening with sleep 20; true: "), "\(viewer)")
    }

    @Test func openWithoutAnOpenerNamesTheFile() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Trip")
        try sandbox.ok("attach", id, try source(sandbox, "a.txt", "a"))
        let result = try sandbox.run("open", id, environment: ["PATH": sandbox.folder.file("empty").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("No opener found") && result.stderr.contains(noteFolder(sandbox, id).appendingPathComponent("a.txt").path),
                "\(result)")
    }
}
