import Foundation
import NotesBase
import NotesModel

/// Reads, writes and removes attachment files under a folder (the store's, an export's, an
/// imported one), reaching each file one folder at a time with `openat(O_NOFOLLOW)`: a
/// symbolic link anywhere on the way is refused, never followed, so nothing is ever read or
/// written outside the folder. Folders are made 0700, files 0600, as the store's own.
public enum AttachmentFiles {
    /// Why an attachment could not be read, written or removed, with its path.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        /// The `errno` behind it, 0 when none.
        var code: Int32 = 0
        public var description: String { "\(path): \(reason)" }
    }

    /// The largest attachment read or written: the 64 MiB that git hosts take in one file.
    public static let maximumSize = 64 << 20

    /// The folder under the store's folder that holds each note's attachments, `attachments/<id>/`.
    public static let folderName = "attachments"

    /// The note that owns `path`: the id of `attachments/<id>/<name>`, nil for any other path.
    public static func owner(of path: AttachmentPath) -> UUID? {
        let parts = path.relativePath.split(separator: "/")
        guard parts.count == 3, parts[0] == Substring(folderName) else { return nil }
        return UUID(uuidString: String(parts[1]))
    }

    /// Reads the attachment `path` under `folder`: a regular file of at most `limit` bytes.
    public static func read(_ path: AttachmentPath, in folder: URL, limit: Int = maximumSize) throws(Failure) -> Data {
        let shown = folder.appendingPathComponent(path.relativePath).path
        let parts = path.relativePath.split(separator: "/").map(String.init)
        let parent = try openFolder(folder.path, parts.dropLast(), create: false, shown: shown)
        defer { close(parent) }
        do {
            return try ImportFile.open(ImportFile.Location(folder: parent, name: parts[parts.count - 1], followLink: false))
                .contents(limit: limit)
        } catch { throw Failure(path: shown, reason: error.reason) }
    }

    /// Whether `path` under `folder` is a regular file (reached without following a link).
    public static func exists(_ path: AttachmentPath, in folder: URL) -> Bool {
        size(path, in: folder) != nil
    }

    /// The size of `path` under `folder` when it is a regular file (reached without following a link), else nil.
    public static func size(_ path: AttachmentPath, in folder: URL) -> Int? {
        stamp(path, in: folder).map { Int($0.size) }
    }

    /// What a file looked like: a file edited or replaced in place has another stamp (its
    /// change time moves even when its modification time is set back).
    public struct Stamp: Equatable, Sendable {
        package init(size: Int64, modified: (seconds: Int64, nanoseconds: Int64), changed: (seconds: Int64, nanoseconds: Int64), inode: Int64) {
            self.size = size
            self.modified = modified
            self.changed = changed
            self.inode = inode
        }

        public var size: Int64
        public var modified: (seconds: Int64, nanoseconds: Int64)
        public var changed: (seconds: Int64, nanoseconds: Int64)
        public var inode: Int64

        public static func == (left: Stamp, right: Stamp) -> Bool {
            left.size == right.size && left.modified == right.modified && left.changed == right.changed && left.inode == right.inode
        }
    }

    /// The stamp of `path` under `folder` when it is a regular file (reached without following a link), else nil.
    public static func stamp(_ path: AttachmentPath, in folder: URL) -> Stamp? {
        let parts = path.relativePath.split(separator: "/").map(String.init)
        guard let parent = try? openFolder(folder.path, parts.dropLast(), create: false, shown: "") else { return nil }
        defer { close(parent) }
        var info = stat()
        guard fstatat(parent, parts[parts.count - 1], &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Stamp(size: Int64(info.st_size), modified: (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)),
                     changed: (Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)), inode: Int64(bitPattern: UInt64(info.st_ino)))
    }

    /// Replaces the file at `path` under `folder` with `data` in one step: written beside it
    /// under a temporary name, `fsync`ed, renamed over it, the folder `fsync`ed. A kill leaves
    /// the old file or the new one (and perhaps the temporary file, which `notes doctor` lists).
    public static func replace(_ path: AttachmentPath, with data: Data, in folder: URL) throws(Failure) {
        let shown = folder.appendingPathComponent(path.relativePath).path
        let parts = path.relativePath.split(separator: "/").map(String.init)
        let name = parts[parts.count - 1]
        let temporary = ".\(name).notes-incoming-\(getpid())"
        let parent = try openFolder(folder.path, parts.dropLast(), create: true, shown: shown)
        defer { close(parent) }
        unlinkat(parent, temporary, 0)
        try create(data, named: temporary, in: parent, shown: shown)
        guard renameat(parent, temporary, parent, name) == 0 else {
            let reason = errorText()
            unlinkat(parent, temporary, 0)
            throw Failure(path: shown, reason: "cannot replace: \(reason)")
        }
        fsync(parent)
    }

    /// Writes `data` at `path` under `folder`, making folders as needed, durably (`fsync`)
    /// and never over another file: one already there with the same bytes is kept (false is
    /// returned), one with other bytes is an error. True when the file was written.
    @discardableResult
    public static func write(_ data: Data, to path: AttachmentPath, in folder: URL) throws(Failure) -> Bool {
        let shown = folder.appendingPathComponent(path.relativePath).path
        let parts = path.relativePath.split(separator: "/").map(String.init)
        let parent = try openFolder(folder.path, parts.dropLast(), create: true, shown: shown)
        defer { close(parent) }
        let name = parts[parts.count - 1]
        do { try create(data, named: name, in: parent, shown: shown) } catch {
            guard error.code == EEXIST else { throw error }
            let existing = try? ImportFile.open(ImportFile.Location(folder: parent, name: name, followLink: false))
                .contents(limit: data.count)
            guard existing == data else { throw Failure(path: shown, reason: "a different file is already there; nothing was overwritten") }
            return false
        }
        return true
    }

    /// Creates the file `name` in the open folder `parent` (never over another: `EEXIST`) with
    /// `data`, durably; a failed write removes it.
    private static func create(_ data: Data, named name: String, in parent: Int32, shown: String) throws(Failure) {
        let file = openat(parent, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            let code = errno
            throw Failure(path: shown, reason: "cannot create: \(String(cString: strerror(code)))", code: code)
        }
        defer { close(file) }
        let failed = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(file, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                offset += count
            }
            return false
        }
        guard !failed, fsync(file) == 0 else {
            let reason = errorText()
            unlinkat(parent, name, 0)
            throw Failure(path: shown, reason: "cannot write: \(reason)")
        }
    }

    /// Removes the note's folder `attachments/<id>/` under `storeFolder` and everything in it,
    /// never following a link (a link in it is removed, not its target). Nothing there: no error.
    public static func removeFolder(of noteID: UUID, in storeFolder: URL) throws(Failure) {
        let shown = storeFolder.appendingPathComponent(folderName).appendingPathComponent(noteID.uuidString).path
        let parent: Int32
        do { parent = try openFolder(storeFolder.path, [folderName], create: false, shown: shown) } catch {
            if error.code == ENOENT { return }
            throw error
        }
        defer { close(parent) }
        try removeTree(named: noteID.uuidString, in: parent, shown: shown, depth: 0)
    }

    /// Removes the file `path` (`attachments/<id>/<name>`) under `storeFolder`, never following
    /// a link; its folder stays. Nothing there: no error.
    public static func remove(_ path: AttachmentPath, in storeFolder: URL) throws(Failure) {
        let parts = path.relativePath.split(separator: "/").map(String.init)
        guard parts.count == 3, parts[0] == folderName else {
            throw Failure(path: path.relativePath, reason: "not a note's attachment (attachments/<id>/<name>)")
        }
        let shown = storeFolder.appendingPathComponent(path.relativePath).path
        let parent: Int32
        do { parent = try openFolder(storeFolder.path, Array(parts[0...1]), create: false, shown: shown) } catch {
            if error.code == ENOENT { return }
            throw error
        }
        defer { close(parent) }
        try removeTree(named: parts[2], in: parent, shown: shown, depth: 0)
    }

    /// Removes `name` in `folder`: a folder with everything in it (never following a link), or a file.
    package static func removeEntry(_ name: String, in folder: URL) throws(Failure) {
        let parent = try openFolder(folder.path, [String](), create: false, shown: folder.path)
        defer { close(parent) }
        try removeTree(named: name, in: parent, shown: folder.appendingPathComponent(name).path, depth: 0)
    }

    /// The names in `attachments/` under `storeFolder` (empty when there is no such folder).
    public static func noteFolderNames(in storeFolder: URL) -> [String] {
        guard let folder = try? openFolder(storeFolder.path, [folderName], create: false, shown: "") else { return [] }
        defer { close(folder) }
        return ((try? ImportFile.names(in: folder)) ?? []).sorted()
    }

    /// The names in the note's folder `attachments/<id>/` under `storeFolder` (empty when there is none).
    public static func names(inNoteFolderOf id: UUID, storeFolder: URL) -> [String] {
        guard let folder = try? openFolder(storeFolder.path, [folderName, id.uuidString], create: false, shown: "") else { return [] }
        defer { close(folder) }
        return (try? ImportFile.names(in: folder)) ?? []
    }

    /// The names in the folder at `path` (reached without following a link at its end; empty when it cannot be listed).
    static func names(in path: String) -> [String] {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return [] }
        defer { close(folder) }
        return (try? ImportFile.names(in: folder)) ?? []
    }

    /// Removes `name` in the open folder `parent`: a folder with everything in it, else the entry itself.
    private static func removeTree(named name: String, in parent: Int32, shown: String, depth: Int) throws(Failure) {
        guard depth < 32 else { throw Failure(path: shown, reason: "folders nested too deep to remove") }
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder < 0 {
            let code = errno
            if code == ENOENT { return }
            guard code == ENOTDIR || code == ELOOP else { throw Failure(path: shown, reason: "cannot open: \(String(cString: strerror(code)))") }
            guard unlinkat(parent, name, 0) == 0 || errno == ENOENT else { throw Failure(path: shown, reason: "cannot remove: \(errorText())") }
            return
        }
        let names: [String]
        do { names = try ImportFile.names(in: folder) } catch {
            close(folder)
            throw Failure(path: shown, reason: "cannot list: \(error.reason)")
        }
        for child in names {
            var info = stat()
            guard fstatat(folder, child, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                do { try removeTree(named: child, in: folder, shown: shown + "/" + child, depth: depth + 1) } catch {
                    close(folder)
                    throw error
                }
            } else if unlinkat(folder, child, 0) != 0, errno != ENOENT {
                let reason = errorText()
                close(folder)
                throw Failure(path: shown + "/" + child, reason: "cannot remove: \(reason)")
            }
        }
        fsync(folder)
        close(folder)
        guard unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
            throw Failure(path: shown, reason: "cannot remove: \(errorText())")
        }
        fsync(parent)
    }

    /// Opens `root`, then each of `parts` inside it without following links (made 0700 with
    /// `create`). The caller closes the descriptor returned.
    static func openFolder(_ root: String, _ parts: some Sequence<String>, create: Bool, shown: String) throws(Failure) -> Int32 {
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Failure(path: root, reason: "cannot open the folder: \(errorText())", code: errno) }
        for part in parts {
            if create, mkdirat(folder, part, 0o700) != 0, errno != EEXIST {
                let reason = errorText()
                close(folder)
                throw Failure(path: shown, reason: "cannot make the folder '\(part)': \(reason)")
            }
            let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(folder)
            guard next >= 0 else {
                let reason = code == ELOOP || code == ENOTDIR
                    ? "'\(part)' is \(code == ELOOP ? "a symbolic link" : "not a folder"), not followed"
                    : "cannot open the folder '\(part)': \(String(cString: strerror(code)))"
                throw Failure(path: shown, reason: reason, code: code)
            }
            folder = next
        }
        return folder
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
