import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// A store whose list head cannot be used — copied (another inode: its index and head
/// describe the file it was copied from), or its head missing — is read whole once, and
/// that read writes the index and the head anew: the next open takes the list head again,
/// and the head describes the snapshot, whatever the journal holds.
@Suite struct ListHeadRebuildTests {
    /// Options that rebuild derived files for a store of any size (the default skips small ones).
    var options: NotesStoreOptions {
        var options = NotesStoreOptions()
        options.indexRebuildMinimumBytes = 0
        return options
    }

    /// Opens `url` for its list head: the head's notes when it answered, nil when the whole store was read.
    func openForHead(_ url: URL) throws -> [Note]? {
        let store = try NotesStore.open(at: url, options: options, listHead: ())
        defer { store.close() }
        guard let head = store.listHead() else {
            #expect(!store.isPartial)
            return nil
        }
        #expect(store.isPartial)
        return head.notes
    }

    /// Copies the store's files beside `url` into `folder` as `cp` does (new inodes, new times).
    func copy(_ url: URL, into folder: TemporaryFolder) throws -> URL {
        let copy = folder.file("copy.json")
        for suffix in ["", ".journal", ".index", ".head"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: url.path + suffix))
            try data.write(to: URL(fileURLWithPath: copy.path + suffix))
        }
        return copy
    }

    @Test func aCopiedStoreGetsItsListHeadBackAfterOneOpen() throws {
        let (folder, url, _) = try ListHeadTests().compactedStore(count: 800, seed: 11)
        defer { folder.remove() }
        // A journal edit after the snapshot: the head rebuilt must still be the snapshot's.
        let (before, list) = try ListHeadTests().wholeList(url)
        before.close()
        var risen = list[700]
        risen.updated = Date(timeIntervalSinceReferenceDate: ListHeadTests.base + 1_000_000)
        let writer = try NotesStore.open(at: url)
        try writer.commit(.putNote(risen))
        writer.close()
        let copy = try copy(url, into: folder)

        #expect(try openForHead(copy) == nil)  // the copy's index and head name the original's inode
        let head = try #require(try openForHead(copy))

        let (whole, wholeList) = try ListHeadTests().wholeList(copy)
        defer { whole.close() }
        #expect(head.map(\.id) == wholeList.prefix(head.count).map(\.id))
        #expect(head.contains { $0.id == risen.id })
        #expect(head.count >= SnapshotHead.capacity)
        let file = try SnapshotHead.read(for: copy)
        #expect(file.stamp == (try SnapshotIndexFile(for: copy)).stamp)
        #expect(!file.entries.contains { $0.id == risen.id }, "the head describes the snapshot, not the journal")
    }

    @Test func aMissingHeadBesideAGoodIndexIsWrittenAnew() throws {
        let (folder, url, _) = try ListHeadTests().compactedStore(count: 600, seed: 12)
        defer { folder.remove() }
        let written = try Data(contentsOf: URL(fileURLWithPath: SnapshotHead.path(for: url)))
        unlink(SnapshotHead.path(for: url))

        #expect(try openForHead(url) == nil)
        #expect(try openForHead(url) != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: SnapshotHead.path(for: url))) == written)
    }
}
