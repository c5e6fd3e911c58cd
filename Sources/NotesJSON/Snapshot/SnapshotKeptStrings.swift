import Glibc
import NotesBase

/// The strings of a snapshot that notes still read from it once it is open (the bodies),
/// copied with their quotes one after another, in file order, into memory of their own, so
/// that the copy of the whole file can go (see `SnapshotFile.keepOnly`): the titles, dates,
/// tags and layout around the bodies were decoded at open and are never read from it again.
/// A string is found by where its opening quote is in the file (a binary search).
final class SnapshotKeptStrings: @unchecked Sendable {
    /// The kept strings, each with its quotes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Per kept string, in file order: where its opening quote is in the file, and in `bytes`.
    private let fileStarts: [Int]
    private let keptStarts: [Int]

    /// Copies `strings` (sorted here, in place) out of `file`, the whole copied snapshot;
    /// a string outside it, or overlapping another, is left out (it is read from the file
    /// if ever asked for). Nil when the memory cannot be had.
    init?(_ strings: inout [RawJSONString], from file: UnsafeBufferPointer<UInt8>) {
        strings.sort { $0.range.lowerBound < $1.range.lowerBound }
        var fileStarts: [Int] = [], keptStarts: [Int] = []
        fileStarts.reserveCapacity(strings.count)
        keptStarts.reserveCapacity(strings.count)
        var total = 0, previousEnd = 0
        for string in strings where string.range.lowerBound - 1 >= previousEnd && string.range.upperBound < file.count {
            fileStarts.append(string.range.lowerBound - 1)
            keptStarts.append(total)
            total += string.range.count + 2
            previousEnd = string.range.upperBound + 1
        }
        strings = []
        guard total > 0, let source = file.baseAddress,
              let address = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), address != MAP_FAILED
        else { return nil }
        let target = address.assumingMemoryBound(to: UInt8.self)
        for index in fileStarts.indices {
            let count = (index + 1 < keptStarts.count ? keptStarts[index + 1] : total) - keptStarts[index]
            (target + keptStarts[index]).initialize(from: source + fileStarts[index], count: count)
        }
        _ = mprotect(address, total, PROT_READ)
        bytes = UnsafeBufferPointer(start: target, count: total)
        self.fileStarts = fileStarts
        self.keptStarts = keptStarts
    }

    deinit {
        if let base = bytes.baseAddress { _ = munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// `bytes` and how far `raw` (file offsets) is shifted in it, if it is kept whole.
    func locate(_ raw: RawJSONString) -> (UnsafeBufferPointer<UInt8>, Int)? {
        let quote = raw.range.lowerBound - 1
        var low = 0, high = fileStarts.count
        while low < high {
            let middle = (low + high) / 2
            if fileStarts[middle] < quote { low = middle + 1 } else { high = middle }
        }
        guard low < fileStarts.count, fileStarts[low] == quote else { return nil }
        let end = low + 1 < keptStarts.count ? keptStarts[low + 1] : bytes.count
        guard end - keptStarts[low] == raw.range.count + 2 else { return nil }
        return (bytes, quote - keptStarts[low])
    }

    /// Reads the string at `raw` with its quotes from the file open as `fd` into a buffer
    /// of its own, and calls `read` with it and its shift; nil if it cannot be read whole.
    static func reread<Result>(_ raw: RawJSONString, fd: Int32, _ read: (UnsafeBufferPointer<UInt8>, Int) -> Result) -> Result? {
        let start = raw.range.lowerBound - 1, count = raw.range.count + 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer -> Result? in
            guard let base = buffer.baseAddress else { return nil }
            var done = 0
            while done < count {
                let got = pread(fd, base + done, count - done, off_t(start + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return nil }
                done += got
            }
            return read(UnsafeBufferPointer(buffer), start)
        }
    }

    /// The line and column (from 1, in bytes) of `offset` in the file open as `fd`, counted
    /// by reading it up to there; zeros if it cannot be read.
    static func place(of offset: Int, fd: Int32) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0, position = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while position < offset {
            let got = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, offset - position), off_t(position)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return (0, 0) }
            for index in 0..<got where chunk[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + index + 1
            }
            position += got
        }
        return (line, offset - lineStart + 1)
    }
}

/// A readers–writer lock (`pthread_rwlock_t`): many readers at once, a writer alone.
/// Readers may nest (glibc's default lock lets a reader in while a writer waits).
final class ReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    func read<Result>(_ body: () -> Result) -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }

    func write<Result>(_ body: () -> Result) -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }
}
