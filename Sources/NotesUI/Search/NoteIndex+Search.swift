import Foundation
import Synchronization

extension NoteIndex {
    /// Below this many notes to look through, one thread searches; above, the notes are
    /// split between the processors (at most four) and the parts searched at once.
    public static let parallelThreshold = 16_384

    /// The notes whose text or category name contains `needle` (`CategoryMatch`), in
    /// display order: among `candidates` (positions, ascending) when given, else among all
    /// notes. `hints`, parallel to `candidates`, say where a prefix of `needle` first occurs
    /// in each; the search starts there.
    public func search(_ needle: [UInt8], among candidates: [Int32]?, hints: [Int32]? = nil) -> Matches {
        guard !needle.isEmpty else {
            let all = candidates ?? Array(0..<Int32(count))
            return Matches(positions: all, firstHits: Array(repeating: 0, count: all.count))
        }
        let text = searchText.text
        let inCategories = categoryMatch(needle)
        guard let candidates else {
            // Sweep every slot in text order, then put what was found in display order.
            let found = Self.inParts(total: text.slotCount) {
                Self.sweep(needle, in: text, slots: $0, categories: inCategories)
            }
            return slotsAreInOrder ? found : inDisplayOrder(found)
        }
        if candidates.count > count / 2 {
            // Most notes are candidates (the first letters of a query): one sweep over all
            // the text costs less than visiting each ("me" among 94,000 candidates of
            // 100,000 notes: 3.5 against 5.2 ms); then only the candidates are kept.
            return Self.keeping(candidates, of: search(needle, among: nil))
        }
        let slots = slotsAreInOrder ? candidates : candidates.map { order[Int($0)] }
        let usableHints = hints.flatMap { $0.count == candidates.count ? $0 : nil }
        return Self.inParts(total: candidates.count) { range in
            Self.search(needle, in: text, among: candidates[range], slots: slots[range], hints: usableHints?[range],
                        categories: inCategories)
        }
    }

    /// The notes at display positions `range` whose text contains `needle`: one sweep
    /// over their text while slots are in display order, else note by note. A slice of a
    /// progressive filter (`NoteFilter.advance`): its cost is the text of `range`, never more.
    func search(_ needle: [UInt8], inPositions range: Range<Int>) -> Matches {
        guard !needle.isEmpty else {
            let all = Array(Int32(range.lowerBound)..<Int32(range.upperBound))
            return Matches(positions: all, firstHits: Array(repeating: 0, count: all.count))
        }
        let text = searchText.text
        guard slotsAreInOrder else {
            return search(needle, among: Array(Int32(range.lowerBound)..<Int32(range.upperBound)))
        }
        let base = range.lowerBound
        let inCategories = categoryMatch(needle)
        return Self.inParts(total: range.count) { part in
            Self.sweep(needle, in: text, slots: (base + part.lowerBound)..<(base + part.upperBound), categories: inCategories)
        }
    }

    /// The notes `needle` finds by their category's name (nil when no category's name holds it).
    private func categoryMatch(_ needle: [UInt8]) -> CategoryMatch? {
        CategoryMatch(needle, codes: categories, slotCategories: slotCategories)
    }

    /// About how many bytes `search(needle, inPositions: range)` looks through: the text of
    /// the blocks it does not pass over (`BytePairBlocks`), and a byte a note.
    func searchCost(_ needle: [UInt8], inPositions range: Range<Int>) -> Int {
        guard CategoryMatch.textCanHold(needle) else { return range.count }
        let pairs = BytePairBlocks.pairs(of: needle)
        guard slotsAreInOrder, !pairs.isEmpty else { return range.count * searchBytesPerNote }
        let text = searchText.text
        var cost = range.count
        var start = range.lowerBound
        while start < range.upperBound {
            let block = start / BytePairBlocks.slotsPerBlock
            let end = min(range.upperBound, (block + 1) * BytePairBlocks.slotsPerBlock)
            if text.pairBlocks.mayContain(pairs, block: block) { cost += text.starts[end] - text.starts[start] }
            start = end
        }
        return cost
    }

    /// The average length of a note's search text in bytes (at least 1): what a
    /// progressive filter budgets its slices with.
    var searchBytesPerNote: Int {
        let text = searchText.text
        return max(1, (text.bytes.count - text.retiredBytes) / max(1, count))
    }

