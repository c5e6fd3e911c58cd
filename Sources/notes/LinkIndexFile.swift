import Glibc
import Foundation
import NotesLinks
import NotesModel
import NotesStore

/// `notes.json.links`: the rename index (`RenameSources`) beside the snapshot, so that a
/// rename reads the notes that link to the old title and not every body (decision 0070).
/// Derived data, like `notes.json.index`: written with every snapshot (`companion`) and by
/// a rename that had to read the whole store, used only while it names the snapshot at the store's path,
/// and never trusted alone (see `TitleRename`).
enum LinkIndexFile {
    static func path(for store: URL) -> String { store.path + ".links" }

    /// The snapshot file at `store` now (nil when there is none).
    static func stamp(of store: URL) -> RenameSources.Stamp? { stamp(ofPath: store.path) }

    /// The file at `path` now (nil when there is none).
    private static func stamp(ofPath path: String) -> RenameSources.Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return RenameSources.Stamp(size: Int64(info.st_size), inode: UInt64(info.st_ino),
                                   seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// The index beside `store` when it describes the snapshot there now; nil when it is
    /// missing, damaged or stale.
    static func read(for store: URL) -> RenameSources? {
        guard let stamp = stamp(of: store), let bytes = contents(of: path(for: store)),
              let sources = try? RenameSources(decoding: bytes), sources.stamp == stamp else { return nil }
        return sources
    }

    /// The bytes of the file at `path`, read straight into an array (no `Data` in between:
    /// 2.6 MB at 100,000 notes); nil when it cannot be read whole.
    private static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size < 1 << 34 else { return nil }
        let size = Int(info.st_size)
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

    /// The index of `database`, the whole store's contents, for the snapshot at its path,
    /// written beside it. Call it under the store's lock with the contents caught up then
    /// (inside `commit(derivedFrom:)`): every rename reads the notes the journal changed
    /// since the snapshot itself, so the contents describe the snapshot's other notes
    /// exactly. A failure to write leaves renames slower, so it is not an error. Returns
    /// the index; nil for a store opened for a few notes or without a snapshot.
    @discardableResult
    static func write(for store: NotesStore, from database: NotesDatabase) -> RenameSources? {
        guard !store.isPartial, let stamp = stamp(of: store.url) else { return nil }
        let sources = RenameSources(stamp: stamp, notes: database.notes.values, imports: LinkImports(database: database))
        if store.readOnlyReason == nil {
            try? DurableFile.replace(URL(fileURLWithPath: path(for: store.url)), with: sources.encoded())
        }
        return sources
    }

    /// The index as a companion of every snapshot the store writes (a compaction, a bulk
    /// import's snapshot commit), made from the contents the snapshot holds, so that no
    /// rename after one reads the whole store.
    /// Its tables are made while the snapshot is encoded (on another thread: the bodies are
    /// scanned once more), its stamp once the file is written.
    static let companion = SnapshotCompanion(suffix: ".links") { contents in
        let tables = RenameSources.Tables(notes: contents.notes.values, imports: LinkImports(database: contents))
        return { snapshotPath in stamp(ofPath: snapshotPath).map { RenameSources(stamp: $0, tables: tables).encoded() } }
    }

    /// Writes the index for the store as it is now, under its lock (`notes compact`, after
    /// the new snapshot is in). Nothing when the lock is busy or the store read-only.
    static func refresh(_ store: NotesStore) {
        _ = try? store.commit(derivedFrom: { database in
            write(for: store, from: database)
            return []
        })
    }
}
