import Glibc
import NotesBase

/// A private copy of an open file's bytes, read with `pread` into anonymous memory
/// that is populated (faulted in) before it is read into; a large file is copied in two
/// halves on two threads (`SnapshotCopy`), each faulting in and reading its own, since
/// the copy is the first step of every open and nothing else can run meanwhile. The memory
/// is asked to be backed by huge pages (`MADV_HUGEPAGE`): faulting it in 4 KiB at a time cost
/// more in each page's own bookkeeping (the page table's lock, which both halves' threads
/// take, and the memory cgroup's charge) than in zeroing it; with 2 MiB pages the open of
/// 100,000 notes took about 16 ms less CPU (decision 0106). Where free memory has no
/// 2 MiB blocks left the kernel compacts memory to make them, which once made the copy
/// cost twice the CPU on a busy machine (decision 0106 weighs it).
///
/// It is a copy, not a mapping of the file, so that no other program can take the
/// bytes away: a mapped file that another program truncates or rewrites in place
/// kills the reader with `SIGBUS` on its next read (`cp backup.json notes.json`
/// while notes is open). A file that changes while it is being copied (its size or
/// modification time differ before and after) is read again. The memory is
/// released with the value.
package final class SnapshotBytes {
    /// The file's bytes; empty for an empty file.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The file's size and modification time when it was copied.
    package let copiedStatus: stat
    private let length: Int

    /// Copies the whole of the open file `fd` (which stays owned by the caller).
    init(fd: Int32, path: String) throws(FileOperationError) {
        for _ in 0..<3 {
            let before = try Self.status(fd, path: path)
            let size = Int(before.st_size)
            guard size > 0 else {
                copiedStatus = before
                bytes = UnsafeBufferPointer(start: nil, count: 0)
                length = 0
                return
            }
            guard let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  address != MAP_FAILED
            else { throw .errno(file: path, operation: "allocate memory to read") }
            _ = madvise(address, size, SnapshotCopy.adviseHugePage)
            let buffer = address.assumingMemoryBound(to: UInt8.self)
            let copied: Int
            do { copied = try SnapshotCopy.read(fd, into: buffer, count: size, path: path) } catch {
                munmap(address, size)
                throw error
            }
            let after = try Self.status(fd, path: path)
            if copied == size, Self.isUnchanged(before, after) {
                _ = mprotect(address, size, PROT_READ)
                copiedStatus = after
                bytes = UnsafeBufferPointer(start: buffer, count: size)
                length = size
                return
            }
            munmap(address, size)
        }
        throw FileOperationError(file: path, operation: "read", reason: "another program kept rewriting the file in place while notes read it")
    }

    deinit {
        if let base = bytes.baseAddress, length > 0 { _ = munmap(UnsafeMutableRawPointer(mutating: base), length) }
    }

    private static func status(_ fd: Int32, path: String) throws(FileOperationError) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .errno(file: path, operation: "stat") }
        return info
    }

    private static func isUnchanged(_ before: stat, _ after: stat) -> Bool {
        before.st_size == after.st_size && before.st_mtim.tv_sec == after.st_mtim.tv_sec
            && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec
    }
}
