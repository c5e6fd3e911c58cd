import Foundation

/// Reads a file to import: opened relative to its folder's descriptor, without blocking (a
/// FIFO never hangs), only a regular file, and without following a link when it was found
/// in a folder.
enum ImportFile {
    struct Failure: Error {
        let reason: String
    }

    /// Where a file is: a name in an open folder (`AT_FDCWD` for a path given by name).
    struct Location {
        let folder: Int32
        let name: String
        /// Whether a link as the last part of `name` is followed (only for a path given by name).
        let followLink: Bool
    }

    /// What was read, and when the file was last changed (from the open file itself).
    struct Contents {
        let data: Data
        let modified: Date
    }

    /// The names in the open folder `folder` (without `.` and `..`), in the order listed.
    static func names(in folder: Int32) throws(Failure) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            let code = errno
            throw Failure(reason: String(cString: strerror(code)))
        }
        defer { closedir(stream) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
            errno = 0
        }
        guard errno == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        return names
    }

    static func contents(of location: Location, limit: Int) throws(Failure) -> Contents {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (location.followLink ? 0 : O_NOFOLLOW)
        let descriptor = openat(location.folder, location.name, flags)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(reason: code == ELOOP ? "a symbolic link, not followed" : "cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: "cannot read: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "\(kindName(info.st_mode)), not a regular file") }
        guard Int(info.st_size) <= limit else { throw Failure(reason: "larger than \(limit >> 20) MiB, not read") }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
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
        return Contents(data: data, modified: modified)
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
