import Glibc
import Foundation
import NotesModel

/// A file kept beside the snapshot and derived from what it holds (the rename index,
/// `notes.json.links`), made whenever a snapshot is written: by a compaction, inline or in
/// the background, and by a snapshot commit (a bulk import). The store knows its suffix and
/// how to make its bytes, nothing of what they mean; whoever reads it checks it describes
/// the snapshot there (a crash between the snapshot's rename and its companion's leaves an
/// older one).
public struct SnapshotCompanion: Sendable {
    /// Appended to the store's path: the companion's file (`.links`).
    public let suffix: String
    /// The bytes for the snapshot file at `snapshotPath`, holding `contents`: written and
    /// synced, maybe not yet renamed into place (a rename keeps its inode, size and times).
    /// Nil writes nothing.
    public let bytes: @Sendable (_ contents: NotesDatabase, _ snapshotPath: String) -> [UInt8]?

    public init(suffix: String, bytes: @escaping @Sendable (_ contents: NotesDatabase, _ snapshotPath: String) -> [UInt8]?) {
        self.suffix = suffix
        self.bytes = bytes
    }
}

extension NotesStore {
    /// After a snapshot is written: each of `companions` made from `contents` (what the
    /// snapshot at `snapshotPath` holds) and written to `destination(suffix)`. A companion
    /// that cannot be made or written is left out (it is derived data: its reader makes do
    /// without). Returns the companions written, by suffix.
    static func afterSnapshotWritten(_ contents: NotesDatabase, at snapshotPath: String, companions: [SnapshotCompanion],
                                     destination: (String) -> String) -> [(suffix: String, path: String)] {
        var written: [(suffix: String, path: String)] = []
        for companion in companions {
            guard let bytes = companion.bytes(contents, snapshotPath) else { continue }
            let path = destination(companion.suffix)
            do { try DurableFile.replace(URL(fileURLWithPath: path), with: bytes) } catch { continue }
            written.append((companion.suffix, path))
        }
        return written
    }
}
