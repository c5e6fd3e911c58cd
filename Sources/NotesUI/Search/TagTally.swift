import NotesModel

/// How many live notes carry each tag, kept with the search text (built with it, in the
/// background, and changed with each committed note), so that the tags screen and `Tab`
/// in the tags field never go over every note. Each slot's tags are kept as small
/// numbers (each tag's name is stored once), so that retiring a slot takes its tags out
/// without the note it held.
struct TagTally: Sendable {
    private var numbers: [String: Int32] = [:]
    private var names: [String] = []
    private var counts: [Int] = []
    /// Slot `i`'s tags are `slotTags[starts[i]..<starts[i + 1]]`.
    private var starts: [Int32] = [0]
    private var slotTags: [Int32] = []

    /// Adds the next slot, holding a note with `tags` (nil: a slot with no note).
    mutating func appendSlot(tags: Set<String>?) {
        for tag in tags ?? [] {
            let number: Int32
            if let known = numbers[tag] {
                number = known
            } else {
                number = Int32(names.count)
                numbers[tag] = number
                names.append(tag)
                counts.append(0)
            }
            counts[Int(number)] += 1
            slotTags.append(number)
        }
        starts.append(Int32(slotTags.count))
    }

    /// Takes the tags of `slot` out of the counts; the slot's note is no longer live. Its
    /// numbers become -1, so that retiring it again changes nothing.
    mutating func retire(slot: Int) {
        guard slot >= 0, slot + 1 < starts.count else { return }
        for index in Int(starts[slot])..<Int(starts[slot + 1]) where slotTags[index] >= 0 {
            counts[Int(slotTags[index])] -= 1
            slotTags[index] = -1
        }
    }

    /// Every tag carried by a live note, with its count, sorted as `TagCount.all` sorts.
    func all() -> [TagCount] {
        var live: [String: Int] = [:]
        for (number, count) in counts.enumerated() where count > 0 { live[names[number]] = count }
        return TagCount.sorted(live)
    }
}
