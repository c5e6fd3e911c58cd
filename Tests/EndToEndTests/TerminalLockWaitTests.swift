import Foundation
import NotesBase
import NotesTestSupport
import Testing

/// Issue 11 item 10, as a user meets it: another program holds the store's lock
/// (`flock notes.json.lock …`); a rename in the UI returns at once, says `waiting for`,
/// and lands in the store once the holder exits.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalLockWaitTests {
    /// `flock <lock> cat`: holds the lock until its input is closed.
    final class FlockHolder {
        private let pid: pid_t
        /// Our end of the pipe that is `cat`'s input; -1 once closed.
        private var input: Int32

        init(lockPath: String) throws {
            let pipe = try ChildSpawn.makePipe()
            defer { close(pipe.read) }
            var flock = ChildSpawn(program: "/usr/bin/flock", arguments: ["flock", lockPath, "cat"])
            flock.standardInput = .descriptor(pipe.read)
            flock.standardOutput = .open("/dev/null", flags: O_WRONLY)
            do { pid = try flock.start() } catch {
                close(pipe.write)
                throw error
            }
            input = pipe.write
            try TerminalLockWaitTests.poll("flock to hold the lock") { !TerminalLockWaitTests.lockIsFree(lockPath) }
        }

        deinit { release() }

        /// Ends `cat`, so that `flock` exits and the lock is free (`flock` is killed if it has
        /// not ended within a minute).
        func release() {
            guard input >= 0 else { return }
            close(input)
            input = -1
            _ = try? ChildSpawn.wait(for: pid, program: "flock", timeout: 60)
        }
    }

    /// Whether `flock -n` can take the lock right now.
    static func lockIsFree(_ path: String) -> Bool {
        let probe = ChildSpawn(program: "/usr/bin/flock", arguments: ["flock", "-n", path, "true"])
        return (try? probe.capture(timeout: 60))?.exit == .exited(0)
    }

    /// Polls `condition` every 50 ms for up to `timeout` seconds.
    static func poll(_ what: String, timeout: TimeInterval = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            guard Date() < deadline else { throw ChildProcessError.hung("gave up waiting for \(what)") }
            usleep(50_000)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "flock is not installed"))
    func aRenameWhileAnotherProgramHoldsTheLockReturnsAtOnceAndLandsAfter() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Plan the week")
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 100, height: 24, environment: ["EDITOR": "true", "VISUAL": "true"])
        defer { session.kill() }
        try session.waitFor(text: "Plan the week")

        // Given another program holding the store's lock
        let holder = try FlockHolder(lockPath: sandbox.storePath + ".lock")
        defer { holder.release() }

        // When the note is renamed
        try session.sendKeys("r")
        try session.waitFor(text: "Rename note to: Plan the week")
        try session.sendKeys("M-BSpace")
        try session.type("month")
        try session.sendKeys("Enter")

        // Then the key returns at once (the lock is still held): the list shows the new
        // title, the status line says what it waits for, and keys still work
        let screen = try session.waitFor(text: "waiting for")
        #expect(screen.contains("Plan the month"))
        #expect(screen.contains("1 change not saved yet"))
        try session.sendKeys("?")
        try session.waitUntil("the help to open while the lock is held") { $0.contains("rename") && $0.contains("help") }
        try session.sendKeys("Escape")
        #expect(!Self.lockIsFree(sandbox.storePath + ".lock"))

        // And once the holder exits, the rename lands in the store, once
        holder.release()
        try session.waitFor(text: "Saved the change that waited for the lock")
        try Self.poll("the rename to reach the store") {
            try sandbox.notes().compactMap { $0["title"] as? String } == ["Plan the month"]
        }
        try session.sendKeys("j")  // later looks commit nothing again
        #expect(try sandbox.notes().compactMap { $0["title"] as? String } == ["Plan the month"])
    }
}
