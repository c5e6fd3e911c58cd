import Foundation
import NotesTestSupport
import Testing
@testable import NotesSync

/// The nested `attachments` tree made from an earlier one (`nestedTree(over:replacing:)`):
/// the same tree id as the tree made from every entry, whatever folders were added, changed
/// or emptied, with the folders not touched kept by id, never made again.
@Suite struct SyncAttachmentsTreeTests {
    let sandbox: SyncSandbox
    let repository: SyncRepository
    /// Six blobs in the repository.
    let blobs: [String]

    init() throws {
        sandbox = try SyncSandbox()
        let store = try sandbox.machine("laptop")
        defer { store.close() }
        repository = sandbox.engine(store).repository
        blobs = try repository.writeBlobs((0..<6).map { index in { Data("file \(index)".utf8) } })
    }

    /// The tree path of file `name` of a note whose id starts with `bucket` (two hex digits).
    static func path(_ bucket: String, _ note: Int, _ name: String) -> String {
        let id = bucket + String(format: "%06X", note) + "-0000-4000-8000-000000000000"
        return "attachments/\(bucket)/\(id)/\(name)"
    }

    /// Eight files in five notes and three `XY` folders.
    var before: [String: String] {
        [Self.path("0A", 1, "a.png"): blobs[0], Self.path("0A", 1, "b.pdf"): blobs[1], Self.path("0A", 2, "c.txt"): blobs[2],
         Self.path("7F", 3, "d.png"): blobs[3], Self.path("7F", 4, "e.png"): blobs[4], Self.path("C3", 5, "f.bin"): blobs[5],
         Self.path("C3", 5, "g.bin"): blobs[0], Self.path("C3", 5, "h.bin"): blobs[1]]
    }

    @Test func changedFoldersGiveTheTreeMadeFromEveryEntry() throws {
        let previous = try #require(try repository.makeNestedTree(before))
        var after = before
        after[Self.path("0A", 1, "b.pdf")] = nil  // a file removed from a note that keeps another
        after[Self.path("0A", 2, "c.txt")] = blobs[5]  // a file edited
        after[Self.path("7F", 3, "d.png")] = nil  // an XY folder emptied
        after[Self.path("7F", 4, "e.png")] = nil
        after[Self.path("E1", 6, "new.png")] = blobs[2]  // a new note in a new XY folder
        after[Self.path("0A", 7, "new.png")] = blobs[3]  // a new note in an XY folder there

        let updated = try repository.nestedTree(over: previous,
                                                replacing: SyncRepository.changedAttachmentFolders(after, from: before))

        #expect(updated == (try repository.makeNestedTree(after)))
        #expect(updated != previous)
    }

    @Test func nothingChangedIsThePreviousTreeAndEverythingGoneIsNone() throws {
        let previous = try #require(try repository.makeNestedTree(before))

        #expect(try repository.nestedTree(over: previous, replacing: SyncRepository.changedAttachmentFolders(before, from: before))
            == previous)
        #expect(try repository.nestedTree(over: previous, replacing: SyncRepository.changedAttachmentFolders([:], from: before))
            == nil)
    }

    @Test func aFolderNotTouchedKeepsItsTreeAsItIs() throws {
        // An XY folder as no sync makes it (an executable file): a folder made again would be plain.
        let git = repository.git
        let odd = try git.check("make a folder", ["mktree", "-z"],
                                input: Data("100755 blob \(blobs[0])\tscript.sh\u{0}".utf8)).trimmedText
        let id = "7F000003-0000-4000-8000-000000000000"
        let bucket = try git.check("make a folder", ["mktree", "-z"], input: Data("040000 tree \(odd)\t\(id)\u{0}".utf8)).trimmedText
        let other = try #require(try repository.makeNestedTree([Self.path("0A", 1, "a.png"): blobs[0]]))
        let top = try git.check("list", ["ls-tree", "-z", other]).output + Data("040000 tree \(bucket)\t7F\u{0}".utf8)
        let previous = try git.check("make the tree", ["mktree", "-z"], input: top).trimmedText

        let added = "0A/0A000009-0000-4000-8000-000000000000"
        let updated = try #require(try repository.nestedTree(over: previous, replacing: [added: ["x.png": blobs[1]]]))

        let listed = try git.check("list", ["ls-tree", "-r", updated, "--", "7F"]).text
        #expect(listed.contains("100755 blob \(blobs[0])\t7F/\(id)/script.sh"))
        #expect(try git.check("list", ["ls-tree", "-r", "--name-only", updated]).text.split(separator: "\n").count == 3)
    }
}
