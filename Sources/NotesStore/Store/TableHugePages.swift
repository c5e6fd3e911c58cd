import Glibc
import Foundation
import NotesJSON
import NotesModel

/// Asks the kernel to back the notes dictionary's table with 2 MiB pages (transparent huge
/// pages, `MADV_HUGEPAGE`) before the first note is stored in it. The open stores each
/// note in a random bucket of a table of 36 MB at 100,000 notes (2^18 buckets of a 16-byte
/// id and a 128-byte note), so with 4 KiB pages nearly every one of its 9,200 pages is
/// faulted in one at a time, and nearly every store misses the TLB; with 2 MiB pages the
/// table is 18 faults and its pages stay in the TLB. Where the system gives huge pages only
/// on request (`transparent_hugepage/enabled` is `madvise`), this is that request; where it
/// gives them always or never, the call changes nothing.
///
/// The table's address is the dictionary's one storage reference (a native dictionary is one
/// object: a header, then the buckets' bitmap, ids and notes); its buckets are the power of
/// two whose 3/4 is the room it reports, and the object is at least that many ids and notes
/// long. Only whole 2 MiB pages inside that range are advised.
/// Advice never changes what memory holds: were the layout ever other than this, the worst
/// it could do is pages of another allocation backed by huge pages.
enum TableHugePages {
    static let hugePage = SnapshotCopy.hugePage

    /// Advises huge pages for the table of `notes`, whose room was just reserved.
    static func advise(_ notes: inout [UUID: Note]) {
        guard let range = range(of: &notes) else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: range.lowerBound), range.count, SnapshotCopy.adviseHugePage)
    }

    /// The whole huge pages inside the table of `notes`, as addresses; nil when it has none.
    static func range(of notes: inout [UUID: Note]) -> Range<UInt>? {
        guard MemoryLayout<[UUID: Note]>.size == MemoryLayout<UInt>.size else { return nil }
        var buckets = 1
        while buckets * 3 / 4 < notes.capacity { buckets *= 2 }
        let bytes = buckets * (MemoryLayout<UUID>.stride + MemoryLayout<Note>.stride)
        guard bytes >= 2 * hugePage else { return nil }
        let start = withUnsafeBytes(of: &notes) { $0.load(as: UInt.self) }
        guard start != 0 else { return nil }
        let page = UInt(hugePage)
        let first = (start + page - 1) / page * page
        let end = (start + UInt(bytes)) / page * page
        return first < end ? first..<end : nil
    }
}
