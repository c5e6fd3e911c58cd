import Foundation

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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [notes.path, "list", "--store", store.path]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = WholeProcess.environment(setting: "NOTES_STORE", to: store.path).map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, notes.path, &actions, nil, argv, envp)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw WholeProcess.Failure(description: "could not start \(notes.path)") }
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
