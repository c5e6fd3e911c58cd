#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesBase
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// PRODUCT §3: a read-only store (files without write permission, a read-only
/// mount, a backup on a CD) can be listed, shown, searched and exported; only
/// writing says it cannot, and nothing is created or changed.
@Suite(.serialized) struct ReadOnlyStoreTests {
    /// A store of two notes (one in the journal) in `folder/store`.
    private func makeStore(_ folder: TemporaryFolder) throws -> URL {
        let url = folder.file("store").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "kept safe", body: "read me")))
        try store.compactNow()
        try store.commit(.putNote(Note(title: "in the journal")))
        store.close()
        return url
    }

    private func fileHashes(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    /// Runs `notes` as it would run for a user who may not write the store: as the
    /// user `nobody` when the tests run as root (root may write any file), else as is.
    private func runReadOnly(_ arguments: [String]) throws -> BoundedChild {
        guard getuid() == 0 else { return try BoundedChild.notes(arguments) }
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        return try BoundedChild.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", try StressBinaries.notes().path] + arguments,
                                    timeout: 20)
    }

    @Test func aStoreWithoutWritePermissionIsReadAndOnlyWritingFails() throws {
        let folder = try TemporaryFolder(prefix: "notes-readonly")
        defer {
            chmod(folder.file("store").path, 0o700)
            folder.remove()
        }
        let url = try makeStore(folder)
        let storeFolder = url.deletingLastPathComponent()
        if getuid() == 0 && !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            print("ReadOnlyStoreTests: skipped: running as root without setpriv to drop privileges")
            return
        }
        chmod(folder.url.path, 0o755)
        for name in try FileManager.default.contentsOfDirectory(atPath: storeFolder.path) {
            chmod(storeFolder.appendingPathComponent(name).path, 0o444)
        }
        chmod(storeFolder.path, 0o555)
        let before = try fileHashes(storeFolder)
        let exportFolder = try TemporaryFolder(prefix: "notes-readonly-export")
        defer { exportFolder.remove() }
        chmod(exportFolder.url.path, 0o777)

        let list = try runReadOnly(["--store", url.path, "list"])
        #expect(list.exit == .exited(0), "\(list.stderr)")
        #expect(list.stdout.contains("kept safe") && list.stdout.contains("in the journal"))
        let search = try runReadOnly(["--store", url.path, "list", "--search", "kept"])
        #expect(search.exit == .exited(0) && search.stdout.contains("kept safe"), "\(search.stderr)")
        let export = try runReadOnly(["--store", url.path, "export", "--format", "json"])
        #expect(export.exit == .exited(0) && export.stdout.contains("read me"), "\(export.stderr)")
        let markdown = try runReadOnly(["--store", url.path, "export", "--format", "markdown", "--output", exportFolder.file("md").path])
        #expect(markdown.exit == .exited(0), "\(markdown.stderr)")

        let add = try runReadOnly(["--store", url.path, "add", "refused"])
        #expect(add.exit == .exited(1))
        #expect(add.stderr.contains("read-only"), "\(add.stderr)")
        #expect(try fileHashes(storeFolder) == before, "nothing in the store's folder changed")
    }

    @Test func aStoreOnAReadOnlyMountIsReadAndOnlyWritingFails() throws {
        let folder = try TemporaryFolder(prefix: "notes-readonly-mount")
        defer { folder.remove() }
        let url = try makeStore(folder)
        let mountPoint = folder.file("mounted")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
        guard Self.shell("mount --bind '\(url.deletingLastPathComponent().path)' '\(mountPoint.path)' && mount -o remount,ro,bind '\(mountPoint.path)'") else {
            _ = Self.shell("umount '\(mountPoint.path)'")
            print("ReadOnlyStoreTests: read-only mount case skipped: this machine does not allow mounting here")
            return
        }
        defer { _ = Self.shell("umount '\(mountPoint.path)'") }
        let mounted = mountPoint.appendingPathComponent("notes.json")
        let before = try fileHashes(mountPoint)

        let list = try BoundedChild.notes(["--store", mounted.path, "list"])
        #expect(list.exit == .exited(0), "\(list.stderr)")
        #expect(list.stdout.contains("kept safe") && list.stdout.contains("in the journal"))
        let add = try BoundedChild.notes(["--store", mounted.path, "add", "refused"])
        #expect(add.exit == .exited(1))
        #expect(add.stderr.contains("read-only"), "\(add.stderr)")
        #expect(try fileHashes(mountPoint) == before)
    }

    private static func shell(_ command: String) -> Bool {
        let shell = ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", command])
        return (try? shell.capture(timeout: 120))?.exit == .exited(0)
    }
}
