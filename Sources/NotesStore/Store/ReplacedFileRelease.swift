import Glibc
import Dispatch

/// Closes descriptors of store files that another process replaced, on a thread of
/// their own instead of the caller's.
///
/// A snapshot renamed over by a compaction is gone from the folder but still open here;
/// when this process holds its last descriptor, `close` is what frees it, and the file
/// system frees its blocks in that call: 550–600 ms for an 800 MB snapshot (1,000,000
/// notes) on this machine's ext4 (mounted with `discard`). Taking a compaction in
/// (`NotesStore.adoptCompaction`) runs on a key, so it hands its old descriptors here.
enum ReplacedFileRelease {
    fileprivate static let queue = DispatchQueue(label: "notes.replaced-file-release", qos: .utility)

    /// Closes `descriptors` (those ≥ 0) later, in order, off the calling thread.
    static func close(_ descriptors: [Int32]) {
        let open = descriptors.filter { $0 >= 0 }
        guard !open.isEmpty else { return }
        queue.async {
            for descriptor in open { DurableFile.closeFile(descriptor) }
        }
    }
}

extension ReplacedFileRelease {
    /// Returns once every descriptor handed over so far is closed (tests).
    static func waitUntilReleased() {
        queue.sync {}
    }
}
