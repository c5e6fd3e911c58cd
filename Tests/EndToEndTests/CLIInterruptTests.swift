import Foundation
import Glibc
import NotesBase
import NotesModel
import NotesStore
import NotesTestSupport
import Testing

/// `Ctrl-C` on long work, as a person at a terminal sends it: the command is sent `SIGINT`
/// once its own progress line shows it at work, and it stops with one line, status 130,
/// and nothing half-written.
@Suite struct CLIInterruptTests {
    /// `notes arguments…` with standard error on a terminal, sent `SIGINT` once that
    /// terminal shows `marker`: all it wrote there, and its exit.
    static func interrupted(_ runner: CLIRunner, _ arguments: [String], environment: [String: String],
                            at marker: String) throws -> (text: String, exit: ChildSpawn.Exit) {
        try StandardErrorOnTerminal(runner, arguments, environment: environment).interrupted(at: marker)
    }

    /// A store of `count` notes for machine `name` of `sandbox`, compacted into its snapshot.
    static func store(_ sandbox: SyncSandbox, _ name: String, notes count: Int, body: String = "a body") throws -> URL {
        let store = try sandbox.open(name)
        try store.commit((0..<count).map { .putNote(Note(title: "Note \($0)", body: "\(body) \($0)")) })
        try store.compactNow()
        store.close()
        return sandbox.storeURL(name)
    }

    /// The files of the store's folder, by name: the store's own, not its lock (which holds
    /// the pid of its last writer) or the sync repository's folder.
    static func files(beside store: URL) throws -> [String: Data] {
        let folder = store.deletingLastPathComponent()
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasSuffix(".lock") {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test func ctrlCDuringAMarkdownExportLeavesNoFolder() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let url = try Self.store(sandbox, "laptop", notes: 20_000)
        let output = sandbox.folder.file("exported")

        let (text, exit) = try Self.interrupted(
            runner, ["export", "--format", "markdown", "--output", output.path, "--store", url.path],
            environment: sandbox.environment, at: "exporting")

        #expect(exit == .exited(130), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[Kexport cancelled, nothing written\n"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func ctrlCDuringASalvageLeavesTheStoreUntouched() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let url = try Self.store(sandbox, "laptop", notes: 40_000, body: String(repeating: "salvage ", count: 60))
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count * 9 / 10).write(to: url)  // damaged: salvage scans it, telling every MiB
        let before = try Self.files(beside: url)

        let (text, exit) = try Self.interrupted(runner, ["doctor", "--salvage", "--store", url.path],
                                                environment: sandbox.environment, at: "salvaging: reading")

        #expect(exit == .exited(130), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[Ksalvage cancelled, the store is untouched\n"), "\(text)")
        #expect(try Self.files(beside: url) == before)
    }

    @Test func ctrlCDuringAFirstSyncLeavesWhatTheNextSyncFinishes() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let url = try Self.store(sandbox, "laptop", notes: 20_000)
        let remote = sandbox.folder.file("remote.git")
        try sandbox.makeBareRemote(at: remote)
        let initialized = try runner.run(["sync", "init", remote.path, "--store", url.path], environment: sandbox.environment)
        #expect(initialized.status == 0, "\(initialized)")
        let before = try Self.files(beside: url)

        let (text, exit) = try Self.interrupted(runner, ["sync", "--store", url.path],
                                                environment: sandbox.environment, at: "sync: writing")

        #expect(exit == .exited(130), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[Ksync interrupted: nothing is lost, and the next 'notes sync' finishes the work\n"),
                "\(text)")
        #expect(try Self.files(beside: url) == before)
        let next = try runner.run(["sync", "--store", url.path], environment: sandbox.environment)
        #expect(next.status == 0, "\(next)")
        #expect(next.stdout.contains("changes pushed"), "\(next)")
    }
}
