import Foundation

/// The one way notes opens a file by name without being tricked by what is at that name:
/// no symbolic link followed (`O_NOFOLLOW`, unless asked), no hang on a FIFO (`O_NONBLOCK`),
/// close-on-exec, and only a regular file kept open. The store's files (`DurableFile`), the
/// files to import (`ImportFile`) and the exported files (`PrivateFile`) all open through it;
/// each words its own errors from the `Refusal`.
package enum NoFollowFile {
    /// Why a file was not opened.
    package enum Refusal: Error, Equatable {
        /// A symbolic link at the name (`ELOOP`: under `O_NOFOLLOW`, or a loop of links).
        case symbolicLink
        /// Something other than a regular file: its `st_mode` (`S_IFDIR` for `EISDIR`,
        /// `S_IFIFO` for `ENXIO`: a FIFO nobody reads, opened for writing).
        case notRegular(mode_t)
        /// `open` failed with this `errno` (`ENOENT`: nothing there).
        case open(Int32)
        /// `fstat` of the open file failed with this `errno`.
        case status(Int32)
    }

    /// An open regular file: its descriptor (the caller closes it) and its `fstat`.
    package struct Opened {
        package let descriptor: Int32
        package let info: stat
    }

    /// Opens `name` relative to the open folder `folder` (`AT_FDCWD`: a path) with `flags`
    /// (`O_NOFOLLOW`, `O_NONBLOCK` and `O_CLOEXEC` added; `O_NOFOLLOW` not with `followLink`),
    /// creating it with `permissions` when `flags` has `O_CREAT`. Anything but a regular file
    /// is closed again and refused. `blocking`: `O_NONBLOCK` is cleared once the file is known
    /// to be regular.
    package static func open(in folder: Int32 = AT_FDCWD, _ name: String, flags: Int32, permissions: mode_t = 0o600,
                             followLink: Bool = false, blocking: Bool = false) throws(Refusal) -> Opened {
        let descriptor = openat(folder, name, flags | O_NONBLOCK | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW), permissions)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ELOOP: throw .symbolicLink
            case EISDIR: throw .notRegular(S_IFDIR)
            case ENXIO: throw .notRegular(S_IFIFO)
            default: throw .open(code)
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .status(code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegular(info.st_mode)
        }
        if blocking {
            let status = fcntl(descriptor, F_GETFL)
            if status >= 0 { _ = fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) }
        }
        return Opened(descriptor: descriptor, info: info)
    }
}
