import CPrefetch
import Foundation
import NotesModel

/// Fetches into the cache, ahead of the store, the bucket where the notes dictionary will
/// put a note. The open stores every note in a random bucket of a table of 36 MB at
/// 100,000 notes (2^18 buckets of a 16-byte id and a 128-byte note): each store otherwise
/// waits for its bucket's two or three cache lines to come from memory, and storing was a
/// third of the main thread's reading time. A store on one thread is then preceded by a
/// prefetch a few notes earlier, so that the lines arrive while other notes are stored.
///
/// The bucket is the one `Dictionary` itself computes first: the id's raw hash with the
/// table's seed (`Hashable._rawHashValue(seed:)`), masked by the power of two of buckets
/// (a collision moves the note to a later bucket: that store then waits as before). The
/// seed and the addresses of the ids and notes are read from the dictionary's one storage
/// object (a heap object's two words, then count, capacity, scale, reserved scale, extra,
/// age, seed, the ids' address and the notes'), and taken only when every field agrees
/// with what the dictionary reports and the buckets lie just after the bitmap. This leans
/// on `Dictionary`'s layout, as `TableHugePages` does, but a prefetch never faults and
/// never changes what memory holds: were the layout other, the worst it could do is fetch
/// lines for nothing. `TablePrefetchTests` checks that the buckets predicted are where the
/// dictionary puts its notes.
struct TablePrefetch {
    private let seed: Int
    private let mask: Int
    private let keys: UnsafeRawPointer
    private let values: UnsafeRawPointer

    /// For the table of `notes`, whose room is reserved; nil where its storage is not as expected.
    init?(_ notes: inout [UUID: Note]) {
        guard MemoryLayout<[UUID: Note]>.size == MemoryLayout<UInt>.size, notes.capacity > 0 else { return nil }
        let object = withUnsafeBytes(of: &notes) { $0.load(as: UInt.self) }
        guard let base = UnsafeRawPointer(bitPattern: object) else { return nil }
        let scale = Int(base.load(fromByteOffset: 32, as: Int8.self))
        guard base.load(fromByteOffset: 16, as: Int.self) == notes.count,
              base.load(fromByteOffset: 24, as: Int.self) == notes.capacity, (1..<48).contains(scale) else { return nil }
        let buckets = 1 << scale
        let bitmapBytes = (buckets + 63) / 64 * 8
        let keys = base.load(fromByteOffset: 48, as: UInt.self), values = base.load(fromByteOffset: 56, as: UInt.self)
        guard buckets * 3 / 4 >= notes.capacity, keys == object + 64 + UInt(bitmapBytes),
              values == keys + UInt(buckets * MemoryLayout<UUID>.stride),
              let keysAddress = UnsafeRawPointer(bitPattern: keys),
              let valuesAddress = UnsafeRawPointer(bitPattern: values) else { return nil }
        seed = base.load(fromByteOffset: 40, as: Int.self)
        mask = buckets - 1
        self.keys = keysAddress
        self.values = valuesAddress
    }

    /// The bucket the dictionary tries first for `id`.
    func bucket(of id: UUID) -> Int { id._rawHashValue(seed: seed) & mask }

    /// Asks for the cache lines of `id`'s first bucket: its id and its note.
    @inline(__always)
    func fetch(_ id: UUID) {
        let bucket = bucket(of: id)
        let note = values + bucket * MemoryLayout<Note>.stride
        notes_prefetch_for_write(keys + bucket * MemoryLayout<UUID>.stride)
        notes_prefetch_for_write(note)
        notes_prefetch_for_write(note + 64)
        notes_prefetch_for_write(note + (MemoryLayout<Note>.stride - 1))
    }

    /// Whether the id in `id`'s first bucket is `id` (for the tests: true for most ids of a table).
    func holdsInFirstBucket(_ id: UUID) -> Bool {
        keys.loadUnaligned(fromByteOffset: bucket(of: id) * MemoryLayout<UUID>.stride, as: UUID.self) == id
    }
}
