import Foundation
import NotesTestSupport
import Testing

/// `notes pin`, `unpin`, `list --pinned`, `pinned` in JSON and the Markdown export,
/// `notes tag list` and `notes tag rename`.
@Suite struct CLIPinTagTests {
    @Test func pinnedNotesAreListedFirstMarkedAndFiltered() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let old = try sandbox.add("Old idea")
        _ = try sandbox.add("Newer")
        #expect(try sandbox.ok("pin", String(old.prefix(8))) == "pinned: no → yes\n")
        _ = try sandbox.add("Newest")

        #expect(try sandbox.notes().map { $0["title"] as? String } == ["Old idea", "Newest", "Newer"])
        #expect(try sandbox.notes().map { $0["pinned"] as? Bool } == [true, false, false])
        #expect(try sandbox.notes("--pinned").map { $0["title"] as? String } == ["Old idea"])
        let lines = try sandbox.ok("list").split(separator: "\n")
        #expect(lines.first?.contains("  * Old idea") == true, "\(lines)")
        #expect(try sandbox.ok("show", old).contains("pinned:     yes"))

        #expect(try sandbox.ok("pin", old) == "no changes\n")
        #expect(try sandbox.ok("unpin", old) == "pinned: yes → no\n")
        #expect(try sandbox.notes("--pinned").isEmpty)
    }

    @Test func theMarkdownExportKeepsThePinThroughAnImport() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Pinned one")
        _ = try sandbox.add("Loose")
        try sandbox.ok("pin", id)
        let folder = sandbox.folder.file("export").path
        try sandbox.ok("export", "--format", "markdown", "--output", folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }
        let texts = try files.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
        #expect(texts.filter { $0.contains("\npinned: true\n") }.count == 1)
        #expect(texts.first { $0.contains("Pinned one") }?.contains("\npinned: true\n") == true)

        let other = try CLISandbox()
        defer { other.remove() }
        try other.ok("import", folder)
        #expect(try other.notes("--pinned").map { $0["title"] as? String } == ["Pinned one"])
    }

    @Test func tagListCountsTheLiveNotes() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("A", "--tag", "veg patch", "--tag", "garden")
        _ = try sandbox.add("B", "--tag", "garden")
        let gone = try sandbox.add("C", "--tag", "trashed")
        try sandbox.ok("rm", gone)

        #expect(try sandbox.ok("tag", "list") == "2  #garden\n1  #veg patch\n")
        let json = try #require(try sandbox.json("tag", "list") as? [[String: Any]])
        #expect(json.map { $0["tag"] as? String } == ["garden", "veg patch"])
        #expect(json.map { $0["notes"] as? Int } == [2, 1])
    }

    @Test func tagRenameChangesEveryNoteInOneCommitAndMerges() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let a = try sandbox.add("A", "--tag", "veg", "--tag", "keep")
        let b = try sandbox.add("B", "--tag", "veg", "--tag", "vegetables")
        _ = try sandbox.add("C", "--tag", "other")

        #expect(try sandbox.ok("tag", "rename", "#Veg", "vegetables") == "merged #veg into #vegetables on 2 notes\n")
        #expect((try sandbox.json("show", a) as? [String: Any])?["tags"] as? [String] == ["keep", "vegetables"])
        #expect((try sandbox.json("show", b) as? [String: Any])?["tags"] as? [String] == ["vegetables"])
        #expect(try sandbox.ok("tag", "rename", "vegetables", "veg patch") == "renamed #vegetables to #veg patch on 2 notes\n")
        let journal = try String(contentsOfFile: sandbox.storePath + ".journal", encoding: .utf8)
        #expect(journal.split(separator: "\n").last?.contains("\"veg patch\"") == true)
        #expect(journal.split(separator: "\n").filter { $0.contains("veg patch") }.count == 1, "one commit, one journal line")

        let missing = try sandbox.run("tag", "rename", "nope", "x")
        #expect(missing.status != 0 && missing.stderr.hasPrefix("error: no note is tagged #nope"), "\(missing)")
    }
}
