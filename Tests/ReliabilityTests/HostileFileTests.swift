#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesStore

/// PRODUCT §3 "Files are what they say" and §7 "Hostile files": links planted beside
/// the store, a link at the store path, FIFOs and folders where the store should be.
/// Every run is a child process bounded in time.
@Suite struct HostileFileTests {
    private func storeWithOneNote(_ folder: TemporaryFolder, name: String = "store") throws -> URL {
        let url = folder.file(name).appendingPathComponent("notes.json")
        let result = try BoundedChild.notes(["--store", url.path, "add", "first"])
        try #require(result.exit == .exited(0), "\(result.stderr)")
        return url
    }

    @Test func aLinkPlantedAtTheLockFileIsRefusedAndItsTargetUntouched() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let url = try storeWithOneNote(folder)
        let victim = folder.file("victim.txt")
        try Data("precious\n".utf8).write(to: victim)
        let lock = NotesStore.lockPath(for: url)
        unlink(lock)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: victim.path)

        let result = try BoundedChild.notes(["--store", url.path, "list"])
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }

    @Test func aLinkPlantedAtTheJournalIsRefusedAndItsTargetUntouched() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let url = try storeWithOneNote(folder)
        let victim = folder.file("victim.txt")
        try Data("precious\n".utf8).write(to: victim)
        let journal = NotesStore.journalPath(for: url)
        unlink(journal)
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: victim.path)

        let result = try BoundedChild.notes(["--store", url.path, "add", "second"])
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }

    @Test func aStorePathThatIsALinkKeepsEverythingBesideTheRealFileAndCompactionKeepsTheLink() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let real = try storeWithOneNote(folder, name: "dotfiles")
        let link = folder.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "dotfiles/notes.json")

        let added = try BoundedChild.notes(["--store", link.path, "add", "through the link"])
        try #require(added.exit == .exited(0), "\(added.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == ["dotfiles", "link.json"], "nothing is made beside the link")
        let listed = try BoundedChild.notes(["--store", real.path, "list"])
        #expect(listed.stdout.contains("through the link"), "the real store sees the commit made through the link")

        let store = try NotesStore.open(at: link)
        try store.compactNow()
        store.close()
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(destination == "dotfiles/notes.json", "a compaction keeps the link")
        let again = try BoundedChild.notes(["--store", link.path, "list"])
        #expect(again.stdout.contains("through the link") && again.stdout.contains("first"))
    }

    @Test func aFIFOAtTheStorePathIsAClearErrorThatBlocksNothing() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let path = folder.file("notes.json").path
        try #require(mkfifo(path, 0o600) == 0)

        let result = try BoundedChild.notes(["--store", path, "list"], timeout: 10)
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("FIFO"), "\(result.stderr)")
        let other = try BoundedChild.notes(["--store", path, "add", "x"], timeout: 10)
        #expect(other.exit == .exited(1), "the lock was not left held by the first")
    }

    @Test func aFolderAtTheStorePathIsAClearError() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let path = folder.file("notes.json").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

        let result = try BoundedChild.notes(["--store", path, "list"])
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("it is a folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }

    @Test func theRootFolderAsStoreCreatesNothingThere() throws {
        let before = FileManager.default.fileExists(atPath: "/.lock")
        let result = try BoundedChild.notes(["--store", "/", "list"])
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("it is a folder"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: "/.lock") == before)
    }

    @Test func anEmptyStorePathIsAnError() throws {
        let result = try BoundedChild.notes(["--store", "", "list"])
        #expect(result.exit != .exited(0))
        #expect(result.stderr.contains("--store needs a path"), "\(result.stderr)")
    }

    @Test func aFIFOInAnImportFolderIsAClearErrorThatBlocksNothing() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let notes = folder.file("import")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: false)
        try #require(mkfifo(notes.appendingPathComponent("pipe.md").path, 0o600) == 0)

        let result = try BoundedChild.notes(["--store", folder.file("store/notes.json").path, "import", notes.path], timeout: 10)
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("pipe.md") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    @Test func theBusyMessageNeverNamesAProcessThatHasExited() throws {
        let folder = try TemporaryFolder(prefix: "notes-hostile")
        defer { folder.remove() }
        let url = try storeWithOneNote(folder)  // its lock file now names that process, which has exited
        let fd = open(NotesStore.lockPath(for: url), O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)  // held by a program that does not write its name

        let result = try BoundedChild.notes(["--store", url.path, "add", "waits"], timeout: 30)
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("busy") && result.stderr.contains("another program"), "\(result.stderr)")
        #expect(!result.stderr.contains("pid "), "\(result.stderr)")
    }
}
