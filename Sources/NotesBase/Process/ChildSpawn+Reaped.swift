import Foundation

extension ChildSpawn {
    /// Starts the child and reaps it on a thread of its own when it ends: the caller goes on
    /// at once, and a long-running caller (the app starting a detached compaction) leaves no
    /// zombie behind. Returns the child's process id.
    @discardableResult
    public func startReaped() throws(Failure) -> pid_t {
        let pid = try start()
        let program = self.program
        Thread.detachNewThread { _ = try? ChildSpawn.wait(for: pid, program: program) }
        return pid
    }
}
