import Foundation
import NotesBase
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// A compaction that fails where nobody sees it (`notes compact` started detached, with
/// its output on `/dev/null`) is recorded beside the store: the next command warns, a UI
/// that handed it off says so on its next refresh, `notes doctor` reports it, and the next
/// compaction that succeeds clears it. The failure is real: a full disk played by a file
/// size limit on `notes compact` (`SIGXFSZ` ignored, so that the write fails).
@Suite struct CLICompactionFailureTests {
    @Test func aFailedCompactionIsReportedByTheNextCommandAndDoctorUntilOneSucceeds() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try Self.makeStoreDueForCompaction(sandbox)
        let record = sandbox.storePath + ".compaction-failed"
        try Self.compactWithoutRoom(sandbox)
        #expect(FileManager.default.fileExists(atPath: record), "the failure was not recorded")

        let list = try sandbox.run("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.stderr.contains("warning: the last compaction failed"), "\(list)")
        #expect(list.stderr.contains(sandbox.storePath) && list.stderr.contains("File too large"), "\(list)")

        let doctor = try sandbox.run("doctor")
        #expect(doctor.stdout.contains("the last compaction failed") && doctor.stdout.contains("File too large"), "\(doctor)")

        let compact = try sandbox.run("compact")
        #expect(compact.status == 0, "\(compact)")
        #expect(!FileManager.default.fileExists(atPath: record), "a compaction succeeded, but the failure is still recorded")
        let after = try sandbox.run("list")
        #expect(!after.stderr.contains("compaction failed"), "\(after)")
        #expect(!(try sandbox.run("doctor")).stdout.contains("compaction failed"))
    }

    @Test func aStoreThatHandedCompactionOffWarnsOnItsNextRefreshWhenItFailed() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try Self.makeStoreDueForCompaction(sandbox)
        var options = NotesStoreOptions(compactionMinimumBytes: 1, compactionRatio: 0)
        let handedOff = Counter()
        options.compaction = .handOff { _ in handedOff.add() }  // the test starts the compaction below
        let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath), options: options)
        defer { store.close() }
        var told: [String] = []
        store.warningHandler = { told.append($0.message) }
        try store.commit(.putNote(Note(title: "One more", body: "x")))
        #expect(handedOff.value == 1)
        #expect(told.isEmpty)

        try Self.compactWithoutRoom(sandbox)
        _ = try store.refresh()
        #expect(told.count == 1 && told.first?.contains("File too large") == true, "\(told)")
    }

    @Test func theUISaysOnItsStatusLineThatTheLastCompactionFailed() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try Self.makeStoreDueForCompaction(sandbox)
        try Self.compactWithoutRoom(sandbox)
        let harness = try TerminalHarness(width: 400, height: 24)
        defer { harness.session.kill() }
        try harness.startBracketed([sandbox.runner.executable.path, "--store", sandbox.storePath])
        let screen = try harness.session.waitFor(text: "warning: the last compaction failed")
        #expect(screen.contains("File too large"), "\(screen)")
        try harness.session.sendKeys("q")
        #expect(try harness.waitForExit() == 0)
    }

    @Test func theRecordIsNeitherReadNorWrittenThroughALink() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try Self.makeStoreDueForCompaction(sandbox)
        let target = sandbox.folder.file("elsewhere.txt").path
        try "the last compaction failed: planted\n".write(toFile: target, atomically: true, encoding: .utf8)
        let record = sandbox.storePath + ".compaction-failed"
        #expect(symlink(target, record) == 0)
        #expect(!(try sandbox.run("list")).stderr.contains("planted"), "a planted link was followed")

        try Self.compactWithoutRoom(sandbox)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "the last compaction failed: planted\n")
        var status = stat()
        #expect(lstat(record, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "the record was not put in place of the link")
        #expect((try sandbox.run("list")).stderr.contains("File too large"))
    }

    /// An 80 KB snapshot and one journal line, written here so that no command starts a compaction.
    static func makeStoreDueForCompaction(_ sandbox: CLISandbox) throws {
        let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath),
                                        options: NotesStoreOptions(compactionMinimumBytes: .max))
        defer { store.close() }
        let body = String(repeating: "y", count: 4_096)
        try store.commit((0..<20).map { .putNote(Note(title: "Note \($0)", body: body)) })
        try store.compactNow()
        try store.commit(.putNote(Note(title: "After", body: body)))
    }

    /// Runs `notes compact` as a detached one is run (output to `/dev/null`) with no room for its snapshot.
    static func compactWithoutRoom(_ sandbox: CLISandbox) throws {
        var limited = ChildSpawn(program: "/bin/sh", arguments: [
            "/bin/sh", "-c", "trap '' XFSZ; ulimit -f 100; exec \"$0\" compact --store \"$1\"",
            try CLIRunner.locateBinary().path, sandbox.storePath,
        ])
        limited.standardOutput = .open("/dev/null", flags: O_WRONLY)
        limited.standardError = .open("/dev/null", flags: O_WRONLY)
        let (_, timedOut) = try limited.run(timeout: 120)
        #expect(!timedOut, "notes compact without room was still running after 120 s")
    }

    /// Counts calls from a `@Sendable` closure.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
