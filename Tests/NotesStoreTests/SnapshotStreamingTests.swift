#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// The snapshot goes to its file as it is made, through a buffer (`SnapshotOutput`): the
/// file is the text the whole-array writer makes, its index what reading the file builds,
/// and a write that fails leaves the old file and no temporary one.
@Suite struct SnapshotStreamingTests {
    let work = Category(name: "Work")
    let old = Category(name: "Old")

    func database() throws -> NotesDatabase {
        var database = NotesDatabase()
        try database.apply([.putCategory(work), .putCategory(old)])
        for number in 0..<40 {
            let note = Note(title: "Note \(number) \"é\"", body: String(repeating: "body \(number) ünï\n\\ ", count: number),
                            created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number % 7)),
                            categoryID: number % 3 == 0 ? nil : (number % 3 == 1 ? work.id : old.id), tags: ["t\(number % 4)"])
            try database.apply(.putNote(note))
            if number % 5 == 0 { try database.apply(.trashNote(note.id, at: Date(timeIntervalSinceReferenceDate: 710_000_000))) }
            if number % 4 == 0 {
                try database.apply(.putImportSource(ImportSource(key: .init(folder: "/vault", path: "\(number).md"), noteID: note.id,
                                                                 sourceHash: "h\(number)", made: .init(note))))
            }
        }
        try database.apply(.trashCategory(old.id, at: Date(timeIntervalSinceReferenceDate: 720_000_000)))
        return database
    }

    func codec() throws -> SnapshotCodec {
        SnapshotCodec(transformers: try StoreSchema.transformers(from: StoreSchema.defaultRegistry(storeFolder: URL(fileURLWithPath: "/tmp"))))
    }

    @Test(arguments: [1, 37, 4096])
    func aSnapshotWrittenInPiecesIsTheTextWrittenWhole(pieceSize: Int) throws {
        let database = try database()
        let codec = try codec()
        var wholeLayout = SnapshotLayout()
        let whole = try codec.encode(database, sequence: 12, preserved: [:], layout: &wholeLayout)
        var pieces: [UInt8] = []
        var pieceCount = 0
        var output = SnapshotOutput(pieceSize: pieceSize) { piece in
            pieces.append(contentsOf: piece)
            pieceCount += 1
        }
        var layout = SnapshotLayout()
        try codec.write(database, sequence: 12, preserved: [:], layout: &layout, to: &output)
        #expect(pieces == whole)
        #expect(pieceCount > (pieceSize == 4096 ? 2 : 40))
        let stamp = SnapshotIndex.Stamp(size: whole.count, inode: 7, modifiedSeconds: 1, modifiedNanoseconds: 2, sequence: 0)
        let built = whole.withUnsafeBufferPointer { SnapshotIndex.build(snapshot: $0, stamp: stamp, records: codec.records) }
        #expect(built != nil)
        #expect(layout.index(stamp: stamp) == built)
        #expect(whole.withUnsafeBufferPointer { wholeLayout.index(of: $0, stamp: stamp) } == built)
    }

    @Test func aCompactionWritesTheSnapshotAndTheIndexAReadingBuilds() throws {
        let folder = try TemporaryFolder(prefix: "notes-streaming")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        let database = try database()
        try store.commit(database.categories.values.map { .putCategory($0) } + database.notes.values.map { .putNote($0) })
        try store.compactNow()
        let expected = try codec().encode(store.contents, sequence: 1, preserved: [:])
        let contents = store.contents
        store.close()
        let bytes = try #require(try DurableFile.read(url.path))
        #expect(bytes == expected)
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        let stamp = try #require(SnapshotIndex.Stamp(snapshotFD: fd, sequence: 0))
        let records = try codec().records
        let built = try #require(bytes.withUnsafeBufferPointer { SnapshotIndex.build(snapshot: $0, stamp: stamp, records: records) })
        #expect(try DurableFile.read(SnapshotIndex.path(for: url)) == built.encoded())
        #expect(try NotesStore.open(at: url).contents == contents)
    }

    @Test func aWriteThatFailsLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder(prefix: "notes-streaming")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        try DurableFile.replace(url, with: Array("old".utf8))
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try DurableFile.replace(url) { fd, path in
                try DurableFile.writeAll(fd, Array("half of the new".utf8), path: path)
                throw Stop()
            }
        }
        #expect(try DurableFile.read(url.path) == Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.json"])
    }
}
