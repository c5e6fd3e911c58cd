import Foundation

/// A private copy of a Core Data SQLite store and its `-wal`, `-shm` and `-journal`
/// companions, in a new folder only this user can read. SQLite is opened on the copy, so
/// nothing it does (reading a WAL needs the `-shm` index; closing checkpoints the WAL)
/// ever touches the original files, which are only read, once, byte for byte.
/// `immutable=1` would keep the originals untouched too, but it ignores the WAL, and a
/// store Core Data still has open keeps its latest changes there.
struct CoreDataStoreCopy {
    let folder: URL
    let database: URL

    /// The companions SQLite may need beside a database file.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    init(of path: String) throws(ExchangeError) {
        let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("notes-coredata-XXXXXX")
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw .io(path: path, operation: "make a private copy of the store", reason: String(cString: strerror(errno)))
        }
        folder = URL(fileURLWithPath: String(cString: made))
        let name = (path as NSString).lastPathComponent
        database = folder.appendingPathComponent(name)
        do {
            for suffix in [""] + Self.companionSuffixes {
                let source = path + suffix
                guard suffix.isEmpty || FileManager.default.fileExists(atPath: source) else { continue }
                try FileManager.default.copyItem(atPath: source, toPath: database.path + suffix)
            }
        } catch {
            remove()
            throw .io(path: path, operation: "make a private copy of the store", reason: error.localizedDescription)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
