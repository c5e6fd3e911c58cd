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
        var scratch = [Entry](repeating: Entry(key: 0, slot: 0), count: entries.count)
        entries.withUnsafeMutableBufferPointer { entries in
            scratch.withUnsafeMutableBufferPointer { sort(entries, scratch: $0, precedes: precedes) }
        }
    }

    /// `sort(_:precedes:)` in place, with `scratch` (at least as long) for the radix sort's passes.
    public static func sort(_ entries: UnsafeMutableBufferPointer<Entry>, scratch: UnsafeMutableBufferPointer<Entry>,
                            precedes: (UInt32, UInt32) -> Bool) {
        radixSort(entries, scratch: scratch)
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, entries[end].key == entries[start].key { end += 1 }
            if end - start > 1 {
                var run = UnsafeMutableBufferPointer(rebasing: entries[start..<end])
                run.sort { precedes($0.slot, $1.slot) }
            }
            start = end
        }
    }

    /// Gives `take` every entry of `first` and `second`, each sorted by `sort`, in the order
    /// one sort of both gives (`precedes` being a strict order of distinct slots).
    public static func merge(_ first: UnsafeBufferPointer<Entry>, _ second: UnsafeBufferPointer<Entry>,
                             precedes: (UInt32, UInt32) -> Bool, _ take: (Entry) -> Void) {
        var a = 0, b = 0
        while a < first.count, b < second.count {
            let left = first[a], right = second[b]
            if right.key < left.key || right.key == left.key && precedes(right.slot, left.slot) {
                take(right)
                b += 1
            } else {
                take(left)
                a += 1
            }
        }
        while a < first.count { take(first[a]); a += 1 }
        while b < second.count { take(second[b]); b += 1 }
    }

    /// A stable least-significant-digit radix sort by key, a byte at a time. One pass
    /// counts every byte position; bytes that are the same in every key (the high
    /// bytes of nearby dates) are skipped.
    public static func radixSort(_ entries: inout [Entry]) {
        var scratch = [Entry](repeating: Entry(key: 0, slot: 0), count: entries.count)
        entries.withUnsafeMutableBufferPointer { entries in scratch.withUnsafeMutableBufferPointer { radixSort(entries, scratch: $0) } }
    }

    /// `radixSort(_:)` in place, with `scratch` (at least as long) for its passes.
    public static func radixSort(_ entries: UnsafeMutableBufferPointer<Entry>, scratch: UnsafeMutableBufferPointer<Entry>) {
        let count = entries.count
        guard count > 1, scratch.count >= count else { return }
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for entry in entries {
                for byte in 0..<8 { counts[byte * 256 + Int(truncatingIfNeeded: entry.key >> (8 * UInt64(byte))) & 0xFF] += 1 }
            }
        }
        var source = entries, target = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
        var next = [Int](repeating: 0, count: 256)
        for byte in 0..<8 {
            let shift = 8 * UInt64(byte)
            if counts[(byte * 256)..<(byte * 256 + 256)].contains(count) { continue }
            var total = 0
            for digit in 0..<256 {
                next[digit] = total
                total += counts[byte * 256 + digit]
            }
            next.withUnsafeMutableBufferPointer { next in
                for entry in source {
                    let digit = Int(truncatingIfNeeded: entry.key >> shift) & 0xFF
                    target[next[digit]] = entry
                    next[digit] += 1
                }
            }
            swap(&source, &target)
        }
        if source.baseAddress != entries.baseAddress, let from = source.baseAddress, let to = entries.baseAddress {
            to.update(from: from, count: count)
        }
    }
}

extension NoteListing {
    /// Every note of `notes` (no filter), in `order`: each note's key read in one pass over
    /// the dictionary, a large one in two halves at once (the second on a new thread, as
    /// for the list index), each half's keys sorted on its own thread (`ListKeySort`), then
    /// the two merged. The order is the one a sort of the notes by `order.precedes` gives.
    static func allPositions(_ notes: [UUID: Note], order: NoteListOrder) -> [NotePosition] {
        let count = notes.count
        guard count > 0 else { return [] }
        let inHalves = count >= parallelThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
        let half = inHalves ? count / 2 : count
        let middle = inHalves ? notes.index(notes.startIndex, offsetBy: half) : notes.endIndex
        var gathered = [ListKeySort.Entry](repeating: ListKeySort.Entry(key: 0, slot: 0), count: 2 * count)
        let positions = [NotePosition](unsafeUninitializedCapacity: count) { positions, positionsMade in
            gathered.withUnsafeMutableBufferPointer { gathered in
                let entries = UnsafeMutableBufferPointer(rebasing: gathered[0..<count])
                let target = KeyTarget(entries: entries, scratch: UnsafeMutableBufferPointer(rebasing: gathered[count...]),
                                       positions: positions)
                let second = inHalves ? ThreadJob(stackSize: 1 << 20) {
                    target.gatherAndSort(notes, middle..<notes.endIndex, from: half, order: order)
                } : nil
                target.gatherAndSort(notes, notes.startIndex..<middle, from: 0, order: order)
                second?.wait()
            }
            positionsMade = count
        }
        let values = notes.values
        return gathered.withUnsafeBufferPointer { gathered in
            [NotePosition](unsafeUninitializedCapacity: count) { sorted, made in
                ListKeySort.merge(UnsafeBufferPointer(rebasing: gathered[0..<half]), UnsafeBufferPointer(rebasing: gathered[half..<count]),
                                  precedes: { a, b in order.tieBreak(values[positions[Int(a)]], values[positions[Int(b)]]) }) { entry in
                    sorted.initializeElement(at: made, to: positions[Int(entry.slot)])
                    made += 1
                }
            }
        }
    }
}

/// Where `allPositions` gathers: memory for every slot, not yet initialized; each half
/// initializes its own slots only, and sorts them with its own part of `scratch`.
private struct KeyTarget: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<ListKeySort.Entry>
    let scratch: UnsafeMutableBufferPointer<ListKeySort.Entry>
    let positions: UnsafeMutableBufferPointer<NotePosition>

    /// Each note's key and position in `range` of `notes`, into the slots from `firstSlot`
    /// on, then those slots' entries sorted.
    func gatherAndSort(_ notes: [UUID: Note], _ range: Range<NotePosition>, from firstSlot: Int, order: NoteListOrder) {
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
        let positions = positions
        ListKeySort.sort(UnsafeMutableBufferPointer(rebasing: entries[firstSlot..<slot]),
                         scratch: UnsafeMutableBufferPointer(rebasing: scratch[firstSlot..<slot])) { a, b in
            order.tieBreak(values[positions[Int(a)]], values[positions[Int(b)]])
        }
    }
}
