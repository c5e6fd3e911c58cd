import Foundation
import NotesBase
import NotesTestData
import Testing
import NotesExchange

/// The private copy a Core Data import reads (`CoreDataStoreCopy`): made by reading bytes,
/// never through a link, never opening a FIFO, never creating anything beside the original,
/// removed on every way out, and found and removed after an import that was killed.
@Suite struct CoreDataStoreCopyTests {
    private typealias Builder = CoreDataStoreBuilder

    private func store(at path: String, wal: Bool = false) throws {
        _ = try Builder.notesApp(at: path, wal: wal, categories: [.init("Work", color: .text("FF8800"))], notes: [
            .init("Standup", contents: "yesterday, today", createdAt: 721_692_800, updatedAt: 721_692_890, category: 0),
            .init("Loose", contents: "", createdAt: 721_692_840, updatedAt: 721_692_840, category: nil),
        ])
    }

    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aFIFONamedLikeTheWALIsRefusedByNameWithoutBeingOpened() throws {
        let folder = try TemporaryFolder(prefix: "coredata-copy")
        defer { folder.remove() }
        let path = folder.file("Notes.sqlite").path
        try store(at: path)
        #expect(mkfifo(path + "-wal", 0o600) == 0)
        let temporary = folder.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)

        // A FIFO opened for reading would block here for good.
        #expect(throws: ExchangeError.self) {
            _ = try CoreDataImport.read(path: path, shown: path, temporaryFolder: temporary.path)
        }
        let batch = ImportReader().read(paths: [path])

        let skip = try #require(batch.skipped.first)
        #expect(batch.skipped.count == 1 && batch.bundle.notes.isEmpty)
        #expect(skip.reason.contains("Notes.sqlite-wal") && skip.reason.contains("a FIFO"), "\(skip)")
        #expect(try listing(temporary).isEmpty, "the private copy is removed when the store is refused")
    }

    @Test func aFIFOGivenAsTheStoreIsNotTakenForOne() throws {
        let folder = try TemporaryFolder(prefix: "coredata-copy")
        defer { folder.remove() }
        let path = folder.file("Notes.sqlite").path
        #expect(mkfifo(path, 0o600) == 0)

        #expect(!CoreDataImport.isSQLite(path: path))
    }

    @Test func aStoreReachedThroughALinkIsCopiedWithNothingMadeBesideTheOriginal() throws {
        let folder = try TemporaryFolder(prefix: "coredata-copy")
        defer { folder.remove() }
        let originals = folder.file("app")
        let elsewhere = folder.file("elsewhere")
        let temporary = folder.file("tmp")
        for url in [originals, elsewhere, temporary] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        try store(at: originals.appendingPathComponent("Notes.sqlite").path, wal: true)
        try FileManager.default.createSymbolicLink(atPath: elsewhere.appendingPathComponent("Link.sqlite").path,
                                                   withDestinationPath: originals.appendingPathComponent("Notes.sqlite").path)
        let before = try listing(originals)

        let (bundle, _) = try CoreDataImport.read(path: elsewhere.appendingPathComponent("Link.sqlite").path, shown: "Link.sqlite",
                                                  temporaryFolder: temporary.path)

        #expect(bundle.notes.map(\.title).sorted() == ["Loose", "Standup"])
        #expect(try listing(originals) == before, "no -shm or -wal beside the original")
        #expect(try listing(elsewhere) == ["Link.sqlite"])
        #expect(try listing(temporary).isEmpty, "the private copy is removed")
    }

    @Test func aCompanionThatIsALinkIsRefusedNotFollowed() throws {
        let folder = try TemporaryFolder(prefix: "coredata-copy")
        defer { folder.remove() }
        let path = folder.file("Notes.sqlite").path
        try store(at: path)
        try Data("secret".utf8).write(to: folder.file("secret"))
        try FileManager.default.createSymbolicLink(atPath: path + "-journal", withDestinationPath: folder.file("secret").path)

        let batch = ImportReader().read(paths: [path])

        let skip = try #require(batch.skipped.first)
        #expect(skip.reason.contains("Notes.sqlite-journal") && skip.reason.contains("symbolic link"), "\(skip)")
    }

    /// The pid of a process that has ended (and been waited for).
    private func endedProcessID() throws -> Int32 {
        let pid = try ChildSpawn(program: "/bin/true", arguments: ["true"]).start()
        _ = try ChildSpawn.wait(for: pid, program: "true", timeout: 60)
        return pid
    }

    @Test func aCopyLeftByAKilledImportIsNamedThenRemovedByTheNextImport() throws {
        let folder = try TemporaryFolder(prefix: "coredata-copy")
        defer { folder.remove() }
        let path = folder.file("Notes.sqlite").path
        try store(at: path)
        let temporary = folder.file("tmp")
        let gone = try endedProcessID()
        let stale = temporary.appendingPathComponent("notes-coredata-\(gone)-AbC123")
        let live = temporary.appendingPathComponent("notes-coredata-\(getpid())-XyZ789")
        let other = temporary.appendingPathComponent("notes-coredata-other")
        for url in [stale, live, other] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        try Data(count: 4096).write(to: stale.appendingPathComponent("Notes.sqlite"))

        let notices = CoreDataStaleCopies.notices(in: temporary.path)
        _ = try CoreDataImport.read(path: path, shown: path, temporaryFolder: temporary.path)

        #expect(notices.count == 1 && notices.first?.hasPrefix(stale.path) == true, "\(notices)")
        #expect(try listing(temporary) == [other.lastPathComponent, live.lastPathComponent].sorted(),
                "the copy of the ended import is removed; a running one's and other names are left")
        #expect(CoreDataStaleCopies.notices(in: temporary.path).isEmpty)
    }
}
