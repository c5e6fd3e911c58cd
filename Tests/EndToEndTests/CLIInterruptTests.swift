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
        var master: Int32 = -1, slave: Int32 = -1
        var modes = termios()
        cfmakeraw(&modes)  // the bytes as the child wrote them
        try #require(openpty(&master, &slave, nil, &modes, nil) == 0)
        defer { close(master) }
        let binary = runner.executable.path
        var child = ChildSpawn(program: binary, arguments: [binary] + arguments,
                               environment: runner.baseEnvironment.merging(environment) { _, given in given })
        child.standardInput = .open("/dev/null", flags: O_RDONLY)
        child.standardOutput = .open("/dev/null", flags: O_WRONLY)
        child.standardError = .descriptor(slave)
        let pid = try child.start()
        close(slave)
        var seen = try read(master, until: marker)
        kill(pid, SIGINT)
        let exit = try ChildSpawn.wait(for: pid, program: binary)
        seen += try read(master, until: nil)
        return (String(decoding: seen, as: UTF8.self), exit)
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

    /// What `descriptor` gives until its text holds `marker` (nil: until the other end is
    /// closed), waiting at most two minutes for each piece.
    private static func read(_ descriptor: Int32, until marker: String?) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 4096)
        while marker.map({ !String(decoding: bytes, as: UTF8.self).contains($0) }) ?? true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 120_000)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw ChildProcessError.hung("nothing on the terminal for 120 s") }
            let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }  // EIO: the child closed the terminal
            bytes += piece[..<count]
        }
        return bytes
    }
}