    /// Runs `part` over `0..<total`: at once, or split between the processors (at most
    /// four) when there is much to look through, its results joined in order.
    private static func inParts(total: Int, _ part: @escaping @Sendable (Range<Int>) -> Matches) -> Matches {
        let parts = total >= Self.parallelThreshold ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        let range: @Sendable (Int) -> Range<Int> = { index in (total * index / parts)..<(total * (index + 1) / parts) }
        guard parts > 1 else { return part(range(0)) }
        let results = PartResults(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { index in results.set(index, part(range(index))) }
        return results.joined()
    }

    /// The matches in `found` whose positions are among `candidates` (both ascending).
    private static func keeping(_ candidates: [Int32], of found: Matches) -> Matches {
        var result = Matches(positions: [], firstHits: [])
        result.positions.reserveCapacity(min(candidates.count, found.positions.count))
        result.firstHits.reserveCapacity(min(candidates.count, found.positions.count))
        var next = 0
        for (position, hit) in zip(found.positions, found.firstHits) {
            while next < candidates.count, candidates[next] < position { next += 1 }
            guard next < candidates.count else { break }
            if candidates[next] == position {
                result.positions.append(position)
                result.firstHits.append(hit)
            }
        }
        return result
    }

    /// Matches found by slot, as display positions in ascending order; retired slots dropped.
    private func inDisplayOrder(_ found: Matches) -> Matches {
        var hitAt = [Int32](repeating: -1, count: count)
        for (slot, hit) in zip(found.positions, found.firstHits) {
            let position = positionOfSlot[Int(slot)]
            if position >= 0 { hitAt[Int(position)] = hit }
        }
        var result = Matches(positions: [], firstHits: [])
        result.positions.reserveCapacity(found.positions.count)
        result.firstHits.reserveCapacity(found.positions.count)
        for (position, hit) in hitAt.enumerated() where hit >= 0 {
            result.positions.append(Int32(position))
            result.firstHits.append(hit)
        }
        return result
    }

    /// Looks through the given notes one by one; a note whose text does not hold `needle`
    /// is still found when its category matches (its hit: its text's length).
    private static func search(_ needle: [UInt8], in text: SearchText, among candidates: ArraySlice<Int32>,
                               slots: ArraySlice<Int32>, hints: ArraySlice<Int32>?, categories: CategoryMatch?) -> Matches {
        var result = Matches(positions: [], firstHits: [])
        result.positions.reserveCapacity(candidates.count)
        result.firstHits.reserveCapacity(candidates.count)
        let rare = text.rarestOffset(in: needle)
        let pairs = BytePairBlocks.pairs(of: needle)
        let textCanHold = CategoryMatch.textCanHold(needle)
        text.bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                text.starts.withUnsafeBufferPointer { starts in
                    guard let base = haystack.baseAddress else { return }
                    for (offset, (position, slot)) in zip(candidates.indices, zip(candidates, slots)) {
                        let start = starts[Int(slot)], end = starts[Int(slot) + 1] - 1
                        if textCanHold,
                           pairs.isEmpty || text.pairBlocks.mayContain(pairs, block: Int(slot) / BytePairBlocks.slotsPerBlock),
                           let hit = find(pattern, rare: rare, in: base, from: start + Int(hints?[offset] ?? 0), to: end) {
                            result.positions.append(position)
                            result.firstHits.append(Int32(hit - start))
                        } else if let categories, categories.contains(slot: Int(slot)) {
                            result.positions.append(position)
                            result.firstHits.append(Int32(end - start))
                        }
                    }
                }
            }
        }
        return result
    }

    /// One sweep over the text of a range of slots, block by block, passing over the
    /// blocks that cannot hold `needle` (`BytePairBlocks`), with the slots whose category
    /// matches added (`CategoryMatch`). The matches' `positions` are slots.
    private static func sweep(_ needle: [UInt8], in text: SearchText, slots notes: Range<Int>,
                              categories: CategoryMatch?) -> Matches {
        let found = CategoryMatch.textCanHold(needle) ? sweep(needle, in: text, slots: notes)
            : Matches(positions: [], firstHits: [])
        guard let categories else { return found }
        return categories.merged(found, slots: notes, starts: text.starts)
    }

    /// One sweep over the text of a range of slots, block by block, passing over the
    /// blocks that cannot hold `needle` (`BytePairBlocks`). The matches' `positions` are slots.
    private static func sweep(_ needle: [UInt8], in text: SearchText, slots notes: Range<Int>) -> Matches {
        let pairs = BytePairBlocks.pairs(of: needle)
        guard !pairs.isEmpty else { return sweepRun(needle, in: text, slots: notes) }
        var result = Matches(positions: [], firstHits: [])
        var start = notes.lowerBound
        while start < notes.upperBound {
            let block = start / BytePairBlocks.slotsPerBlock
            let end = min(notes.upperBound, (block + 1) * BytePairBlocks.slotsPerBlock)
            if text.pairBlocks.mayContain(pairs, block: block) {
                let part = sweepRun(needle, in: text, slots: start..<end)
                result.positions += part.positions
                result.firstHits += part.firstHits
            }
            start = end
        }
        return result
    }

    /// One sweep over the text of a range of slots: after a hit, skip to the next slot.
    /// The matches' `positions` are slots.
    private static func sweepRun(_ needle: [UInt8], in text: SearchText, slots notes: Range<Int>) -> Matches {
        var result = Matches(positions: [], firstHits: [])
        guard !notes.isEmpty else { return result }
        result.positions.reserveCapacity(notes.count)
        result.firstHits.reserveCapacity(notes.count)
        let rare = text.rarestOffset(in: needle)
        text.bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                text.starts.withUnsafeBufferPointer { starts in
                    guard let base = haystack.baseAddress else { return }
                    var note = notes.lowerBound
                    let end = starts[notes.upperBound]
                    while note < notes.upperBound,
                          let hit = find(pattern, rare: rare, in: base, from: starts[note], to: end) {
                        while starts[note + 1] <= hit { note += 1 }
                        result.positions.append(Int32(note))
                        result.firstHits.append(Int32(hit - starts[note]))
                        note += 1
                    }
                }
            }
        }
        return result
    }

    /// The first position in `start..<end` where `pattern` begins (`start` for an empty
    /// pattern). A one-byte pattern is found with `memchr`; a longer one by comparing
    /// two of its bytes, its least frequent (`rare`) and one other, at 16 places at once
    /// (`memchr` for a common byte returned every few dozen bytes, and the calls cost
    /// more than the scanning).
    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, rare: Int, in base: UnsafePointer<UInt8>,
                             from start: Int, to end: Int) -> Int? {
        guard !pattern.isEmpty else { return start }
        let lastStart = end - pattern.count
        guard start <= lastStart else { return nil }
        // A longer query often still matches where the shorter one did: look there first.
        if matches(pattern, at: base + start) { return start }
        guard pattern.count > 1 else {
            guard let hit = memchr(base + start + 1, Int32(pattern[0]), lastStart - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        let other = rare == 0 ? pattern.count - 1 : 0
        let rareBytes = SIMD16<UInt8>(repeating: pattern[rare])
        let otherBytes = SIMD16<UInt8>(repeating: pattern[other])
        var position = start + 1
        // Each round tests the 16 starts position...position + 15, all at most `lastStart`.
        while position + 15 <= lastStart {
            let atRare = UnsafeRawPointer(base + position + rare).loadUnaligned(as: SIMD16<UInt8>.self)
            let atOther = UnsafeRawPointer(base + position + other).loadUnaligned(as: SIMD16<UInt8>.self)
            let candidates = (atRare .== rareBytes) .& (atOther .== otherBytes)
            if any(candidates) {
                for lane in 0..<16 where candidates[lane] && matches(pattern, at: base + position + lane) {
                    return position + lane
                }
            }
            position += 16
        }
        while position <= lastStart {
            if matches(pattern, at: base + position) { return position }
            position += 1
        }
        return nil
    }

    @inline(__always)
    private static func matches(_ pattern: UnsafeBufferPointer<UInt8>, at place: UnsafePointer<UInt8>) -> Bool {
        for index in 0..<pattern.count where place[index] != pattern[index] { return false }
        return true
    }
}

/// The results of a search's parts, each written by one thread into its own slot.
private final class PartResults: Sendable {
    private let slots: Mutex<[NoteIndex.Matches]>

    init(count: Int) {
        slots = Mutex(Array(repeating: NoteIndex.Matches(positions: [], firstHits: []), count: count))
    }

    func set(_ index: Int, _ matches: NoteIndex.Matches) {
        slots.withLock { $0[index] = matches }
    }

    /// The parts in order, as one result.
    func joined() -> NoteIndex.Matches {
        slots.withLock { parts in
            var result = NoteIndex.Matches(positions: [], firstHits: [])
            let total = parts.reduce(0) { $0 + $1.positions.count }
            result.positions.reserveCapacity(total)
            result.firstHits.reserveCapacity(total)
            for part in parts {
                result.positions += part.positions
                result.firstHits += part.firstHits
            }
            return result
        }
    }
}
