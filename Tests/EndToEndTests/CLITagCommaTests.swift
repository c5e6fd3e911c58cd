import Foundation
import NotesTestSupport
import Testing

/// A tag the commands give notes cannot hold a comma, which separates tags in the app's
/// `t` field (the next edit there would split it in two); a rename to the same name
/// changes nothing and says so.
@Suite struct CLITagCommaTests {
    @Test func aTagWithACommaIsRefusedAndNothingIsWritten() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Garden plan", "--tag", "veg patch")
        let before = sandbox.storeBytes()
        for arguments in [["tag", "rename", "veg patch", "garden,x"], ["set", id, "--tag", "a,b"],
                          ["add", "Other", "--tag", "a, b"]] {
            let result = try sandbox.runner.run(arguments + ["--store", sandbox.storePath], environment: sandbox.sandboxed([:]))
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.contains("a tag cannot hold a comma"), "\(arguments): \(result.stderr)")
        }
        #expect(sandbox.storeBytes() == before)
        #expect(try sandbox.notes().first?["tags"] as? [String] == ["veg patch"])
    }

    @Test func renamingATagToItsOwnNameChangesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Garden plan", "--tag", "garden")
        let before = sandbox.storeBytes()
        #expect(try sandbox.ok("tag", "rename", "garden", "#Garden") == "no changes\n")
        #expect(sandbox.storeBytes() == before)
    }
}
