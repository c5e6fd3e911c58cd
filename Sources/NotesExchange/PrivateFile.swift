import Foundation
import NotesBase
import NotesStore

/// Files that exports write: readable and writable by their owner only (0600),
/// like the store they come from. A new file is always created, never opened
/// (`O_EXCL`, `O_NOFOLLOW`), so nothing is ever written through a link or into a
/// file that someone placed there first.
public enum PrivateFile {
    /// Creates the file at `url` (it must not exist) and writes `data` into it. On
    /// error the file is removed again: nothing half written is left behind.
    public static func create(_ data: Data, at url: URL) throws(ExchangeError) {
        let descriptor: Int32
        do throws(NoFollowFile.Refusal) {
            descriptor = try NoFollowFile.open(url.path, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: 0o600, blocking: true).descriptor
        } catch {
            throw .io(path: url.path, operation: "create", reason: refusalText(error))
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = lastError
                    return
                }
                offset += count
            }
        }
        let closed = close(descriptor) == 0
        if failure == nil, !closed { failure = lastError }
        if let failure {
            unlink(url.path)
            throw .io(path: url.path, operation: "write", reason: failure)
        }
    }

    /// Replaces the file at `url` as a whole: writes a temporary file beside it, then renames
    /// it over `url`, so a reader sees the old file or the new one, never a part. A link at
    /// `url` is replaced, not written through.
    public static func replace(_ url: URL, with data: Data) throws(ExchangeError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try create(data, at: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = lastError
            unlink(temporary.path)
            throw .io(path: url.path, operation: "write", reason: reason)
        }
    }

    /// Throws unless `url` names a regular file: reading a FIFO would block forever, and
    /// a device or socket is no note. A link is followed only with `followingLinks` (a
    /// file the user named), never inside a folder being read.
    public static func requireRegularFile(_ url: URL, followingLinks: Bool = false) throws(ExchangeError) {
        var info = stat()
        guard (followingLinks ? stat(url.path, &info) : lstat(url.path, &info)) == 0 else { throw .io(path: url.path, operation: "read", reason: lastError) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .io(path: url.path, operation: "read", reason: "it is \(DurableFile.kindName(info.st_mode)), not a regular file")
        }
    }

    /// The system's words for why a file could not be created, as before the shared opener.
    private static func refusalText(_ refusal: NoFollowFile.Refusal) -> String {
        switch refusal {
        case .symbolicLink: String(cString: strerror(ELOOP))
        case .notRegular(let mode): "it is \(DurableFile.kindName(mode)), not a regular file"
        case .open(let code), .status(let code): String(cString: strerror(code))
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
