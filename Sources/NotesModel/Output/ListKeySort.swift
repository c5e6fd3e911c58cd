import Foundation
import NotesBase

/// Sorting a list by `NoteListOrder` keys: compact `(key, slot)` entries, not notes. The
/// key is a `UInt64`, so most comparisons never touch a note; only entries with equal keys
/// are compared by the order's tie break. `notes list` and the UI's list index
/// (`DisplayOrder`) sort the same way.
public enum ListKeySort {
    /// One note to sort: its list key and where its note is (a slot the caller chose).
    public struct Entry: Sendable {
        public var key: UInt64
        public var slot: UInt32

        public init(key: UInt64, slot: UInt32) {
            self.key = key
            self.slot = slot
        }
    }

    /// Sorts `entries` by key, and runs of equal keys by `precedes` (the order's tie break).
    public static func sort(_ entries: inout [Entry], precedes: (UInt32, UInt32) -> Bool) {
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
    public static func radixSort(_ entries: inout [Entry]) {
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

extension NoteListing {
    /// Every note of `notes` (no filter), in `order`: each note's key read in one pass over
    /// the dictionary, a large one in two halves at once (the second on a new thread, as
    /// for the list index), then the keys sorted (`ListKeySort`). The order is the one a
    /// sort of the notes by `order.precedes` gives.
    static func allPositions(_ notes: [UUID: Note], order: NoteListOrder) -> [NotePosition] {
        let count = notes.count
        guard count > 0 else { return [] }
        let inHalves = count >= parallelThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
        let half = inHalves ? count / 2 : count
        let middle = inHalves ? notes.index(notes.startIndex, offsetBy: half) : notes.endIndex
        var entries: [ListKeySort.Entry] = []
        let positions = [NotePosition](unsafeUninitializedCapacity: count) { positions, positionsMade in
            entries = [ListKeySort.Entry](unsafeUninitializedCapacity: count) { entries, entriesMade in
                let target = KeyTarget(entries: entries, positions: positions)
                let second = inHalves ? ThreadJob(stackSize: 1 << 20) {
                    target.gather(notes, middle..<notes.endIndex, from: half, order: order)
                } : nil
                target.gather(notes, notes.startIndex..<middle, from: 0, order: order)
                second?.wait()
                entriesMade = count
            }
            positionsMade = count
        }
        let values = notes.values
        ListKeySort.sort(&entries) { a, b in order.tieBreak(values[positions[Int(a)]], values[positions[Int(b)]]) }
        return entries.map { positions[Int($0.slot)] }
    }
}

/// Where `allPositions` gathers: memory for every slot, not yet initialized; each half
/// initializes its own slots only.
private struct KeyTarget: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<ListKeySort.Entry>
    let positions: UnsafeMutableBufferPointer<NotePosition>

    /// Each note's key and position in `range` of `notes`, into the slots from `firstSlot` on.
    func gather(_ notes: [UUID: Note], _ range: Range<NotePosition>, from firstSlot: Int, order: NoteListOrder) {
        let values = notes.values
        var slot = firstSlot
        var index = range.lowerBound
        while index != range.upperBound {
            let key: UInt64 = switch order {
            case .updated: NoteListOrder.key(pinned: values[index].pinned, date: values[index].updated)
            case .created: NoteListOrder.key(pinned: values[index].pinned, date: values[index].created)
            case .title: order.key(values[index])
            }
            entries.initializeElement(at: slot, to: ListKeySort.Entry(key: key, slot: UInt32(slot)))
            positions.initializeElement(at: slot, to: index)
            slot += 1
            notes.formIndex(after: &index)
        }
    }
}
