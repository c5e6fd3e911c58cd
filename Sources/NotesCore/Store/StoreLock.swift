#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The store's writer lock: an exclusive `flock` on `notes.json.lock`, held only
/// for the length of one commit, refresh or compaction. The holder writes its pid
/// and command into the file so that a process that cannot get the lock can say who has it.
final class StoreLock {
    let path: String
    private var fd: Int32
    private var held = false

    init(path: String) throws(StoreError) {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, DurableFile.fileMode)
        guard fd >= 0 else { throw .io(file: path, operation: "open the lock file", reason: DurableFile.errnoText()) }
    }

    deinit { close() }

    func close() {
        guard fd >= 0 else { return }
        if held { unlock() }
        DurableFile.closeFile(fd)
        fd = -1
    }

    /// Takes the lock, waiting up to `timeout` seconds; runs `body`; releases it.
    func withLock<T>(timeout: Double, _ body: () throws -> T) throws -> T {
        try lock(timeout: timeout)
        defer { unlock() }
        return try body()
    }

    func lock(timeout: Double) throws(StoreError) {
        guard fd >= 0 else { throw .closed }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else { throw .io(file: path, operation: "lock", reason: DurableFile.errnoText()) }
            guard waited < timeout else { throw .locked(file: path, holder: holderDescription()) }
            usleep(5_000)
            waited += 0.005
        }
        held = true
        let text = Array("pid \(getpid()) \(CommandLine.arguments.first ?? "?")\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    func unlock() {
        guard held, fd >= 0 else { return }
        held = false
        _ = flock(fd, LOCK_UN)
    }

    /// What the holder wrote: `pid 1234 /usr/bin/notes`.
    private func holderDescription() -> String {
        let bytes = (try? DurableFile.readAll(fd, path: path, from: 0)) ?? []
        let text = String(decoding: bytes.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "another process" : text
    }
}
