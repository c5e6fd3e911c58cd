import Foundation

extension NoteIndex {
    /// Below this many notes to look through, one thread searches; above, the notes are
    /// split between the processors (at most four) and the parts searched at once.
    public static let parallelThreshold = 16_384

    /// The notes whose text contains `needle`, in display order: among `candidates`
    /// when given, else among all notes. `hints`, parallel to `candidates`, say where a
    /// prefix of `needle` first occurs in each; the search starts there.
    public func search(_ needle: [UInt8], among candidates: [Int32]?, hints: [Int32]? = nil) -> Matches {
        guard !needle.isEmpty else {
            let all = candidates ?? Array(0..<Int32(count))
            return Matches(positions: all, firstHits: Array(repeating: 0, count: all.count))
        }
        let text = searchText.text
        let usableHints = hints.flatMap { $0.count == candidates?.count ? $0 : nil }
        let total = candidates?.count ?? count
        let parts = total >= Self.parallelThreshold ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        let part: @Sendable (Int) -> Matches = { part in
            let range = (total * part / parts)..<(total * (part + 1) / parts)
            if let candidates {
                return Self.search(needle, in: text, among: candidates[range], hints: usableHints?[range])
            }
            return Self.sweep(needle, in: text, notes: range)
        }
        guard parts > 1 else { return part(0) }
        let results = PartResults(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { index in results.set(index, part(index)) }
        return results.joined()
    }

    /// Looks through the given notes one by one.
    private static func search(_ needle: [UInt8], in text: SearchText, among candidates: ArraySlice<Int32>,
                               hints: ArraySlice<Int32>?) -> Matches {
        var result = Matches(positions: [], firstHits: [])
        result.positions.reserveCapacity(candidates.count)
        result.firstHits.reserveCapacity(candidates.count)
        let rare = text.rarestOffset(in: needle)
        text.bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                text.starts.withUnsafeBufferPointer { starts in
                    guard let base = haystack.baseAddress else { return }
                    for (offset, position) in zip(candidates.indices, candidates) {
                        let start = starts[Int(position)], end = starts[Int(position) + 1] - 1
                        let from = start + Int(hints?[offset] ?? 0)
                        if let hit = find(pattern, rare: rare, in: base, from: from, to: end) {
                            result.positions.append(position)
                            result.firstHits.append(Int32(hit - start))
                        }
                    }
                }
            }
        }
        return result
    }

    /// One sweep over the text of a range of notes: after a hit, skip to the next note.
    private static func sweep(_ needle: [UInt8], in text: SearchText, notes: Range<Int>) -> Matches {
        var result = Matches(positions: [], firstHits: [])
        guard !notes.isEmpty else { return result }
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
    /// pattern). `memchr` looks for the pattern's byte at offset `rare`, its least
    /// frequent, so that fewer places need comparing.
    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, rare: Int, in base: UnsafePointer<UInt8>,
                             from start: Int, to end: Int) -> Int? {
        guard !pattern.isEmpty else { return start }
        let lastStart = end - pattern.count
        guard start <= lastStart else { return nil }
        // A longer query often still matches where the shorter one did: look there first.
        if matches(pattern, at: base + start) { return start }
        let rareByte = Int32(pattern[rare])
        var position = start + 1 + rare
        let lastRare = lastStart + rare
        while position <= lastRare {
            guard let hit = memchr(base + position, rareByte, lastRare - position + 1) else { return nil }
            let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - rare
            if matches(pattern, at: base + found) { return found }
            position = found + rare + 1
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
private final class PartResults: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<NoteIndex.Matches>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: NoteIndex.Matches(positions: [], firstHits: []))
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ matches: NoteIndex.Matches) {
        slots[index] = matches
    }

    /// The parts in order, as one result.
    func joined() -> NoteIndex.Matches {
        var result = NoteIndex.Matches(positions: [], firstHits: [])
        let total = slots.reduce(0) { $0 + $1.positions.count }
        result.positions.reserveCapacity(total)
        result.firstHits.reserveCapacity(total)
        for part in slots {
            result.positions += part.positions
            result.firstHits += part.firstHits
        }
        return result
    }
}
