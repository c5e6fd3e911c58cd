import Foundation
import NotesBase
import NotesModel

extension DisplayOrder {
    /// What building a `NoteIndex` needs of every note, gathered in one pass over the
    /// notes' dictionary and sorted: each note's id, list key and category code in
    /// display order, and the notes per category code.
    struct Gathered {
        var ids: [UUID]
        var keys: [UInt64]
        var codes: [Int32]
        var counts: [Int]
    }

    /// Notes at least this many are gathered in two halves at once.
    static let gatherInHalvesThreshold = 16_384

    /// Gathers `notes` (see `Gathered`), with room for `capacity` notes in each array. A
    /// large dictionary is read in two halves at once, the second on a new thread (a
    /// dispatch pool may have no idle thread yet right after a process starts); each half
    /// writes its own slots and sorts them (`ListKeySort`, ties by `order.tieBreak`), then
    /// the two are merged, so the result is the one sort's.
    static func gather(_ notes: [UUID: Note], order: NoteListOrder, categories: CategoryCodes, capacity: Int) -> Gathered {
        let count = notes.count
        let inHalves = count >= gatherInHalvesThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
        let half = inHalves ? count / 2 : count
        let middle = inHalves ? notes.index(notes.startIndex, offsetBy: half) : notes.endIndex
        let first = GatherPart(notes: notes, range: notes.startIndex..<middle, firstSlot: 0, order: order, categories: categories)
        let second = GatherPart(notes: notes, range: middle..<notes.endIndex, firstSlot: half, order: order, categories: categories)
        var entries = [Entry](repeating: Entry(key: 0, slot: 0), count: 2 * count)
        var ids: [UUID] = [], codes: [Int32] = [], counts: [Int] = []
        ids = [UUID](unsafeUninitializedCapacity: count) { ids, idsMade in
            codes = [Int32](unsafeUninitializedCapacity: count) { codes, codesMade in
                entries.withUnsafeMutableBufferPointer { entries in
                    let target = GatherTarget(entries: UnsafeMutableBufferPointer(rebasing: entries[0..<count]),
                                              scratch: UnsafeMutableBufferPointer(rebasing: entries[count...]), ids: ids, codes: codes)
                    let background = inHalves ? ThreadJob(stackSize: 1 << 20) { second.run(into: target) } : nil
                    counts = first.run(into: target)
                    if let secondCounts = background?.wait() {
                        for code in counts.indices { counts[code] += secondCounts[code] }
                    }
                }
                (idsMade, codesMade) = (count, count)
            }
        }
        return entries.withUnsafeBufferPointer { entries in
            merged(UnsafeBufferPointer(rebasing: entries[0..<half]), UnsafeBufferPointer(rebasing: entries[half..<count]),
                   notes: notes, order: order, ids: ids, codes: codes, counts: counts, capacity: capacity)
        }
    }

    /// The two sorted halves merged into the arrays of `Gathered`.
    private static func merged(_ first: UnsafeBufferPointer<Entry>, _ second: UnsafeBufferPointer<Entry>, notes: [UUID: Note],
                               order: NoteListOrder, ids: [UUID], codes: [Int32], counts: [Int], capacity: Int) -> Gathered {
        let count = first.count + second.count, room = max(capacity, count)
        var keys: [UInt64] = [], sortedCodes: [Int32] = []
        let sortedIDs = [UUID](unsafeUninitializedCapacity: room) { sortedIDs, idsMade in
            keys = [UInt64](unsafeUninitializedCapacity: room) { keys, keysMade in
                sortedCodes = [Int32](unsafeUninitializedCapacity: room) { sortedCodes, codesMade in
                    ids.withUnsafeBufferPointer { ids in
                        var made = 0
                        ListKeySort.merge(first, second, precedes: { tieBreak(order, notes, ids, $0, $1) }) { entry in
                            let slot = Int(entry.slot)
                            sortedIDs.initializeElement(at: made, to: ids[slot])
                            keys.initializeElement(at: made, to: entry.key)
                            sortedCodes.initializeElement(at: made, to: codes[slot])
                            made += 1
                        }
                    }
                    codesMade = count
                }
                keysMade = count
            }
            idsMade = count
        }
        return Gathered(ids: sortedIDs, keys: keys, codes: sortedCodes, counts: counts)
    }

    /// Whether the note in slot `left` comes before the one in slot `right`, their keys being equal.
    static func tieBreak(_ order: NoteListOrder, _ notes: [UUID: Note], _ ids: UnsafeBufferPointer<UUID>, _ left: UInt32,
                         _ right: UInt32) -> Bool {
        guard let a = notes[ids[Int(left)]], let b = notes[ids[Int(right)]] else { return left < right }
        return order.tieBreak(a, b)
    }

    /// The list key of the note at `index`, its pin and date read in place: passing the
    /// note to `NoteListOrder.key(_:)`, in another module, would copy it.
    @inline(__always)
    static func key(_ order: NoteListOrder, _ values: [UUID: Note].Values, _ index: [UUID: Note].Index) -> UInt64 {
        switch order {
        case .updated: NoteListOrder.key(pinned: values[index].pinned, date: values[index].updated)
        case .created: NoteListOrder.key(pinned: values[index].pinned, date: values[index].created)
        case .title: order.key(values[index])
        }
    }
}

/// Where the gathering writes: memory for every slot, not yet initialized; each part
/// initializes its own slots only, and sorts its entries with its own part of `scratch`.
private struct GatherTarget: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<DisplayOrder.Entry>
    let scratch: UnsafeMutableBufferPointer<DisplayOrder.Entry>
    let ids: UnsafeMutableBufferPointer<UUID>
    let codes: UnsafeMutableBufferPointer<Int32>
}

/// The notes in `range` of the dictionary, gathered into the slots from `firstSlot` on.
private struct GatherPart: @unchecked Sendable {
    let notes: [UUID: Note]
    let range: Range<[UUID: Note].Index>
    let firstSlot: Int
    let order: NoteListOrder
    let categories: CategoryCodes

    /// Gathers on this thread and sorts this part's entries; returns the notes per category code.
    func run(into target: GatherTarget) -> [Int] {
        var counts = [Int](repeating: 0, count: categories.count)
        let values = notes.values
        var slot = firstSlot
        var index = range.lowerBound
        while index != range.upperBound {
            // Fields are read in place (`values[index]` lends the note): copying each note
            // would touch every title's and tag set's storage, a cache miss apiece.
            let key = DisplayOrder.key(order, values, index)
            target.entries.initializeElement(at: slot, to: DisplayOrder.Entry(key: key, slot: UInt32(slot)))
            target.ids.initializeElement(at: slot, to: notes.keys[index])
            let code = categories.code(of: values[index].categoryID)
            target.codes.initializeElement(at: slot, to: code)
            if code >= 0 { counts[Int(code)] += 1 }
            slot += 1
            notes.formIndex(after: &index)
        }
        let ids = UnsafeBufferPointer(target.ids), notes = notes, order = order
        ListKeySort.sort(UnsafeMutableBufferPointer(rebasing: target.entries[firstSlot..<slot]),
                         scratch: UnsafeMutableBufferPointer(rebasing: target.scratch[firstSlot..<slot])) {
            DisplayOrder.tieBreak(order, notes, ids, $0, $1)
        }
        return counts
    }
}
