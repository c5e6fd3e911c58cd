import Foundation

/// Reads a file to import: opened relative to its folder's descriptor, without blocking (a
/// FIFO never hangs), only a regular file, and without following a link when it was found
/// in a folder. Small files are read whole; the notes JSON export is read in pieces at any
/// size (`Opened.read(into:count:)`).
package enum ImportFile {
    package struct Failure: Error {
        package let reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// Where a file is: a name in an open folder (`AT_FDCWD` for a path given by name).
    package struct Location {
        package let folder: Int32
        package let name: String
        /// Whether a link as the last part of `name` is followed (only for a path given by name).
        package let followLink: Bool

        package init(folder: Int32, name: String, followLink: Bool) {
            self.folder = folder
            self.name = name
            self.followLink = followLink
        }
    }

    /// An open regular file to import, its size and when it was last changed (from the open file itself).
    package final class Opened {
        package let descriptor: Int32
        package let size: Int
        package let modified: Date

        fileprivate init(descriptor: Int32, size: Int, modified: Date) {
            self.descriptor = descriptor
            self.size = size
            self.modified = modified
        }

        deinit { close(descriptor) }

        /// Room a read is given in a buffer, zeros until it reads into it.
        private static let zeros = [UInt8](repeating: 0, count: 1 << 20)

        /// Appends up to `count` more bytes to `buffer`; false at the end of the file.
        /// The bytes are read straight into `buffer`'s own storage, which a stream keeps from
        /// piece to piece: no new piece to fault in and zero, and no copy of it.
        package func read(into buffer: inout [UInt8], count: Int = 1 << 20) throws(Failure) -> Bool {
            let before = buffer.count
            if count <= Self.zeros.count {
                buffer.append(contentsOf: Self.zeros[..<count])  // a copy, even unoptimized
            } else {
                buffer.append(contentsOf: repeatElement(0, count: count))
            }
            while true {
                let got = buffer.withUnsafeMutableBytes { raw in
                    raw.baseAddress.map { Glibc.read(descriptor, $0 + before, count) } ?? 0
                }
                if got < 0, errno == EINTR || errno == EAGAIN { continue }
                guard got >= 0 else {
                    let reason = String(cString: strerror(errno))
                    buffer.removeLast(count)
                    throw Failure(reason: "cannot read: \(reason)")
                }
                buffer.removeLast(count - got)
                return got > 0 || buffer.count > before
            }
        }

        /// The whole file, refused when it grows past `limit` bytes.
        package func contents(limit: Int) throws(Failure) -> Data {
            guard size <= limit else { throw Failure(reason: ImportFile.tooLarge(limit)) }
            var bytes: [UInt8] = []
            while try read(into: &bytes, count: 1 << 16) {
                guard bytes.count <= limit else { throw Failure(reason: ImportFile.tooLarge(limit)) }
            }
            return Data(bytes)
        }
    }

    /// The names in the open folder `folder` (without `.` and `..`), in the order listed.
    package static func names(in folder: Int32) throws(Failure) -> [String] {
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

    /// Opens the file at `location` for reading: a regular file only, not through a link
    /// unless `location.followLink`.
    package static func open(_ location: Location) throws(Failure) -> Opened {
        let opened: NoFollowFile.Opened
        do throws(NoFollowFile.Refusal) {
            opened = try NoFollowFile.open(in: location.folder, location.name, flags: O_RDONLY, followLink: location.followLink)
        } catch {
            switch error {
            case .symbolicLink: throw Failure(reason: "a symbolic link, not followed")
            case .notRegular(let mode): throw Failure(reason: "\(kindName(mode)), not a regular file")
            case .open(let code): throw Failure(reason: "cannot open: \(String(cString: strerror(code)))")
            case .status(let code): throw Failure(reason: "cannot read: \(String(cString: strerror(code)))")
            }
        }
        let (descriptor, info) = (opened.descriptor, opened.info)
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        return Opened(descriptor: descriptor, size: Int(info.st_size), modified: modified)
    }

    package static func tooLarge(_ limit: Int) -> String { "larger than \(byteCountText(limit)), not read" }

    /// What a file that is not a regular file is, for messages.
    package static func kindName(_ mode: mode_t) -> String {
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
