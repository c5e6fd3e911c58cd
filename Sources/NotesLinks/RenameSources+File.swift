import Glibc
import Foundation
import NotesBase

/// `notes.json.links`, the rename index's file beside the snapshot (decision 0070): the one
/// reader, for the `notes` executable's renames and for a sync that receives one
/// (`NotesSync`). Derived data, used only while it names the snapshot at the store's path
/// (its `Stamp`), and never trusted alone: whoever uses it checks under the store's lock that
/// the snapshot is still the one it names, else reads the whole store.
extension RenameSources {
    /// Appended to the store's path: the index's file.
    public static let fileSuffix = ".links"

    /// The index's file beside the store at `store`.
    public static func path(besideStore store: URL) -> String { store.path + fileSuffix }

    /// The index beside the store at `store` when it describes the snapshot there now; nil
    /// when it is missing, damaged or stale.
    public static func read(besideStore store: URL) -> RenameSources? {
        guard let stamp = Stamp(ofFile: store.path), let bytes = contents(of: path(besideStore: store)),
              let sources = try? RenameSources(decoding: bytes), sources.stamp == stamp else { return nil }
        return sources
    }

    /// Whether this index still describes the snapshot at the store's path `store` (asked
    /// under the store's lock, before what it named is used).
    public func describesSnapshot(of store: URL) -> Bool { Stamp(ofFile: store.path) == stamp }

    /// The bytes of the regular file at `path`, read straight into an array (no `Data` in
    /// between: 2.6 MB at 100,000 notes); nil when it cannot be read whole.
    private static func contents(of path: String) -> [UInt8]? {
        guard let opened = try? NoFollowFile.open(path, flags: O_RDONLY, blocking: true) else { return nil }
        let fd = opened.descriptor
        defer { close(fd) }
        guard opened.info.st_size > 0, opened.info.st_size < 1 << 34 else { return nil }
        let size = Int(opened.info.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let read = Glibc.read(fd, base + count, size - count)
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { return }
                count += read
            }
        }
        return bytes.count == size ? bytes : nil
    }
}

extension RenameSources.Stamp {
    /// The stamp of the file at `path` now (nil when there is none).
    public init?(ofFile path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(size: Int64(info.st_size), inode: UInt64(info.st_ino),
                  seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }
}
