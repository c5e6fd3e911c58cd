import Foundation
import NotesModel

/// The notes a search finds by their category's name rather than their text: the search
/// text holds no category names (`SearchText`), so a search of `needle` asks which
/// categories' searchable names hold it (`CategoryCodes.codes(matching:)`) and finds every
/// note in one of them as well as the notes whose text holds it. That is the same answer as
/// looking through `SearchableNote`'s whole text, category name included: no pattern can
/// run from a note's text into its category name (a pattern holds a marker byte below 0x20
/// at its start only), so a note's whole text holds a pattern exactly when its text or its
/// category's searchable name does.
///
/// A note found by its category alone has its text's length as its first hit: a longer
/// query that starts with this one (`NoteIndex.search`'s hints) is not in its text either.
struct CategoryMatch: Sendable {
    /// Per slot: the note's category code.
    let slotCategories: [Int32]
    /// By code: whether that category's name holds the needle.
    let matching: [Bool]

    /// The categories whose names hold `needle` among `codes`; nil when none does.
    init?(_ needle: [UInt8], codes: CategoryCodes, slotCategories: [Int32]) {
        guard let matching = codes.codes(matching: needle) else { return nil }
        self.matching = matching
        self.slotCategories = slotCategories
    }

    /// Whether the note in `slot` is in a matching category.
    @inline(__always)
    func contains(slot: Int) -> Bool {
        let code = slotCategories[slot]
        return code >= 0 && matching[Int(code)]
    }

    /// Whether a note's text can hold `needle` at all: never a category pattern (`@name`),
    /// whose marker only a category's searchable name holds.
    static func textCanHold(_ needle: [UInt8]) -> Bool {
        needle.first != SearchableNote.categoryMarker
    }

    /// `found` (matches by slot, ascending, among `slots`) with every other slot of `slots`
    /// whose category matches added in order, its hit the length of its text.
    func merged(_ found: NoteIndex.Matches, slots: Range<Int>, starts: [Int]) -> NoteIndex.Matches {
        var result = NoteIndex.Matches(positions: [], firstHits: [])
        var next = 0
        for slot in slots {
            if next < found.positions.count, Int(found.positions[next]) == slot {
                result.positions.append(found.positions[next])
                result.firstHits.append(found.firstHits[next])
                next += 1
            } else if contains(slot: slot) {
                result.positions.append(Int32(slot))
                result.firstHits.append(Int32(starts[slot + 1] - 1 - starts[slot]))
            }
        }
        return result
    }
}
