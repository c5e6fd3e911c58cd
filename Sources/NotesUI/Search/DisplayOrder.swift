import Foundation
import NotesModel

/// The note list's order: pinned notes first, then the others; each group most recently
/// updated first, equal dates by title, then by id.
///
/// Building the index sorts compact `(key, slot)` entries rather than notes: the key
/// of a date is a `UInt64` whose ascending order is the dates' descending order, so
/// most comparisons never touch a note; only entries with equal keys are compared by
/// title and id.
enum DisplayOrder {
    /// One note to sort: its date key and where its note is.
    struct Entry {
        var key: UInt64
        var slot: UInt32
    }

    /// A key whose ascending order is pinned notes first, then the descending order of
    /// `updated` (later first). The top bit is the pin; the date's key gives up its lowest
    /// bit for it (dates less than a microsecond apart are then ordered as equal ones).
    static func key(_ note: Note) -> UInt64 {
        (note.pinned ? 0 : 1 << 63) | (key(note.updated) >> 1)
    }

    /// A key whose ascending order is the descending order of `updated` (later first).
    static func key(_ updated: Date) -> UInt64 {
        let seconds = updated.timeIntervalSinceReferenceDate
        let bits = (seconds == 0 ? 0 : seconds).bitPattern  // -0 and +0 are the same date
        let ascending = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return ~ascending
    }

    /// Whether `a` is listed before `b` when their date keys are equal.
    static func tieBreak(_ a: Note, _ b: Note) -> Bool {
        if a.title != b.title { return a.title < b.title }
        return a.id.uuidString < b.id.uuidString
    }

    /// Sorts `entries` into display order: by key, and runs of equal keys by
    /// `precedes` (title, then id).
    static func sort(_ entries: inout [Entry], precedes: (UInt32, UInt32) -> Bool) {
        radixSort(&entries)
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, entries[end].key == entries[start].key { end += 1 }
            if end - start > 1 { entries[start..<end].sort { precedes($0.slot, $1.slot) } }
            start = end
        }
    }

    /// A stable least-significant-digit radix sort by key, a byte at a time. One pass
    /// counts every byte position; bytes that are the same in every key (the high
    /// bytes of nearby dates) are skipped.
    static func radixSort(_ entries: inout [Entry]) {
        guard entries.count > 1 else { return }
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for entry in entries {
                for byte in 0..<8 { counts[byte * 256 + Int(truncatingIfNeeded: entry.key >> (8 * UInt64(byte))) & 0xFF] += 1 }
            }
        }
        var other = entries
        for byte in 0..<8 {
            let shift = 8 * UInt64(byte)
            var next = Array(counts[(byte * 256)..<(byte * 256 + 256)])
            if next.contains(entries.count) { continue }
            var total = 0
            for digit in next.indices {
                let count = next[digit]
                next[digit] = total
                total += count
            }
            entries.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    next.withUnsafeMutableBufferPointer { next in
                        for entry in source {
                            let digit = Int(truncatingIfNeeded: entry.key >> shift) & 0xFF
                            target[next[digit]] = entry
                            next[digit] += 1
                        }
                    }
                }
            }
            swap(&entries, &other)
        }
    }
}
