import Foundation

/// Reads a file to import: opened without blocking (a FIFO never hangs), only a regular
/// file, and without following a link when it was found in a folder.
enum ImportFile {
    struct Failure: Error {
        let reason: String
    }

    static func contents(of path: String, followLink: Bool, limit: Int) throws(Failure) -> Data {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(reason: code == ELOOP ? "a symbolic link, not followed" : "cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: "cannot read: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "\(kindName(info.st_mode)), not a regular file") }
        guard Int(info.st_size) <= limit else { throw Failure(reason: "larger than \(limit >> 20) MiB, not read") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count >= 0 else { throw Failure(reason: "cannot read: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else { throw Failure(reason: "larger than \(limit >> 20) MiB, not read") }
        }
        return data
    }

    /// What a file that is not a regular file is, for messages.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
