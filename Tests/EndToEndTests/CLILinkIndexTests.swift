import Foundation
import NotesLinks
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore

/// `notes set --title` finds the notes linking to the note through the link index beside
/// the snapshot (`notes.json.links`) instead of reading every body, and never misses one:
/// not a note another process wrote just before, linking in another case, with accents in
/// another Unicode form; not when the index is stale, damaged or missing (it is then
/// rebuilt, and the rename costs a read of the whole store).
@Suite struct CLILinkIndexTests {
    private struct Vault {
        let plan: String, hub: String, quiet: String
    }

    private func linksPath(_ sandbox: CLISandbox) -> String { sandbox.storePath + ".links" }

    /// A compacted store (so `notes compact` wrote the link index): the plan, a note
    /// linking to it, one that does not.
    private func compacted(_ sandbox: CLISandbox) throws -> Vault {
        let plan = try sandbox.add("Café Plan", "--body", "the plan")
        let hub = try sandbox.add("Hub", "--body", "See [[café plan]].")
        let quiet = try sandbox.add("Quiet", "--body", "nothing here")
        try sandbox.ok("compact")
        #expect(FileManager.default.fileExists(atPath: linksPath(sandbox)))
        return Vault(plan: plan, hub: hub, quiet: quiet)
    }

    /// Another process, just before the rename: a new note, and an edit of one the index
    /// knows without links, each linking to the plan in another spelling. Returns the new note's id.
    private func writeElsewhere(_ sandbox: CLISandbox, _ vault: Vault) throws -> String {
        let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath))
        defer { store.close() }
        let added = Note(title: "Added", body: "Also [[CAFE\u{301} PLAN|the plan]].")
        let quiet = try #require(UUID(uuidString: vault.quiet))
        var edited = try #require(store.contents.notes[quiet])
        edited.body = "now [x](Cafe%CC%81%20plan.md)"
        try store.commit([.putNote(added), .putNote(edited)])
        return added.id.uuidString
    }

    private func body(_ sandbox: CLISandbox, _ id: String) throws -> String? {
        (try sandbox.json("show", id) as? [String: Any])?["body"] as? String
    }

    private func expectRenamed(_ sandbox: CLISandbox, _ vault: Vault, added: String) throws {
        let output = try sandbox.ok("set", vault.plan, "--title", "Plan B")
        #expect(output == "title: Café Plan → Plan B\nupdated links in 3 notes\n")
        #expect(try body(sandbox, vault.hub) == "See [[Plan B]].")
        #expect(try body(sandbox, added) == "Also [[Plan B|the plan]].")
        #expect(try body(sandbox, vault.quiet) == "now [x](Plan%20B.md)")
    }

    private func fileIdentity(_ path: String) throws -> [FileAttributeKey: AnyHashable] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return [.systemFileNumber: attributes[.systemFileNumber] as? AnyHashable,
                .modificationDate: attributes[.modificationDate] as? AnyHashable].compactMapValues { $0 }
    }

    @Test func aRenameThroughTheIndexRewritesNotesWrittenElsewhereJustBefore() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try compacted(sandbox)
        let index = try fileIdentity(linksPath(sandbox))
        let added = try writeElsewhere(sandbox, vault)

        try expectRenamed(sandbox, vault, added: added)

        // The index was used as it was: the rename read the notes it named and the journal's.
        #expect(try fileIdentity(linksPath(sandbox)) == index)
    }

    @Test(arguments: ["stale", "damaged", "missing"])
    func anIndexThatCannotBeTrustedCostsTimeNeverAnEdit(_ kind: String) throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = try compacted(sandbox)
        let path = linksPath(sandbox)
        switch kind {
        case "stale":
            // Another process compacts without writing a new index.
            let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath))
            try store.commit(.putNote(Note(title: "Later", body: "[[Café Plan]] too")))
            try store.compactNow()
            store.close()
        case "damaged":
            var bytes = try #require(FileManager.default.contents(atPath: path))
            bytes[bytes.count / 2] ^= 0x01
            try bytes.write(to: URL(fileURLWithPath: path))
        default:
            try FileManager.default.removeItem(atPath: path)
        }
        let added = try writeElsewhere(sandbox, vault)

        let output = try sandbox.ok("set", vault.plan, "--title", "Plan B")

        #expect(output == "title: Café Plan → Plan B\nupdated links in \(kind == "stale" ? 4 : 3) notes\n")
        #expect(try body(sandbox, vault.hub) == "See [[Plan B]].")
        #expect(try body(sandbox, added) == "Also [[Plan B|the plan]].")
        #expect(try body(sandbox, vault.quiet) == "now [x](Plan%20B.md)")
        // Rebuilt from the whole store for the next rename.
        let rebuilt = try RenameSources(decoding: [UInt8](try #require(FileManager.default.contents(atPath: path))))
        let hub = try #require(UUID(uuidString: vault.hub))
        #expect(rebuilt.notes(linkingTo: "café plan").contains(hub))
    }
}
