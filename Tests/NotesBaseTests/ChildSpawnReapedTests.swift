import Foundation
import Testing
import NotesBase

/// A child started and not waited for by its caller (the app's detached compaction) is
/// still reaped when it ends: no zombie stays a child of a long-running app.
@Suite struct ChildSpawnReapedTests {
    /// Whether `pid` is still a process of this system (a zombie is one until reaped).
    static func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    @Test func aChildStartedReapedLeavesNoZombie() throws {
        let pid = try ChildSpawn(program: "/bin/true", arguments: ["true"]).startReaped()
        // Polls for the end of a process that ends at once; the deadline only bounds a failure.
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.exists(pid), ContinuousClock.now < deadline { usleep(2_000) }
        #expect(!Self.exists(pid), "pid \(pid) is still there: a zombie nobody reaped")
    }
}
