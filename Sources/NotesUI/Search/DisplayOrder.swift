import Foundation
import NotesModel

/// Sorting the note list (`NoteListOrder`: pinned notes first, then by the config's
/// `list.sort`).
///
/// Building the index sorts compact `(key, slot)` entries rather than notes: the key
/// (`NoteListOrder.key`) is a `UInt64`, so most comparisons never touch a note; only
/// entries with equal keys are compared by `NoteListOrder.tieBreak`.
enum DisplayOrder {
    /// One note to sort: its date key and where its note is.
    struct Entry {
        var key: UInt64
        var slot: UInt32
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
