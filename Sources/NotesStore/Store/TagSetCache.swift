import Glibc
import NotesBase
import NotesJSON

/// Tag sets already read from one snapshot by one reading thread, found again by the
/// bytes of their JSON array. Most notes share a few combinations of tags, and building
/// a `Set` for each note (allocating, hashing every tag) was about a quarter of the CPU
/// time of opening 100,000 notes; a note whose array is byte for byte one read before
/// gets that very set (shared, copy-on-write), which also keeps one set in memory instead
/// of one a note.
///
/// Only for the snapshot's own layout, where a note's `tags` array is alone on its line
/// followed by `,` (a raw newline never occurs inside a JSON string, so the line's end is
/// found with `memchr`); anything else is read as usual. Not shared between threads.
final class TagSetCache {
    /// 24 bytes: where the array starts and how long it is share a word (an optional slot
    /// of its own two words took 40, and the tables are tens of thousands of slots).
    private struct Slot {
        var hash: UInt64
        /// `start << 16 | count`; 0 in an empty slot (a remembered array is at least `[]`).
        var place: Int
        var tags: Set<String>

        static let empty = Slot(hash: 0, place: 0, tags: [])
        var isEmpty: Bool { place == 0 }
        var start: Int { place >> 16 }
        var count: Int { place & 0xFFFF }
    }

    /// The bytes a slot takes in the table (for the tests).
    static var slotBytes: Int { MemoryLayout<Slot>.stride }

    /// The longest array remembered (its length takes the low 16 bits of `Slot.place`).
    private static let longestArray = 0xFFFF

    private var slots: [Slot]
    private var used = 0
    private var mask: Int
    /// Arrays remembered before the table doubles, up to `maximumSlots`: a store where
    /// nearly every note has its own tags then stops filling it (and pays one failed
    /// look-up a note). A large store's tens of thousands of combinations are remembered.
    private var limit: Int
    private let maximumSlots: Int

    init(slots: Int = 8192, maximumSlots: Int = 1 << 16) {
        self.slots = [Slot](repeating: .empty, count: slots)
        mask = slots - 1
        limit = slots / 2
        self.maximumSlots = max(slots, maximumSlots)
    }

    /// A cache for a reading thread of about `notes` notes: room for half as many arrays
    /// from the start (at least the default, at most `maximumSlots`), so that a large
    /// store's table seldom doubles (each doubling places every slot again).
    convenience init(forNotes notes: Int, maximumSlots: Int = 1 << 16) {
        var slots = 8192
        while slots < notes / 2, slots < maximumSlots { slots *= 2 }
        self.init(slots: slots, maximumSlots: maximumSlots)
    }

    /// Reads the tags array at the reader's position (as `RecordCodec.readTags` does).
    func readTags(_ reader: inout JSONReader) throws(JSONError) -> Set<String> {
        let bytes = reader.bytes
        let start = reader.position
        guard let base = bytes.baseAddress, start < bytes.count,
              let newline = memchr(base + start, 0x0A, bytes.count - start) else { return try RecordCodec.readTags(&reader) }
        let lineEnd = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(newline))
        // `["a", "b"],` then the newline: the array is everything before the comma.
        guard lineEnd - start >= 3, base[lineEnd - 1] == UInt8(ascii: ","), base[lineEnd - 2] == UInt8(ascii: "]"),
              base[start] == UInt8(ascii: "[") else { return try RecordCodec.readTags(&reader) }
        let count = lineEnd - 1 - start
        let hash = Self.hash(base + start, count)
        var index = Int(truncatingIfNeeded: hash) & mask
        while !slots[index].isEmpty {
            let slot = slots[index]
            if slot.hash == hash, slot.count == count, memcmp(base + slot.start, base + start, count) == 0 {
                reader.position = start + count
                return slot.tags
            }
            index = (index + 1) & mask
        }
        // Room for as many tags as the array has commas, plus one (a comma within a tag
        // only makes more room).
        var commas = 0
        for offset in 0..<count where base[start + offset] == UInt8(ascii: ",") { commas += 1 }
        let tags = try RecordCodec.readTags(&reader, capacity: count > 2 ? commas + 1 : 0)
        // Remembered only when the array read is exactly those bytes.
        if reader.position == start + count, count <= Self.longestArray, start < Int.max >> 16 {
            if used == limit, slots.count < maximumSlots {
                grow()
                index = Int(truncatingIfNeeded: hash) & mask
                while !slots[index].isEmpty { index = (index + 1) & mask }
            }
            if used < limit {
                slots[index] = Slot(hash: hash, place: start << 16 | count, tags: tags)
                used += 1
            }
        }
        return tags
    }

    /// Doubles the table, every slot placed again by its hash.
    private func grow() {
        let old = slots
        slots = [Slot](repeating: .empty, count: old.count * 2)
        mask = slots.count - 1
        limit = slots.count / 2
        for slot in old where !slot.isEmpty {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while !slots[index].isEmpty { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// FNV-1a, 64 bits: the arrays are short.
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        ContentHash.fnv1a64(UnsafeBufferPointer(start: bytes, count: count))
    }
}
