import Glibc
import Foundation

/// The store's writer lock: an exclusive `flock` on `notes.json.lock`, held only
/// for the length of one commit, refresh or compaction. A holder that commits, compacts or syncs writes its pid
/// and command into the file so that a process that cannot get the lock can say who has it;
/// a refresh, which holds it for a moment, does not (on a busy disk, truncating and writing
/// the file can wait tens of milliseconds behind another process's `fsync`, on a key).
///
/// The lock file is opened without following a link planted at its name, and must be
/// a regular file. On a store that cannot be written (a read-only mount or files) the
/// lock is taken through a read-only descriptor, or not at all when the file cannot be
/// created: such a process only reads, and notes' writers never change a file a reader
/// is in the middle of (they append or rename).
package final class StoreLock {
    let path: String
    private var fd: Int32 = -1
    private var writable = false
    private var held = false
    private var isClosed = false
    /// The lock file's modification time right after this lock last wrote its name into it.
    private var lastWritten: timespec?

    package init(path: String, readOnly: Bool) throws(StoreError) {
        self.path = path
        try openFile(readOnly: readOnly)
    }

    deinit { close() }

    private func openFile(readOnly: Bool) throws(StoreError) {
        if !readOnly, let opened = try DurableFile.openRegular(path, O_RDWR | O_CREAT, purpose: "open the lock file") {
            fd = opened
            writable = true
            return
        }
        fd = try DurableFile.openRegular(path, O_RDONLY, purpose: "open the lock file") ?? -1
        writable = false
    }

    package func close() {
        guard !isClosed else { return }
        if held { unlock() }
        if fd >= 0 { DurableFile.closeFile(fd) }
        fd = -1
        isClosed = true
    }

    /// Takes the lock, waiting up to `timeout` seconds; runs `body`; releases it.
    func withLock<T>(timeout: Double, _ body: () throws -> T) throws -> T {
        try lock(timeout: timeout)
        defer { unlock() }
        return try body()
    }

    /// Takes the lock, waiting up to `timeout` seconds; `writingName` records this process
    /// as the holder in the file (see the type's comment for when not to).
    package func lock(timeout: Double, writingName: Bool = true) throws(StoreError) {
        guard !isClosed else { throw .closed }
        guard fd >= 0 else { return }  // a store nobody can write: nothing to exclude
        var waited = 0.0
        while true {
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if errno == EINTR { continue }
                guard errno == EWOULDBLOCK else { throw .io(file: path, operation: "lock", reason: DurableFile.errnoText()) }
                guard waited < timeout else { throw .locked(file: path, holder: holderDescription()) }
                usleep(5_000)
                waited += 0.005
            }
            // A lock file removed or replaced meanwhile would let another process lock a
            // different file: lock the one that is at the path now.
            let current = try? DurableFile.identity(path)
            if let current, FileIdentity(openFile: fd)?.isSameFile(as: current) == true { break }
            _ = flock(fd, LOCK_UN)
            DurableFile.closeFile(fd)
            fd = -1
            try openFile(readOnly: !writable)
            guard fd >= 0 else { return }
        }
        held = true
        guard writable, writingName else { return }
        let text = Array("pid \(getpid()) \(CommandLine.arguments.first ?? "?")\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        var info = stat()
        lastWritten = fstat(fd, &info) == 0 ? info.st_mtim : nil
    }

    func unlock() {
        guard held, fd >= 0 else { return }
        held = false
        _ = flock(fd, LOCK_UN)
    }

    /// Who holds the lock: `pid 1234 /usr/bin/notes` as the holder wrote it, if that
    /// process is still alive and the name is not the one this lock wrote last (the file
    /// unchanged since); else "another program" (something that does not write its
    /// name, e.g. `flock(1)`).
    private func holderDescription() -> String {
        var info = stat()
        if let lastWritten, fstat(fd, &info) == 0,
           info.st_mtim.tv_sec == lastWritten.tv_sec, info.st_mtim.tv_nsec == lastWritten.tv_nsec {
            return "another program"
        }
        let bytes = (try? DurableFile.readAll(fd, path: path, from: 0)) ?? []
        let text = String(decoding: bytes.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let words = text.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0] == "pid", let pid = pid_t(words[1]), pid > 0 else { return "another program" }
        let alive = kill(pid, 0) == 0 || errno == EPERM
        return alive ? text : "another program"
    }
}
