import Foundation
import NotesBase
import NotesModel

extension DisplayOrder {
    /// What building a `NoteIndex` needs of every note, gathered in one pass over the
    /// notes' dictionary: each note's list key with its slot (the note's place in the
    /// dictionary), its id and category code, and the notes per category code.
    struct Gathered {
        var entries: [Entry]
        var ids: [UUID]
        var codes: [Int32]
        var counts: [Int]
    }

    /// Notes at least this many are gathered in two halves at once.
    static let gatherInHalvesThreshold = 16_384

    /// Gathers `notes` (see `Gathered`). A large dictionary is read in two halves at once,
    /// the second on a new thread (a dispatch pool may have no idle thread yet right after
    /// a process starts); each half writes its own slots, so the result is the one pass's.
    static func gather(_ notes: [UUID: Note], order: NoteListOrder, categories: CategoryCodes) -> Gathered {
        let count = notes.count
        let inHalves = count >= gatherInHalvesThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
        let half = inHalves ? count / 2 : count
        let middle = inHalves ? notes.index(notes.startIndex, offsetBy: half) : notes.endIndex
        let first = GatherPart(notes: notes, range: notes.startIndex..<middle, firstSlot: 0, order: order, categories: categories)
        let second = GatherPart(notes: notes, range: middle..<notes.endIndex, firstSlot: half, order: order, categories: categories)
        var ids: [UUID] = [], codes: [Int32] = [], counts: [Int] = []
        let entries = [Entry](unsafeUninitializedCapacity: count) { entries, entriesMade in
            ids = [UUID](unsafeUninitializedCapacity: count) { ids, idsMade in
                codes = [Int32](unsafeUninitializedCapacity: count) { codes, codesMade in
                    let target = GatherTarget(entries: entries, ids: ids, codes: codes)
                    let background = inHalves ? ThreadJob(stackSize: 1 << 20) { second.run(into: target) } : nil
                    counts = first.run(into: target)
                    if let secondCounts = background?.wait() {
                        for code in counts.indices { counts[code] += secondCounts[code] }
                    }
                    (entriesMade, idsMade, codesMade) = (count, count, count)
                }
            }
        }
        return Gathered(entries: entries, ids: ids, codes: codes, counts: counts)
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
/// initializes its own slots only.
private struct GatherTarget: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<DisplayOrder.Entry>
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

    /// Gathers on this thread; returns the notes per category code.
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
        return counts
    }
}
