import Glibc
import Foundation

/// Says which one process folds a store's journal: `notes compact` holds it for as long
/// as it runs, so that the commands and UIs that find compaction due meanwhile start no
/// other (each would read the whole store: 2.2 GB and seconds of CPU at 1,000,000 notes).
///
/// An open-file-description lock (`F_OFD_SETLK`) on one byte far past the end of
/// `notes.json.lock`: it is independent of the writer lock (an `flock` on the same file),
/// it goes away with the process however that ends (SIGKILL included), and it needs no
/// file of its own at the store's path.
public final class CompactionLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    /// Unlocks before closing: a child spawned by another thread meanwhile holds a copy of
    /// the descriptor until its `exec` closes it, and the lock, which belongs to the open
    /// file description, would outlive this object until then.
    deinit {
        var record = Self.lockRecord(F_UNLCK)
        _ = fcntl(fd, Self.setLock, &record)
        DurableFile.closeFile(fd)
    }

    #if os(Linux)
    private static let getLock: Int32 = 36  // F_OFD_GETLK
    private static let setLock: Int32 = 37  // F_OFD_SETLK
    #else
    private static let getLock = F_GETLK
    private static let setLock = F_SETLK
    #endif
    /// The byte locked: past any size the lock file (a line naming its holder) ever has.
    private static let lockedByte = off_t(1) << 40

    private static func lockRecord(_ type: Int32) -> flock {
        var record = flock()
        record.l_type = Int16(type)
        record.l_whence = Int16(SEEK_SET)
        record.l_start = lockedByte
        record.l_len = 1
        return record
    }

    /// Takes the compaction lock of the store at `url`; nil when another process holds it
    /// (or the lock file cannot be opened for writing: then no compaction could swap anyway).
    public static func acquire(for url: URL) -> CompactionLock? {
        guard let real = try? StoreLocation.realFile(url),
              let fd = try? DurableFile.openRegular(NotesStore.lockPath(for: real), O_RDWR | O_CREAT, purpose: "open the lock file")
        else { return nil }
        var record = lockRecord(F_WRLCK)
        guard fcntl(fd, setLock, &record) == 0 else {
            DurableFile.closeFile(fd)
            return nil
        }
        return CompactionLock(fd: fd)
    }

    /// Whether a process holds the compaction lock of the store at `url` (a compaction is running).
    public static func isHeld(for url: URL) -> Bool {
        guard let real = try? StoreLocation.realFile(url),
              let fd = try? DurableFile.openRegular(NotesStore.lockPath(for: real), O_RDONLY, purpose: "open the lock file")
        else { return false }
        defer { DurableFile.closeFile(fd) }
        var record = lockRecord(F_WRLCK)
        return fcntl(fd, getLock, &record) == 0 && record.l_type != Int16(F_UNLCK)
    }
}
