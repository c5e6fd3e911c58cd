import Glibc
import Foundation

/// Entries of the sync work tree, handled without ever following a symbolic link: git
/// wrote them from a remote's commits, and a link there could point anywhere.
enum WorkTreeEntry {
    /// Makes `url` a real folder: a link, file or anything else at its name is removed
    /// first (the entry itself, never what a link points to).
    static func makeRealFolder(_ url: URL) throws(SyncError) {
        var status = stat()
        if lstat(url.path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return }
            try remove(url)
        }
        guard mkdir(url.path, 0o700) == 0 || errno == EEXIST else {
            throw .gitFailed(action: "create the folder \(url.path)", status: 1, message: String(cString: strerror(errno)))
        }
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .gitFailed(action: "create the folder \(url.path)", status: 1, message: "something else took its place")
        }
    }

    /// Removes the entry at `url`: a link or file is unlinked; a real folder is removed
    /// with what it holds, each entry inside the same way.
    static func remove(_ url: URL) throws(SyncError) {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
                try remove(url.appendingPathComponent(name))
            }
            guard rmdir(url.path) == 0 || errno == ENOENT else {
                throw .gitFailed(action: "remove \(url.path)", status: 1, message: String(cString: strerror(errno)))
            }
        } else {
            guard unlink(url.path) == 0 || errno == ENOENT else {
                throw .gitFailed(action: "remove \(url.path)", status: 1, message: String(cString: strerror(errno)))
            }
        }
    }

    /// Writes `bytes` into a new file at `url` (never through a link, never over an entry),
    /// readable by this user only, without `fsync`: a scratch file git reads and stores as
    /// an object, which git makes durable (`core.fsync`), then removed. A durable write of
    /// each cost a few milliseconds a git run.
    static func writeScratch(_ bytes: some Collection<UInt8>, to url: URL) throws(SyncError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .gitFailed(action: "write \(url.path)", status: 1, message: String(cString: strerror(errno)))
        }
        defer { _ = close(descriptor) }
        let contents = Array(bytes)
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0 + written, buffer.count - written) } ?? -1
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .gitFailed(action: "write \(url.path)", status: 1, message: String(cString: strerror(errno)))
            }
            written += count
        }
    }

    /// The bytes of the regular file at `url`, or nil when it is missing, a link or not a file.
    static func regularFileContents(_ url: URL) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? handle.readToEnd() ?? Data()
    }
}
