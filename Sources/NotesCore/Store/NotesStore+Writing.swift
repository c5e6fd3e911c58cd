#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension NotesStore {
    /// Appends one journal line for `changes` and `fdatasync`s it. Under the lock,
    /// after `catchUp`. A torn tail left by a crash is cut off first.
    func append(_ changes: [StoreChange]) throws {
        _ = try openJournal(create: true)
        var info = stat()
        guard fstat(journalFD, &info) == 0 else {
            throw StoreError.io(file: journalPath, operation: "stat", reason: DurableFile.errnoText())
        }
        if Int(info.st_size) != journalOffset {
            guard ftruncate(journalFD, off_t(journalOffset)) == 0 else {
                throw StoreError.io(file: journalPath, operation: "cut off an interrupted commit", reason: DurableFile.errnoText())
            }
        }
        let line = try journalCodec.encodeLine(sequence: sequence + 1, changes: changes, preserved: preserved)
        var done = 0
        while done < line.count {
            let count = line.withUnsafeBytes { buffer in
                pwrite(journalFD, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(journalOffset + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = DurableFile.errnoText()
                _ = ftruncate(journalFD, off_t(journalOffset))
                throw StoreError.io(file: journalPath, operation: "append a commit", reason: reason)
            }
            done += count
        }
        guard fdatasync(journalFD) == 0 else {
            let reason = DurableFile.errnoText()
            _ = ftruncate(journalFD, off_t(journalOffset))
            throw StoreError.io(file: journalPath, operation: "fdatasync", reason: reason)
        }
        sequence += 1
        journalOffset += line.count
        journalLines += 1
    }

    /// Whether the journal has grown enough to fold it into the snapshot.
    var shouldCompact: Bool {
        let snapshotSize = snapshotIdentity?.size ?? 0
        return journalOffset > options.compactionMinimumBytes
            && Double(journalOffset) > Double(snapshotSize) * options.compactionRatio
    }

    /// Writes the current contents as a new snapshot (durably, with the current
    /// sequence number), then empties the journal. A crash between the two steps is
    /// safe: journal lines numbered up to the snapshot's sequence are skipped.
    func compact() throws {
        try writeSnapshot()
        if journalFD >= 0 {
            guard ftruncate(journalFD, 0) == 0, fdatasync(journalFD) == 0 else {
                throw StoreError.io(file: journalPath, operation: "empty the journal", reason: DurableFile.errnoText())
            }
        }
        journalOffset = 0
        journalLines = 0
    }

    /// The first step of `compact`: replaces the snapshot, leaving the journal as it is.
    func writeSnapshot() throws {
        try DurableFile.replace(url, with: try codec.encode(contents, sequence: sequence, preserved: preserved))
        try holdSnapshot()
    }

    /// Folds the journal into the snapshot now, whatever its size.
    public func compactNow() throws {
        guard !isClosed else { throw StoreError.closed }
        guard !options.readOnly else { return }
        try lock.lock(timeout: options.lockTimeout)
        defer { lock.unlock() }
        _ = try catchUp()
        try checkSnapshotIntact()
        try compact()
    }
}
