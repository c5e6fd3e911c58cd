#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport

/// One run of `notes` or `notes-stress` in a child process, bounded in time: a child
/// that hangs (a FIFO at the store path, a lock never released) fails the test after
/// `timeout` seconds instead of hanging it, and a crash is an exit by signal.
struct BoundedChild {
    let exit: ChildExit
    let stdout: String
    let stderr: String

    static func notes(_ arguments: [String], timeout: Double = 20) throws -> BoundedChild {
        try run(StressBinaries.notes(), arguments, timeout: timeout)
    }

    static func stress(_ arguments: [String], timeout: Double = 60) throws -> BoundedChild {
        try run(StressBinaries.stress(), arguments, timeout: timeout)
    }

    static func run(_ executable: URL, _ arguments: [String], timeout: Double) throws -> BoundedChild {
        let scratch = try TemporaryFolder(prefix: "notes-bounded")
        defer { scratch.remove() }
        let child = try ChildProcess(executable: executable, arguments: arguments,
                                     environment: StressBinaries.environment(), stdout: .pipe,
                                     stderrURL: scratch.file("stderr"))
        let lines = try child.readRemainingLines(timeout: timeout)  // throws `hung`; the child is killed with it
        let exit = child.wait()
        return BoundedChild(exit: exit, stdout: lines.joined(separator: "\n"), stderr: child.stderrText)
    }
}

extension BoundedChild {
    /// Starts `notes` with `arguments`, kills it with `SIGKILL` after a random wait of up to
    /// `longestWait` microseconds (at any point of its work, or after it ended), and waits
    /// for it; its output is read and dropped, its standard error goes to `stderr`.
    @discardableResult
    static func notesKilled(_ arguments: [String], within longestWait: Int, random: inout SeededRandom,
                            stderr: URL) throws -> ChildExit {
        try killed(StressBinaries.notes(), arguments, within: longestWait, random: &random, stderr: stderr)
    }

    /// As `notesKilled`, for any of the test binaries (`notes-stress`).
    @discardableResult
    static func killed(_ executable: URL, _ arguments: [String], within longestWait: Int, random: inout SeededRandom,
                       stderr: URL) throws -> ChildExit {
        let child = try ChildProcess(executable: executable, arguments: arguments,
                                     environment: StressBinaries.environment(), stdout: .pipe, stderrURL: stderr)
        usleep(UInt32(random.int(0...longestWait)))
        child.send(SIGKILL)
        _ = try child.readRemainingLines()
        return child.wait()
    }
}
