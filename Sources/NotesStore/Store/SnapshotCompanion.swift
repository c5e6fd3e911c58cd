import Glibc
import Foundation
import NotesModel
import Synchronization

/// A file kept beside the snapshot and derived from what it holds (the rename index,
/// `notes.json.links`), made whenever a snapshot is written: by a compaction, inline or in
/// the background, and by a snapshot commit (a bulk import). The store knows its suffix and
/// how to make its bytes, nothing of what they mean; whoever reads it checks it describes
/// the snapshot there (a crash between the snapshot's rename and its companion's leaves an
/// older one).
public struct SnapshotCompanion: Sendable {
    /// Makes the bytes for the snapshot file at a path, once it is written.
    public typealias Finish = @Sendable (_ snapshotPath: String) -> [UInt8]?

    /// Appended to the store's path: the companion's file (`.links`).
    public let suffix: String
    /// The work on `contents` (what the snapshot holds), run on a thread of its own while
    /// the snapshot is encoded and written; it returns what makes the bytes for the snapshot
    /// file at a path: written and synced, maybe not yet renamed into place (a rename keeps
    /// its inode, size and times). Nil bytes write nothing.
    public let prepare: @Sendable (_ contents: NotesDatabase) -> Finish

    public init(suffix: String, prepare: @escaping @Sendable (_ contents: NotesDatabase) -> Finish) {
        self.suffix = suffix
        self.prepare = prepare
    }
}

/// The companions of one snapshot being written, prepared on other threads meanwhile.
final class StartedCompanions: Sendable {
    private let group = DispatchGroup()
    private let finishers: Mutex<[Int: (suffix: String, finish: SnapshotCompanion.Finish)]> = Mutex([:])

    /// Starts preparing each of `companions` on `contents`, each on a thread of its own.
    init(_ companions: [SnapshotCompanion], on contents: NotesDatabase) {
        for (number, companion) in companions.enumerated() {
            DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
                let finish = companion.prepare(contents)
                finishers.withLock { $0[number] = (companion.suffix, finish) }
            }
        }
    }

    /// Waits for the preparations, then makes each companion for the snapshot at
    /// `snapshotPath` and writes it to `destination(suffix)`. A companion that cannot be
    /// made or written is left out (it is derived data: its reader makes do without).
    /// Returns the companions written, by suffix. `parts`: the destinations are part files
    /// the caller renames into place later (written directly: a part left by a killed
    /// process is removed by its name); else they are the final files, replaced atomically.
    func write(for snapshotPath: String, parts: Bool, to destination: (String) -> String) -> [(suffix: String, path: String)] {
        group.wait()
        let prepared = finishers.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value)
        var written: [(suffix: String, path: String)] = []
        for (suffix, finish) in prepared {
            guard let bytes = finish(snapshotPath) else { continue }
            let path = destination(suffix)
            do {
                if parts { try DurableFile.writeNew(path, bytes) } else { try DurableFile.replace(URL(fileURLWithPath: path), with: bytes) }
            } catch { continue }
            written.append((suffix, path))
        }
        return written
    }
}

extension NotesStore {
    /// Before a snapshot of `contents` is encoded: its companions start on other threads.
    static func startCompanions(_ companions: [SnapshotCompanion], on contents: NotesDatabase) -> StartedCompanions? {
        companions.isEmpty ? nil : StartedCompanions(companions, on: contents)
    }

    /// After a snapshot is written at `snapshotPath`: its companions (`started`), each
    /// written to `destination(suffix)`. The one place every path that writes a snapshot
    /// calls once the file is there.
    static func afterSnapshotWritten(_ started: StartedCompanions?, at snapshotPath: String, parts: Bool = false,
                                     destination: (String) -> String) -> [(suffix: String, path: String)] {
        started?.write(for: snapshotPath, parts: parts, to: destination) ?? []
    }
}
