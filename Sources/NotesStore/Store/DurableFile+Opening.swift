import Glibc
import Foundation

/// Opening the store's own files safely: never through a symbolic link planted at
/// the file's name, never blocking on a FIFO, and only ever a regular file.
extension DurableFile {
    /// What kind of file `mode` describes, for messages: "a folder", "a FIFO (named pipe)", …
    package static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The `lstat` of `path` (a link is not followed), or nil if nothing is there.
    static func linkStatus(_ path: String) throws(StoreError) -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .io(file: path, operation: "stat", reason: errnoText())
        }
        return info
    }

    /// Throws unless what is at `path` is a regular file (or nothing).
    static func requireRegularOrAbsent(_ path: String, purpose: String) throws(StoreError) {
        guard let info = try linkStatus(path) else { return }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .io(file: path, operation: purpose, reason: notRegularReason(info.st_mode))
        }
    }

    static func notRegularReason(_ mode: mode_t) -> String {
        if mode & S_IFMT == S_IFLNK {
            return "it is a symbolic link, and notes does not follow links planted beside its store"
        }
        return "it is \(kindName(mode)), not a regular file"
    }

    /// Opens the regular file at `path` with `flags`, without following a link at its
    /// name (`O_NOFOLLOW`) and without blocking if it is a FIFO (`O_NONBLOCK`, cleared
    /// again once the file is known to be regular). Anything else is refused with a
    /// clear error. Returns nil if the file does not exist and `flags` has no `O_CREAT`.
    static func openRegular(_ path: String, _ flags: Int32, purpose: String) throws(StoreError) -> Int32? {
        try requireRegularOrAbsent(path, purpose: purpose)
        let fd = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, fileMode)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT && flags & O_CREAT == 0 { return nil }
            if code == ELOOP { throw .io(file: path, operation: purpose, reason: notRegularReason(S_IFLNK)) }
            if code == EISDIR { throw .io(file: path, operation: purpose, reason: notRegularReason(S_IFDIR)) }
            if code == ENXIO { throw .io(file: path, operation: purpose, reason: notRegularReason(S_IFIFO)) }
            throw .io(file: path, operation: purpose, reason: errnoText(code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = errnoText()
            close(fd)
            throw .io(file: path, operation: purpose, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .io(file: path, operation: purpose, reason: notRegularReason(info.st_mode))
        }
        let status = fcntl(fd, F_GETFL)
        if status >= 0 { _ = fcntl(fd, F_SETFL, status & ~O_NONBLOCK) }
        return fd
    }

    /// Whether `code` (an `errno`) means the file system or the file refuses writing.
    static func isWriteRefusal(_ code: Int32) -> Bool {
        code == EACCES || code == EROFS || code == EPERM
    }

    /// Why the store's files cannot be written here, or nil if they can: a read-only
    /// mount, a folder without write permission, or store files without it.
    static func writeRefusal(folder: String, files: [String]) -> String? {
        if access(folder, F_OK) == 0, access(folder, W_OK) != 0, isWriteRefusal(errno) {
            return "\(folder): \(errnoText())"
        }
        for file in files where access(file, F_OK) == 0 {
            if access(file, W_OK) != 0, isWriteRefusal(errno) { return "\(file): \(errnoText())" }
        }
        return nil
    }
}
