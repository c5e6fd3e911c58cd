import Glibc
import Foundation

/// `notes.json.compaction-failed`: why the last compaction of the store failed (a full
/// disk, a folder that cannot be written), kept beside the store so that a compaction
/// failing where nobody sees it (`notes compact` started detached, the UI's background
/// thread) is told by the next command, the UI's status line and `notes doctor`.
///
/// Written atomically (`DurableFile.replace`: a new file renamed over, never through a
/// link) by the process whose compaction failed; removed by the next one that succeeds.
/// It holds one line of text: the reason.
enum CompactionFailure {
    /// The most of the file that is read: a reason is one line.
    static let maximumBytes = 4096

    static func path(for url: URL) -> String { url.path + ".compaction-failed" }

    /// Records that a compaction of the store at `url` failed for `reason`. Best effort:
    /// on a disk too full even for this line, the failure is still a warning of the
    /// process it happened in.
    static func record(_ reason: String, for url: URL) {
        let line = String(reason.map { $0.isNewline ? " " : $0 }.prefix(1000)) + "\n"
        try? DurableFile.replace(URL(fileURLWithPath: path(for: url)), with: Array(line.utf8))
    }

    /// Removes the record: a compaction succeeded.
    static func clear(for url: URL) {
        unlink(path(for: url))
    }

    /// The reason recorded beside the store at `url`, or nil when there is none (or what
    /// is there is not a regular file: it is not followed, nor read if it is a FIFO).
    static func reason(for url: URL) -> String? {
        let descriptor = open(path(for: url), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: maximumBytes)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress.map { $0 + count }, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "no reason was recorded" : text
    }

    /// What the next command, the UI and `doctor` say about a recorded failure.
    static func message(for url: URL, reason: String) -> String {
        "the last compaction failed: the journal could not be folded into \(url.path) (\(reason)); commits are safe "
            + "in the journal, which keeps growing until a compaction succeeds (make room, then run 'notes compact')"
    }

    /// The message for the record beside the store at `url`, or nil when there is none.
    static func warning(for url: URL) -> String? {
        reason(for: url).map { message(for: url, reason: $0) }
    }
}

extension NotesStore {
    /// A compaction failed: a warning of this process, and recorded beside the store for
    /// the next command, the UI and `doctor` (`CompactionFailure`).
    func compactionFailed(_ reason: String) {
        CompactionFailure.record(reason, for: url)
        warn(CompactionFailure.message(for: url, reason: reason))
    }
}
