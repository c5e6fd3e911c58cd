import Glibc
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
    private struct Slot {
        var hash: UInt64
        var start: Int
        var count: Int
        var tags: Set<String>
    }

    private var slots: [Slot?]
    private var used = 0
    private let mask: Int
    /// Arrays remembered at most: a store where nearly every note has its own tags stops
    /// filling the table (and pays one failed look-up a note).
    private let limit: Int

    init(slots: Int = 8192) {
        self.slots = [Slot?](repeating: nil, count: slots)
        mask = slots - 1
        limit = slots / 2
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
        while let slot = slots[index] {
            if slot.hash == hash, slot.count == count, memcmp(base + slot.start, base + start, count) == 0 {
                reader.position = start + count
                return slot.tags
            }
            index = (index + 1) & mask
        }
        let tags = try RecordCodec.readTags(&reader)
        // Remembered only when the array read is exactly those bytes.
        if reader.position == start + count, used < limit {
            slots[index] = Slot(hash: hash, start: start, count: count, tags: tags)
            used += 1
        }
        return tags
    }

    /// FNV-1a, 64 bits: the arrays are short.
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
