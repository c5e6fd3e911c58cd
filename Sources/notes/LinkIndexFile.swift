import Glibc
import Foundation
import NotesLinks
import NotesModel
import NotesStore

/// `notes.json.links`: the rename index (`RenameSources`) beside the snapshot, so that a
/// rename reads the notes that link to the old title and not every body (decision 0070).
/// Derived data, like `notes.json.index`: written by `notes compact` and by a rename that
/// had to read the whole store, used only while it names the snapshot at the store's path,
/// and never trusted alone (see `TitleRename`).
enum LinkIndexFile {
    static func path(for store: URL) -> String { store.path + ".links" }

    /// The snapshot file at `store` now (nil when there is none).
    static func stamp(of store: URL) -> RenameSources.Stamp? {
        var info = stat()
        guard stat(store.path, &info) == 0 else { return nil }
        return RenameSources.Stamp(size: Int64(info.st_size), inode: UInt64(info.st_ino),
                                   seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// The index beside `store` when it describes the snapshot there now; nil when it is
    /// missing, damaged or stale.
    static func read(for store: URL) -> RenameSources? {
        guard let stamp = stamp(of: store), let data = FileManager.default.contents(atPath: path(for: store)),
              let sources = try? RenameSources(decoding: [UInt8](data)), sources.stamp == stamp else { return nil }
        return sources
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
        let sources = RenameSources(stamp: stamp, notes: database.notes.values)
        if store.readOnlyReason == nil {
            try? DurableFile.replace(URL(fileURLWithPath: path(for: store.url)), with: sources.encoded())
        }
        return sources
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
