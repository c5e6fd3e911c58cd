#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file's bytes mapped read-only into memory (`mmap`), so that a large
/// snapshot is decoded straight from the page cache instead of being copied into
/// a freshly zeroed buffer first (at 100,000 notes that copy was ~40 ms of the open).
///
/// The store never changes a snapshot in place — it writes a new file and renames
/// it over the old one — so the mapped pages stay valid while they are read. The
/// mapping is released when the value is.
final class MappedFile {
    /// The file's bytes; empty for an empty file.
    let bytes: UnsafeBufferPointer<UInt8>
    private let length: Int

    /// Maps the whole of the open file `fd` (which stays owned by the caller).
    init(fd: Int32, path: String) throws(StoreError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(file: path, operation: "stat", reason: DurableFile.errnoText()) }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            length = 0
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw .io(file: path, operation: "map", reason: DurableFile.errnoText())
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        length = size
    }

    deinit {
        if let base = bytes.baseAddress, length > 0 { _ = munmap(UnsafeMutableRawPointer(mutating: base), length) }
    }
}
