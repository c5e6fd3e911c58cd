#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The snapshot a store was opened from, mapped into memory and kept for as long
/// as notes read from it still hold their bodies there (see `SnapshotString`):
/// opening decodes every title, date and tag, but leaves each body as a range of
/// bytes, checked and decoded only when the body is asked for.
///
/// notes never changes a snapshot in place — it writes a new file and renames it
/// over the old one — so the mapped bytes stay as they were. A program that
/// rewrites the file in place while it is open changes its size or modification
/// time; `isIntact` notices that, and the store then refuses to commit rather than
/// write anything it could no longer read.
final class SnapshotFile: @unchecked Sendable {
    let mapping: MappedFile
    let path: String
    /// A descriptor of its own on the mapped file, for `isIntact`.
    private let fd: Int32
    private let size: Int
    private let modified: timespec
    /// When `isRecentlyIntact` last asked the file system (monotonic nanoseconds), and whether it ever said no.
    private let lastChecked = Atomic<UInt64>(0)
    private let changed = Atomic<Bool>(false)

    /// Maps the snapshot open as `fd` (which stays owned by the caller).
    init(fd: Int32, path: String) throws(StoreError) {
        mapping = try MappedFile(fd: fd, path: path)
        self.path = path
        var info = stat()
        let own = fcntl(fd, F_DUPFD_CLOEXEC, 0)  // not inherited by $EDITOR or other children
        guard own >= 0, fstat(own, &info) == 0 else {
            let reason = DurableFile.errnoText()
            if own >= 0 { close(own) }
            throw .io(file: path, operation: "stat", reason: reason)
        }
        self.fd = own
        size = Int(info.st_size)
        modified = info.st_mtim
    }

    deinit { close(fd) }

    var bytes: UnsafeBufferPointer<UInt8> { mapping.bytes }

    /// Whether the file still has the size and modification time it had when mapped.
    var isIntact: Bool {
        var info = stat()
        let intact = fstat(fd, &info) == 0 && Int(info.st_size) == size
            && info.st_mtim.tv_sec == modified.tv_sec && info.st_mtim.tv_nsec == modified.tv_nsec
        if !intact { changed.store(true, ordering: .relaxed) }
        return intact
    }

    /// `isIntact`, asking the file system at most every 20 ms: reading every body of a
    /// large store (to build the search text) would otherwise cost a system call each.
    var isRecentlyIntact: Bool {
        if changed.load(ordering: .relaxed) { return false }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
        if nanoseconds &- lastChecked.load(ordering: .relaxed) < 20_000_000 { return true }
        let intact = isIntact
        if intact { lastChecked.store(nanoseconds, ordering: .relaxed) }
        return intact
    }
}

/// A JSON string still in the mapped snapshot: the bytes between its quotes,
/// already checked to be a valid string by `JSONReader.scanString`.
struct SnapshotString: Sendable {
    let file: SnapshotFile
    let raw: RawJSONString

    /// What a body reads as once the file under it was rewritten in place by another program.
    static let unavailable = "[notes: this body cannot be read: the store's file was rewritten by another program while notes had it open; quit and open notes again]"

    /// The decoded text.
    var text: String {
        guard file.isRecentlyIntact else { return Self.unavailable }
        let bytes = file.bytes
        guard raw.range.lowerBound > 0, raw.range.upperBound < bytes.count else { return Self.unavailable }
        guard raw.hasEscapes else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.range]), as: UTF8.self) }
        var reader = JSONReader(bytes: bytes, position: raw.range.lowerBound - 1)
        do throws(JSONError) { return try reader.readString() } catch {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.range]), as: UTF8.self)
        }
    }

    /// The text's bytes in the mapped file, when they are the text as they stand (no
    /// escapes) and the file is still as mapped; valid while this value is kept.
    var plainBytes: UnsafeBufferPointer<UInt8>? {
        guard !raw.hasEscapes, file.isRecentlyIntact, raw.range.upperBound < file.bytes.count else { return nil }
        return UnsafeBufferPointer(rebasing: file.bytes[raw.range])
    }

    /// Calls `read` with the decoded text as UTF-8, unescaped into a scratch buffer
    /// without building a `String`; nil if the file is no longer as mapped.
    func withDecodedUTF8<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard file.isRecentlyIntact, raw.range.lowerBound > 0, raw.range.upperBound < file.bytes.count else { return nil }
        var reader = JSONReader(bytes: file.bytes, position: raw.range.lowerBound)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.range.count, 1)) { output -> Result? in
            guard let (count, _) = try? reader.unescape(from: raw.range.lowerBound, to: raw.range.upperBound, into: output) else {
                return nil
            }
            return read(UnsafeBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Whether both are the same bytes of the same mapped file.
    func isSame(as other: SnapshotString) -> Bool {
        file === other.file && raw.range == other.raw.range
    }
}
