import Foundation
import NotesBase

/// A private copy of a Core Data SQLite store and its `-wal`, `-shm` and `-journal`
/// companions, in a new folder only this user can read. SQLite is opened on the copy, so
/// nothing it does (reading a WAL needs the `-shm` index; closing checkpoints the WAL)
/// ever touches the original files, which are only read, once, byte for byte.
/// `immutable=1` would keep the originals untouched too, but it ignores the WAL, and a
/// store Core Data still has open keeps its latest changes there.
///
/// Each file is copied by reading its bytes into a new file (never by copying a link,
/// which SQLite would follow to create its `-shm` beside the original). The store named
/// by the user may be a link: its companions are those beside the file it points to,
/// where SQLite keeps them, and none of them is reached through a link. A file that is
/// not a regular one (a FIFO named `Notes.sqlite-wal`) is refused by name, never opened
/// for reading (`ImportFile.open` opens without blocking and checks before any read).
///
/// The folder is named `notes-coredata-<pid>-XXXXXX` in `TMPDIR`: the importer removes it
/// on every way out (`remove`), and one left by an import that was killed is found by the
/// pid it names no longer running, and removed by the next copy (`CoreDataStaleCopies`).
struct CoreDataStoreCopy {
    let folder: URL
    let database: URL

    /// The companions SQLite may need beside a database file.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]
    /// How a private copy's folder name starts, before the pid that made it.
    static let folderPrefix = "notes-coredata-"

    /// Copies the store at `path` into a new folder of `temporaryFolder`.
    init(of path: String, temporaryFolder: String = CoreDataStaleCopies.temporaryFolder) throws(ExchangeError) {
        CoreDataStaleCopies.remove(in: temporaryFolder)
        let original = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let template = (temporaryFolder as NSString)
            .appendingPathComponent("\(Self.folderPrefix)\(getpid())-XXXXXX")
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw .io(path: path, operation: "make a private copy of the store", reason: String(cString: strerror(errno)))
        }
        folder = URL(fileURLWithPath: String(cString: made))
        database = folder.appendingPathComponent(original.lastPathComponent)
        do throws(ExchangeError) {
            let source = open(original.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard source >= 0 else {
                throw ExchangeError.io(path: path, operation: "open the folder holding the store",
                                       reason: String(cString: strerror(errno)))
            }
            defer { close(source) }
            for suffix in [""] + Self.companionSuffixes {
                try Self.copy(original.lastPathComponent + suffix, from: source, shownFolder: original.deletingLastPathComponent(),
                              to: database.path + suffix, required: suffix.isEmpty)
            }
        } catch {
            remove()
            throw error
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Copies the file `name` of the open folder `source` to `target` by reading its bytes:
    /// a regular file only, not through a link. A companion that is not there is no error.
    private static func copy(_ name: String, from source: Int32, shownFolder: URL, to target: String,
                             required: Bool) throws(ExchangeError) {
        let shown = shownFolder.appendingPathComponent(name).path
        var info = stat()
        if !required, fstatat(source, name, &info, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT { return }
        let file: ImportFile.Opened
        do { file = try ImportFile.open(ImportFile.Location(folder: source, name: name, followLink: false)) } catch {
            throw .invalidDocument(file: shown, place: "store", reason: "\(error.reason): SQLite cannot use it, the store is not read")
        }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw .io(path: target, operation: "make a private copy of the store", reason: String(cString: strerror(errno)))
        }
        defer { close(output) }
        var buffer: [UInt8] = []
        while true {
            let more: Bool
            do { more = try file.read(into: &buffer) } catch {
                throw .io(path: shown, operation: "copy the store", reason: error.reason)
            }
            guard more else { return }
            try write(buffer, to: output, shown: target)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    private static func write(_ bytes: [UInt8], to output: Int32, shown: String) throws(ExchangeError) {
        var offset = 0
        while offset < bytes.count {
            let wrote = bytes[offset...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else {
                throw .io(path: shown, operation: "make a private copy of the store", reason: String(cString: strerror(errno)))
            }
            offset += wrote
        }
    }
}
