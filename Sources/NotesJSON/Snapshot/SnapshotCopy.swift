import Glibc
import Foundation
import NotesBase

/// Reads a file into memory of its own (`SnapshotBytes`): the memory faulted in
/// (`MADV_POPULATE_WRITE`, one call instead of a fault a page), then the bytes read with
/// `pread`. A file of `parallelThreshold` bytes or more is read in two halves on two
/// threads: at 100,000 notes the copy was a third of the time to open, all on the one
/// thread that then decodes.
package enum SnapshotCopy {
    /// Files at least this large are read in two parts at once.
    static let parallelThreshold = 8 << 20
    /// `MADV_POPULATE_WRITE` (Linux 5.14); on a kernel without it the pages are faulted in by the read.
    private static let populateWrite: Int32 = 23
    /// `MADV_HUGEPAGE` (Linux 2.6.38): back the memory with 2 MiB pages where the system
    /// gives them on request; the advice never changes what the memory holds.
    package static let adviseHugePage: Int32 = 14
    /// The size of a huge page: the halves split on one, so that neither thread faults in the other's.
    package static let hugePage = 2 << 20
    /// How much memory one `madvise` faults in. The call holds the process's memory map
    /// lock for reading while it runs, and every `mmap` or `brk` of another thread waits
    /// for it: in one call for a 400 MB half, the app's thread drawing a key (or the other
    /// half's thread making its malloc arena) waited 0.35 s. A few milliseconds a call.
    static let populateChunk = 8 << 20

    /// Reads up to `count` bytes from offset 0 into `buffer` (anonymous memory not yet
    /// touched); returns how many there were (fewer if the file shrank meanwhile).
    static func read(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int,
                     path: String) throws(FileOperationError) -> Int {
        guard count >= parallelThreshold, sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else {
            return try readPart(fd, into: buffer, range: 0..<count, path: path)
        }
        // Split on a huge page's boundary, so that neither thread faults in the other's pages.
        let page = max(hugePage, sysconf(Int32(_SC_PAGESIZE)))
        let middle = count / 2 / page * page
        let second = SecondHalf(fd: fd, buffer: buffer, range: middle..<count, path: path)
        let job = ThreadJob(stackSize: 1 << 16) { second.read() }
        let first = Result { () throws(FileOperationError) -> Int in try readPart(fd, into: buffer, range: 0..<middle, path: path) }
        let rest = job.wait()
        // A first half cut short (the file shrank) makes the whole copy short: it is read again.
        let firstCount = try first.get()
        let restCount = try rest.get()
        return firstCount < middle ? firstCount : middle + restCount
    }

    /// Faults in the memory of `range` of `buffer`, then reads the file's bytes of that
    /// range into it; returns how many there were.
    static func readPart(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, range: Range<Int>,
                         path: String) throws(FileOperationError) -> Int {
        guard !range.isEmpty else { return 0 }
        for start in stride(from: range.lowerBound, to: range.upperBound, by: populateChunk) {
            _ = madvise(buffer + start, min(populateChunk, range.upperBound - start), populateWrite)
        }
        var done = 0
        while done < range.count {
            let read = pread(fd, buffer + range.lowerBound + done, range.count - done, off_t(range.lowerBound + done))
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw .errno(file: path, operation: "read") }
            if read == 0 { break }
            done += read
        }
        return done
    }
}

/// The second half of a copy, read on a thread of its own (`ThreadJob`), into its own
/// range of the buffer only.
private struct SecondHalf: @unchecked Sendable {
    let fd: Int32
    let buffer: UnsafeMutablePointer<UInt8>
    let range: Range<Int>
    let path: String

    /// How many bytes it read, or its error.
    func read() -> Result<Int, FileOperationError> {
        Result { () throws(FileOperationError) -> Int in
            try SnapshotCopy.readPart(fd, into: buffer, range: range, path: path)
        }
    }
}
