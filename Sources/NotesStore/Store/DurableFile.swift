import Glibc
import Foundation

/// File operations with the durability the store promises, in POSIX calls:
/// replacing a file is write a temporary file in the same folder, `fsync` it,
/// `rename` it over the old one, `fsync` the folder (which `Data.write(.atomic)`
/// skips on Linux). Files are created 0600, folders 0700.
package enum DurableFile {
    static let fileMode: mode_t = 0o600
    static let folderMode: mode_t = 0o700

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// `open(2)`, callable from types that have an `open` of their own.
    static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = fileMode) -> Int32 {
        open(path, flags, mode)
    }

    /// `close(2)`, callable from types that have a `close` of their own.
    static func closeFile(_ fd: Int32) {
        _ = close(fd)
    }

    /// Creates `folder` and its missing parents with mode 0700, each new one
    /// `fsync`ed into its parent so that it survives power loss.
    static func makeFolder(_ folder: URL) throws(StoreError) {
        let path = folder.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .io(file: path, operation: "use as the store's folder", reason: "it is not a folder") }
            return
        }
        try makeFolder(folder.deletingLastPathComponent())
        guard mkdir(path, folderMode) == 0 else {
            if errno == EEXIST { return }
            throw .io(file: path, operation: "create the folder", reason: errnoText())
        }
        try syncFolder(of: folder)
    }

    /// The whole file, or nil if it does not exist.
    /// A link, a FIFO or a folder at `path` is an error (see `openRegular`).
    static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        guard let fd = try openRegular(path, O_RDONLY, purpose: "open") else { return nil }
        defer { close(fd) }
        return try readAll(fd, path: path, from: 0)
    }

    /// The bytes of an open file from `offset` to its end.
    static func readAll(_ fd: Int32, path: String, from offset: Int) throws(StoreError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(file: path, operation: "stat", reason: errnoText()) }
        let size = Int(info.st_size)
        guard size > offset else { return [] }
        var failure: StoreError?
        let bytes = [UInt8](unsafeUninitializedCapacity: size - offset) { buffer, initialized in
            var done = 0
            while done < buffer.count {
                let count = pread(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(offset + done))
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else {
                    failure = .io(file: path, operation: "read", reason: errnoText())
                    break
                }
                if count == 0 { break }
                done += count
            }
            initialized = done
        }
        if let failure { throw failure }
        return bytes
    }

    /// Writes all of `bytes` at the file's current offset.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StoreError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .io(file: path, operation: "write", reason: errnoText()) }
            done += count
        }
    }

    /// The name prefix and suffix of `replace`'s temporary files for `url`.
    static func temporaryNameParts(of url: URL) -> (prefix: String, suffix: String) {
        (".\(url.lastPathComponent).", ".tmp")
    }

    /// Removes temporary files that a process killed in the middle of `replace` left
    /// beside `url`. Call it under the store's lock: every replace of a live process
    /// happens under it, so any temporary file seen then is left over.
    static func removeStaleTemporaries(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let (prefix, suffix) = temporaryNameParts(of: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Replaces the file at `url` with `bytes` so that a crash at any instant leaves
    /// either the old or the new file.
    package static func replace(_ url: URL, with bytes: [UInt8]) throws(StoreError) {
        do {
            try replace(url) { (fd, path) throws(StoreError) in try writeAll(fd, bytes, path: path) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .io(file: url.path, operation: "write", reason: "\(error)")
        }
    }

    /// `replace`, with the new file's bytes written by `write` (given its descriptor and
    /// path) as it makes them: a file of any size goes out through a buffer. On any
    /// failure, `write`'s included, the temporary file is removed and the old file stays.
    static func replace(_ url: URL, writing write: (_ fd: Int32, _ path: String) throws -> Void) throws {
        let path = url.path
        let (prefix, suffix) = temporaryNameParts(of: url)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(prefix + "\(getpid()).\(UInt32.random(in: 0...UInt32.max))" + suffix).path
        let fd = try createNew(temporary)
        do {
            try write(fd, temporary)
            guard fsync(fd) == 0 else { throw StoreError.io(file: temporary, operation: "fsync", reason: errnoText()) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw StoreError.io(file: path, operation: "rename the new version into place", reason: reason)
        }
        try syncFolder(of: url)
    }

    /// Writes all of `bytes` at the file's current offset.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(StoreError) {
        var done = 0
        while done < bytes.count {
            let count = write(fd, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .io(file: path, operation: "write", reason: errnoText()) }
            done += count
        }
    }

    /// Writes `bytes` to a new file at `path` (mode 0600, never through a link) and
    /// `fsync`s it; on failure the file is removed. `replacing`: a file already at `path`
    /// is removed first; else one there is an error.
    static func writeNew(_ path: String, _ bytes: [UInt8], replacing: Bool = true) throws(StoreError) {
        if replacing { unlink(path) }
        let fd = try createNew(path)
        do throws(StoreError) {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw .io(file: path, operation: "fsync", reason: errnoText()) }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        close(fd)
    }

    /// `fsync`s the folder holding `url`, so a rename or a new file survives power loss.
    static func syncFolder(of url: URL) throws(StoreError) {
        let folder = url.deletingLastPathComponent().path
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(file: folder, operation: "open the folder", reason: errnoText()) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .io(file: folder, operation: "fsync the folder", reason: errnoText()) }
    }

    /// Device and inode of the file at `path` (a link itself, not its target), or nil if it does not exist.
    static func identity(_ path: String) throws(StoreError) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .io(file: path, operation: "stat", reason: errnoText())
        }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size))
    }
}

/// Which file a path names right now (a rename puts a new inode in place), and its size.
struct FileIdentity: Equatable, Sendable {
    /// The identity of the file open as `fd`, or nil if `fstat` fails.
    init?(openFile fd: Int32) {
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else { return nil }
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size))
    }

    init(device: UInt64, inode: UInt64, size: Int) {
        self.device = device
        self.inode = inode
        self.size = size
    }

    var device: UInt64
    var inode: UInt64
    var size: Int

    func isSameFile(as other: FileIdentity?) -> Bool {
        guard let other else { return false }
        return device == other.device && inode == other.inode
    }
}
