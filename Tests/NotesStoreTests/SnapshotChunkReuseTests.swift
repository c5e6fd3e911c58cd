import Foundation
import Testing
import NotesJSON
import NotesModel
import NotesTestData
@testable import NotesStore

/// The other reading thread's chunks of notes (`OtherPart`): the thread storing them takes
/// each one that is ready without waiting, and hands the emptied chunk back to be filled
/// again, so that its memory is not fresh memory each time.
@Suite struct SnapshotChunkReuseTests {
    @Test func aChunkHandedBackIsFilledAgain() throws {
        let codec = SnapshotCodec(transformers: try StoreSchema.transformers(from: StoreSchema.defaultRegistry(storeFolder: URL(fileURLWithPath: "/tmp"))))
        let part = OtherPart(bytes: UnsafeBufferPointer(start: nil, count: 0), file: nil, start: 0, depth: 0,
                             records: codec.records, check: nil, notes: 0)
        var chunk = part.emptyChunk()
        #expect(chunk.capacity >= OtherPart.chunkSize)
        chunk.append(Note(title: "a", body: "b"))
        let room = chunk.withUnsafeBufferPointer { $0.baseAddress }
        #expect(chunk.popLast() != nil)
        part.recycle(chunk)
        let again = part.emptyChunk()
        #expect(again.isEmpty)
        #expect(again.withUnsafeBufferPointer { $0.baseAddress } == room)
        // A chunk not emptied is not taken back.
        part.recycle([Note(title: "c", body: "d")])
        #expect(part.emptyChunk().withUnsafeBufferPointer { $0.baseAddress } != room)
    }

    @Test func aReadyChunkIsTakenWithoutWaitingAndTheEndStaysVisible() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit((0..<3).map { .putNote(Note(title: "note \($0)", body: "body \($0)")) })
        try store.compactNow()
        store.close()
        let bytes = Array(try Data(contentsOf: url))
        let array = try #require(bytes.firstRange(of: Array("\"notes\": [\n    ".utf8)))
        let codec = SnapshotCodec(transformers: try StoreSchema.transformers(from: StoreSchema.defaultRegistry(storeFolder: URL(fileURLWithPath: "/tmp"))))
        try bytes.withUnsafeBufferPointer { buffer in
            let part = OtherPart(bytes: buffer, file: nil, start: array.upperBound, depth: 2, records: codec.records,
                                 check: nil, notes: 3)
            #expect(part.availableChunk() == nil)  // nothing read yet: no wait
            part.run()
            let chunk = try #require(part.availableChunk())
            #expect(Set(chunk.map(\.title)) == ["note 0", "note 1", "note 2"])
            #expect(part.availableChunk() == nil)
            #expect(part.nextChunk() == nil)
            #expect(part.end != nil)
        }
    }
}
