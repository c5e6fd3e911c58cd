import Glibc
import Foundation
import NotesJSON

/// `notes.json.compacted`: written (durably) by the process that swaps a compacted snapshot
/// in, just before the rename. It says which snapshot file the new one replaced, which
/// file the new one is, and up to which journal line it holds the store.
///
/// Another process that held the old snapshot and is already at that line or past it
/// takes the new one in without reading it (`NotesStore.adoptCompaction`): its contents
/// are already right, only the files it holds change. Without the record — a snapshot
/// put in place by anything else, a restored backup — it reads the store again.
struct CompactionRecord: Equatable {
    var from: FileIdentity
    var to: FileIdentity
    var sequence: Int

    static func path(for url: URL) -> String { url.path + ".compacted" }

    var text: String {
        "{\"from\": [\(from.device), \(from.inode), \(from.size)], \"to\": [\(to.device), \(to.inode), \(to.size)], "
            + "\"sequence\": \(sequence)}\n"
    }

    /// Writes the record durably beside the store.
    func write(for url: URL) throws(StoreError) {
        try DurableFile.replace(URL(fileURLWithPath: Self.path(for: url)), with: Array(text.utf8))
    }

    /// The record beside the store, or nil when there is none or it cannot be read.
    static func read(for url: URL) -> CompactionRecord? {
        let descriptor = open(path(for: url), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A plain `read` of at most 4 KiB: no `FileHandle` and no `Data` on the key.
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress.map { $0 + count }, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        guard count > 0, let value = try? JSONValue.parse(Array(bytes.prefix(count))),
              let from = value["from"]?.arrayValue?.compactMap(\.intValue), from.count == 3,
              let to = value["to"]?.arrayValue?.compactMap(\.intValue), to.count == 3,
              let sequence = value["sequence"]?.intValue
        else { return nil }
        func identity(_ numbers: [Int]) -> FileIdentity {
            FileIdentity(device: UInt64(truncatingIfNeeded: numbers[0]), inode: UInt64(truncatingIfNeeded: numbers[1]), size: numbers[2])
        }
        return CompactionRecord(from: identity(from), to: identity(to), sequence: sequence)
    }
}

extension NotesStore {
    /// Takes in another process's compaction without reading the new snapshot: when the
    /// record says it replaced the very snapshot this store holds, the file now at the path
    /// is the one it made, and this store's contents are already at or past its journal
    /// line. Then only the held files change: the new snapshot, and the new journal read
    /// from its start (lines this store has applied are skipped by their numbers). Under
    /// the lock, in `catchUp`. Returns false when it does not apply (then read everything).
    func adoptCompaction() throws -> Bool {
        guard let record = CompactionRecord.read(for: url),
              let held = FileIdentity(openFile: snapshotFD), held == record.from,
              snapshotFile?.isIntact != false,
              let current = try DurableFile.identity(url.path), current.isSameFile(as: record.to), current.size == record.to.size,
              record.sequence <= sequence
        else { return false }
        // The replaced snapshot and journal are closed off this thread: closing the last
        // descriptor of an 800 MB file frees its blocks in the call (see `ReplacedFileRelease`).
        let replaced = [snapshotFD, journalFD]
        snapshotFD = -1
        journalFD = -1
        ReplacedFileRelease.close(replaced)
        try holdSnapshot()
        guard snapshotIdentity?.isSameFile(as: record.to) == true else { return false }
        journalOffset = 0
        journalLines = 0
        adoptedCompactions += 1
        handedOffCompaction = false  // the next time the journal has grown, hand it off again
        return true
    }
}
