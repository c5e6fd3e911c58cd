import Glibc
import Foundation
import NotesLinks
import NotesModel
import NotesTestSupport
import Testing

/// The rename index beside the snapshot (`notes.json.links`): written with every snapshot
/// (`notes compact`, a bulk import), and what `notes edit` with a new title in the header
/// finds the linking notes by, as `notes set --title` does, without reading every body.
@Suite struct CLIRenameIndexTests {
    private func script(_ sandbox: CLISandbox, _ name: String, _ body: String) throws -> String {
        let url = sandbox.folder.file(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// The index beside the store, when it describes the snapshot there now.
    private func index(_ sandbox: CLISandbox) throws -> RenameSources? {
        var info = stat()
        guard stat(sandbox.storePath, &info) == 0,
              let data = FileManager.default.contents(atPath: sandbox.storePath + ".links") else { return nil }
        let sources = try RenameSources(decoding: [UInt8](data))
        let stamp = RenameSources.Stamp(size: Int64(info.st_size), inode: UInt64(info.st_ino),
                                        seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        return sources.stamp == stamp ? sources : nil
    }

    private func body(_ sandbox: CLISandbox, _ id: String) throws -> String? {
        (try sandbox.json("show", id) as? [String: Any])?["body"] as? String
    }

    @Test func compactWritesTheIndexAndEditRenamesThroughIt() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let plans = try sandbox.add("Plans")
        let hub = try sandbox.add("Hub", "--body", "[[Plans]] and [[Folder/plans|the plans]]")
        _ = try sandbox.ok("compact")
        let written = try #require(try index(sandbox), "notes compact writes the index with its snapshot")
        #expect(written.notes(linkingTo: "plans").map(\.uuidString) == [hub])
        let editor = try script(sandbox, "retitle.sh", "sed -i 's/^title: .*/title: \"Roadmap\"/' \"$1\"")
        _ = try sandbox.ok("edit", plans, environment: ["EDITOR": editor])
        #expect(try body(sandbox, hub) == "[[Roadmap]] and [[Folder/Roadmap|the plans]]")
        #expect(try index(sandbox) == written, "the index served: no whole-store rename wrote another")
    }

    /// An index that (wrongly) lists no linking note leaves the link as written: proof that
    /// `notes edit` looked there, not at every body.
    @Test func editFindsTheLinkingNotesInTheIndexAlone() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let plans = try sandbox.add("Plans")
        let hub = try sandbox.add("Hub", "--body", "[[Plans]]")
        _ = try sandbox.ok("compact")
        let real = try #require(try index(sandbox))
        let blind = RenameSources(stamp: real.stamp, notes: [Note(id: try #require(UUID(uuidString: plans)), title: "Plans")])
        try Data(blind.encoded()).write(to: URL(fileURLWithPath: sandbox.storePath + ".links"))
        let editor = try script(sandbox, "retitle.sh", "sed -i 's/^title: .*/title: \"Roadmap\"/' \"$1\"")
        _ = try sandbox.ok("edit", plans, environment: ["EDITOR": editor])
        #expect(try body(sandbox, hub) == "[[Plans]]")
    }

    @Test func aBulkImportWritesTheIndexWithItsSnapshot() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let folder = sandbox.folder.file("vault")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<1_000 {
            let text = number == 0 ? "# Hub\n[[Note 7]]\n" : "# Note \(number)\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("note-\(number).md"))
        }
        _ = try sandbox.ok("import", folder.path)
        let written = try #require(try index(sandbox), "the import's snapshot commit writes the index")
        #expect(written.notes(titled: "note 7").count == 1)
        #expect(written.notes(linkingTo: "Note 7").count == 1)
    }
}
