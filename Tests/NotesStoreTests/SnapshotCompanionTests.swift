import Glibc
import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore

/// A file derived from each snapshot (`SnapshotCompanion`, the rename index) is written with
/// every snapshot the store writes — an inline compaction, a compaction in the background
/// (beside its snapshot, renamed into place with it) and a snapshot commit — from the notes
/// that snapshot holds, for the very file that ends up at the store's path.
@Suite struct SnapshotCompanionTests {
    /// Writes the number of live notes and the size and inode of the snapshot file it was made for.
    static let companion = SnapshotCompanion(suffix: ".count") { contents in
        let count = contents.notes.count
        return { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Array("\(count) \(info.st_size) \(info.st_ino)".utf8)
        }
    }

    private func note(_ number: Int) -> Note {
        Note(title: "Note \(number)", body: "body \(number)", created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)))
    }

    /// What the companion beside `url` says, and what it should say of the snapshot there with `count` notes.
    private func check(_ url: URL, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var info = stat()
        #expect(stat(url.path, &info) == 0, sourceLocation: sourceLocation)
        let written = FileManager.default.contents(atPath: url.path + ".count").map { String(decoding: $0, as: UTF8.self) }
        #expect(written == "\(count) \(info.st_size) \(info.st_ino)", sourceLocation: sourceLocation)
    }

    private func open(_ url: URL, _ mode: CompactionMode) throws -> NotesStore {
        var options = NotesStoreOptions(compactionMinimumBytes: .max)
        options.compaction = mode
        options.snapshotCompanions = [Self.companion]
        return try NotesStore.open(at: url, options: options)
    }

    @Test func anInlineCompactionWritesTheCompanion() throws {
        let folder = try TemporaryFolder(prefix: "notes-companion")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try open(url, .inline)
        defer { store.close() }
        for number in 0..<3 { try store.commit(.putNote(note(number))) }
        try store.compactNow()
        check(url, count: 3)
    }

    @Test func aBackgroundCompactionWritesItBesideItsSnapshotAndRenamesItWithIt() throws {
        let folder = try TemporaryFolder(prefix: "notes-companion")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try open(url, .background)
        defer { store.close() }
        for number in 0..<4 { try store.commit(.putNote(note(number))) }
        try store.compactWithoutHoldingTheLock()
        check(url, count: 4)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".part") }
        #expect(leftovers.isEmpty)
    }

    @Test func aSnapshotCommitWritesTheCompanion() throws {
        let folder = try TemporaryFolder(prefix: "notes-companion")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try open(url, .inline)
        defer { store.close() }
        try store.commit(.putNote(note(0)))
        try store.commit(writing: .snapshot) { _ in (1...20).map { .putNote(note($0)) } }
        check(url, count: 21)
    }
}
