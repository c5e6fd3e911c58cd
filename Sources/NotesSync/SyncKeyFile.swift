#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The key folder and key files, opened and made without ever following a symbolic link:
/// a link planted at `notes`, `notes/keys` or a key file's name is refused by name, and
/// nothing is changed or written through it. A key file others can read is refused as ssh
/// refuses a private key (with the `chmod` to run).
enum SyncKeyFile {
    /// The largest key file read: a few lines.
    static let maximumBytes = 1 << 20

    /// Makes `folder` (and the `notes` folder above it) real folders of mode 0700 when they
    /// are missing, and checks that they are real folders; a link is refused. The folder
    /// above `notes` (the user's configuration folder) is taken as it is.
    static func makeFolder(_ folder: URL) throws(SyncError) {
        for url in [folder.deletingLastPathComponent(), folder] {
            var status = stat()
            if lstat(url.path, &status) != 0 {
                if errno == ENOENT, url == folder.deletingLastPathComponent() {
                    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                guard mkdir(url.path, 0o700) == 0 || errno == EEXIST, lstat(url.path, &status) == 0 else {
                    throw .encryption(.cannotWriteKey(path: url.path, reason: String(cString: strerror(errno))))
                }
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                throw .encryption(.cannotWriteKey(path: url.path, reason: "it is a symbolic link; remove it, keys are never kept through a link"))
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .encryption(.cannotWriteKey(path: url.path, reason: "it is not a folder"))
            }
        }
        // The key folder itself is private; opened without following a link, then changed through that descriptor.
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .encryption(.cannotWriteKey(path: folder.path, reason: String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o700) == 0 else {
            throw .encryption(.cannotWriteKey(path: folder.path, reason: String(cString: strerror(errno))))
        }
    }

    /// Writes `text` as the file `url` (mode 0600): a new file in the same folder, made
    /// with `O_EXCL | O_NOFOLLOW`, renamed over the name (a link there is replaced, never followed).
    static func write(_ text: String, to url: URL) throws(SyncError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .encryption(.cannotWriteKey(path: url.path, reason: String(cString: strerror(errno))))
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .encryption(.cannotWriteKey(path: url.path, reason: reason))
        }
    }

    /// Creates the file `path` with `text`, mode 0600 (`O_EXCL | O_NOFOLLOW`: an existing
    /// file or link there is refused, never followed or replaced).
    static func create(_ text: String, at path: String) throws(SyncError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "something is already there (a file or a link): choose a new name"
                : String(cString: strerror(errno))
            throw .encryption(.cannotWriteKey(path: path, reason: reason))
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        // The mode given to open is cut by the umask: set it outright.
        guard written == bytes.count, fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            throw .encryption(.cannotWriteKey(path: path, reason: String(cString: strerror(errno))))
        }
    }

    /// The text of the key file at `path`, opened without following a link or blocking on
    /// a FIFO: refused, saying why, when it is a link, not a plain file, larger than a key
    /// file is, or readable by others than its owner.
    static func read(path: String) throws(SyncError) -> String {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .encryption(.missingKey(path: path)) }
            let reason = errno == ELOOP ? "it is a symbolic link: give the key file itself" : String(cString: strerror(errno))
            throw .encryption(.unreadableKey(path: path, reason: reason))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .encryption(.unreadableKey(path: path, reason: String(cString: strerror(errno))))
        }
        if let problem = problem(with: status) { throw .encryption(.unreadableKey(path: path, reason: problem)) }
        if status.st_mode & 0o077 != 0 {
            throw .encryption(.keyReadableByOthers(path: path, mode: String(status.st_mode & 0o777, radix: 8)))
        }
        let data: Data
        do { data = try handle.readToEnd() ?? Data() } catch {
            throw .encryption(.unreadableKey(path: path, reason: error.localizedDescription))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .encryption(.unreadableKey(path: path, reason: "it is not UTF-8 text"))
        }
        return text
    }

    /// Why a file of `status` is not a key file, or nil.
    private static func problem(with status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return status.st_size > maximumBytes
                ? "it is \(status.st_size) bytes, not a key file (a plain file of a few lines)" : nil
        case S_IFDIR: return "it is a folder, not a key file"
        case S_IFIFO: return "it is a FIFO, not a key file"
        default: return "it is a device or socket, not a key file"
        }
    }
}
