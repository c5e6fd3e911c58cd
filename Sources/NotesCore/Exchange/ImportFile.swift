import Foundation

/// Reads a file to import: opened without blocking (a FIFO never hangs), only a regular
/// file, and without following a link when it was found in a folder.
enum ImportFile {
    struct Failure: Error {
        let reason: String
    }

    /// An open regular file to import, and its size when opened.
    final class Opened {
        let descriptor: Int32
        let size: Int

        fileprivate init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = size
        }

        deinit { close(descriptor) }

        /// Appends up to `count` more bytes to `buffer`; false at the end of the file.
        func read(into buffer: inout [UInt8], count: Int = 1 << 20) throws(Failure) -> Bool {
            let before = buffer.count
            buffer.reserveCapacity(before + count)
            var piece = [UInt8](repeating: 0, count: count)
            while true {
                let got = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR || errno == EAGAIN { continue }
                guard got >= 0 else { throw Failure(reason: "cannot read: \(String(cString: strerror(errno)))") }
                buffer.append(contentsOf: piece[..<got])
                return got > 0 || buffer.count > before
            }
        }

        /// The whole file, refused when it grows past `limit` bytes.
        func contents(limit: Int) throws(Failure) -> Data {
            guard size <= limit else { throw Failure(reason: ImportFile.tooLarge(limit)) }
            var bytes: [UInt8] = []
            while try read(into: &bytes, count: 1 << 16) {
                guard bytes.count <= limit else { throw Failure(reason: ImportFile.tooLarge(limit)) }
            }
            return Data(bytes)
        }
    }

    /// Opens `path` for reading: a regular file only, not through a link unless `followLink`.
    static func open(_ path: String, followLink: Bool) throws(Failure) -> Opened {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW)
        let descriptor = Glibc.open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(reason: code == ELOOP ? "a symbolic link, not followed" : "cannot open: \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(reason: "cannot read: \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Failure(reason: "\(kindName(info.st_mode)), not a regular file")
        }
        return Opened(descriptor: descriptor, size: Int(info.st_size))
    }

    static func contents(of path: String, followLink: Bool, limit: Int) throws(Failure) -> Data {
        try open(path, followLink: followLink).contents(limit: limit)
    }

    static func tooLarge(_ limit: Int) -> String { "larger than \(JSONStream.sizeText(limit)), not read" }

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
