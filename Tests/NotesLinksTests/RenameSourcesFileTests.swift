import Foundation
import Glibc
import NotesLinks
import NotesModel
import Testing

/// The rename index's file beside a store (`RenameSources.read(besideStore:)`, the one
/// reader for `notes` and sync): used only while it names the snapshot file there, whole.
@Suite struct RenameSourcesFileTests {
    let folder: URL
    let store: URL
    let hub = Note(title: "Hub", body: "See [[Target]].")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = folder.appendingPathComponent("notes.json")
        try Data("{}".utf8).write(to: store)
    }

    /// Writes an index of `hub` beside the store, naming `stamp` (the snapshot's own by default).
    func writeIndex(stamp: RenameSources.Stamp? = nil) throws -> RenameSources {
        let named = try stamp ?? #require(RenameSources.Stamp(ofFile: store.path))
        let index = RenameSources(stamp: named, notes: [hub])
        try Data(index.encoded()).write(to: URL(fileURLWithPath: RenameSources.path(besideStore: store)))
        return index
    }

    @Test func anIndexNamingTheSnapshotThereReadsBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try writeIndex()
        let read = try #require(RenameSources.read(besideStore: store))
        #expect(read == written)
        #expect(read.notes(linkingTo: "Target") == [hub.id])
        #expect(read.describesSnapshot(of: store))
    }

    @Test func aMissingDamagedOrStaleIndexIsNone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(RenameSources.read(besideStore: store) == nil)
        var stamp = try #require(RenameSources.Stamp(ofFile: store.path))
        stamp.nanoseconds += 1
        _ = try writeIndex(stamp: stamp)
        #expect(RenameSources.read(besideStore: store) == nil)
        var bytes = try writeIndex().encoded()
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: RenameSources.path(besideStore: store)))
        #expect(RenameSources.read(besideStore: store) == nil)
    }

    @Test func aSnapshotReplacedSinceIsNoLongerDescribed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try writeIndex()
        let replacement = folder.appendingPathComponent("new.json")
        try Data("{ }".utf8).write(to: replacement)
        #expect(rename(replacement.path, store.path) == 0)  // a new file at the path, as a compaction puts it
        #expect(!index.describesSnapshot(of: store))
        #expect(RenameSources.read(besideStore: store) == nil)
    }
}
