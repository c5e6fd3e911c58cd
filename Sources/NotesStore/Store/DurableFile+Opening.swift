import Glibc
import Foundation
import NotesBase

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
        do throws(NoFollowFile.Refusal) {
            return try NoFollowFile.open(path, flags: flags, permissions: fileMode, blocking: true).descriptor
        } catch {
            switch error {
            case .open(ENOENT) where flags & O_CREAT == 0: return nil
            case .symbolicLink: throw .io(file: path, operation: purpose, reason: notRegularReason(S_IFLNK))
            case .notRegular(let mode): throw .io(file: path, operation: purpose, reason: notRegularReason(mode))
            case .open(let code), .status(let code): throw .io(file: path, operation: purpose, reason: errnoText(code))
            }
        }
    }

    /// Creates the file at `path` (mode 0600; nothing may be there, not even a link) and
    /// opens it for writing; returns its descriptor.
    static func createNew(_ path: String) throws(StoreError) -> Int32 {
        do throws(NoFollowFile.Refusal) {
            return try NoFollowFile.open(path, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: fileMode, blocking: true).descriptor
        } catch {
            switch error {
            case .symbolicLink: throw .io(file: path, operation: "create", reason: errnoText(ELOOP))
            case .notRegular(let mode): throw .io(file: path, operation: "create", reason: notRegularReason(mode))
            case .open(let code), .status(let code): throw .io(file: path, operation: "create", reason: errnoText(code))
            }
        }
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
