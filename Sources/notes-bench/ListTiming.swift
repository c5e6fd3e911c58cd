import Foundation
import NotesBase

/// `notes list` into a pipe, as `notes list | fzf` runs it: the time from spawning the
/// process to the first bytes in the pipe, and to its end (the pipe closed and the
/// process reaped).
enum ListTiming {
    struct Result {
        var first = Samples()
        var all = Samples()
    }

    static func measure(_ notes: URL, store: URL, repetitions: Int) throws -> Result {
        var result = Result()
        for _ in 0..<repetitions {
            let (first, all) = try once(notes, store: store)
            result.first.add(first)
            result.all.add(all)
        }
        return result
    }

    /// One run: milliseconds to the first bytes, and to the end.
    private static func once(_ notes: URL, store: URL) throws -> (Double, Double) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WholeProcess.Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        // The read end is close-on-exec, so the child holds only its stdout copy of the pipe.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var child = ChildSpawn(program: notes.path, arguments: [notes.path, "list", "--store", store.path],
                               environment: WholeProcess.environment(setting: "NOTES_STORE", to: store.path))
        child.standardInput = .open("/dev/null", flags: O_RDONLY)
        child.standardOutput = .descriptor(ends[1])
        child.standardError = .open("/dev/null", flags: O_WRONLY)
        let start = DispatchTime.now().uptimeNanoseconds
        let pid: pid_t
        do {
            pid = try child.start()
        } catch {
            close(ends[1])
            close(ends[0])
            throw WholeProcess.Failure(description: "could not start \(notes.path): \(error)")
        }
        close(ends[1])
        defer { close(ends[0]) }
        var firstAt: UInt64?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if firstAt == nil { firstAt = DispatchTime.now().uptimeNanoseconds }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let end = DispatchTime.now().uptimeNanoseconds
        guard WholeProcess.Ending(status: status).isSuccess else {
            throw WholeProcess.Failure(description: "notes list \(WholeProcess.Ending(status: status).description)")
        }
        return (Double((firstAt ?? end) - start) / 1_000_000, Double(end - start) / 1_000_000)
    }
}
