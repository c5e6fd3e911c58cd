import Foundation
import NotesTestSupport
import Testing

/// A link to a file the note holds as an attachment (`[[photo.png]]`, `![[photo.png]]`,
/// `[the map](map.pdf)`) resolves to that attachment through the one link rule: `notes links
/// ID` says so, and it is neither dead for `--dead` nor for `doctor`.
@Suite struct CLIAttachmentLinksTests {
    /// A note holding `photo.png` and `map.pdf` whose body links to them and to a missing note.
    private func note(_ sandbox: CLISandbox) throws -> String {
        let id = try sandbox.add("Trip", "--body", "See [[photo.png]], ![[photo.png]], [the map](map.pdf) and [[Gone.png]].")
        for (name, text) in [("photo.png", "a photo"), ("map.pdf", "a map")] {
            let url = sandbox.folder.file("in/\(name)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try sandbox.ok("attach", id, url.path)
        }
        return id
    }

    @Test func linksNamesTheAttachmentEachLinkLeadsTo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try note(sandbox)
        let lines = try sandbox.ok("links", id).split(separator: "\n").map(String.init)
        #expect(lines == ["outgoing (4):", "  [[photo.png]]  → attachment photo.png", "  ![[photo.png]]  → attachment photo.png",
                          "  (map.pdf)  → attachment map.pdf", "  [[Gone.png]]  → missing", "incoming (0):"])
        let json = try #require(try sandbox.json("links", id) as? [String: Any])
        let outgoing = try #require(json["outgoing"] as? [[String: Any]])
        #expect(outgoing.compactMap { $0["status"] as? String } == ["attachment", "attachment", "attachment", "missing"])
        #expect(outgoing.first?["attachment"] as? String == "attachments/\(id)/photo.png")
    }

    @Test func anAttachmentLinkIsNotDead() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try note(sandbox)
        let dead = try sandbox.run("links", "--dead")
        #expect(dead.status == 1)
        #expect(dead.stdout.split(separator: "\n").count == 1, "\(dead.stdout)")
        #expect(dead.stdout.contains("Trip  [[Gone.png]]  missing"))
    }
}
