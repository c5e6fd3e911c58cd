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

    /// Copies the store's files as `cp -a` does: new inodes, the snapshot's modification time kept.
    func copyKeepingTimes(_ url: URL, into folder: TemporaryFolder) throws -> URL {
        let copy = try copy(url, into: folder)
        var info = stat()
        try #require(stat(url.path, &info) == 0)
        var times = [info.st_atim, info.st_mtim]
        try #require(utimensat(AT_FDCWD, copy.path, &times, 0) == 0)
        return copy
    }

    @Test func aCopyKeepingTheTimesTakesItsListHeadAtItsFirstOpen() throws {
        let (folder, url, _) = try ListHeadTests().compactedStore(count: 800, seed: 13)
        defer { folder.remove() }
        let copy = try copyKeepingTimes(url, into: folder)
        var original = stat(), copied = stat()
        try #require(stat(url.path, &original) == 0 && stat(copy.path, &copied) == 0)
        try #require(original.st_ino != copied.st_ino)

        let head = try #require(try openForHead(copy), "a copy with the same bytes and times reads its head")
        let (whole, wholeList) = try ListHeadTests().wholeList(copy)
        defer { whole.close() }
        #expect(head.map(\.id) == wholeList.prefix(head.count).map(\.id))
    }

    @Test func aCopyKeepingTheTimesButNotTheBytesIsReadWhole() throws {
        let (folder, url, _) = try ListHeadTests().compactedStore(count: 800, seed: 14)
        defer { folder.remove() }
        let copy = try copyKeepingTimes(url, into: folder)
        // A letter of a category's name in the snapshot's head changed, the size and times
        // kept (the file still reads): the head's checksum tells.
        var bytes = try Array(Data(contentsOf: copy))
        let name = Array("\"name\"".utf8)
        let key = try #require((0..<(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name })
        let letter = try #require(bytes[(key + name.count)...].firstIndex { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) })
        bytes[letter] = bytes[letter] == UInt8(ascii: "Q") ? UInt8(ascii: "Z") : UInt8(ascii: "Q")
        var info = stat()
        try #require(stat(copy.path, &info) == 0)
        try Data(bytes).write(to: copy)
        var times = [info.st_atim, info.st_mtim]
        try #require(utimensat(AT_FDCWD, copy.path, &times, 0) == 0)

        #expect(try openForHead(copy) == nil)
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
