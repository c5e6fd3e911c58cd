import NotesModel

extension QuickOpenScan {
    /// The search text's titles, valid inside `walk`.
    struct Titles {
        let bytes: UnsafePointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let summaries: UnsafeBufferPointer<TitleSummary>
    }

    /// Walks the candidates of `earlier`, whose bounds are for the query's first `count`
    /// bytes (nil: for the whole query), keeping the runs to hand on: the candidates
    /// walked, sorted again by their new bounds (or scores), then the rest of each run with
    /// the most the added bytes may bring added to its `extra`.
    mutating func walk(_ earlier: [Run], extending count: Int?) {
        let gain = count.map { Int32(clamping: bound.mostAdded(from: $0)) } ?? 0
        let text = self.text
        var walked: (Run, [Run])?
        text.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            text.starts.withUnsafeBufferPointer { starts in
                text.titleSummaries.withUnsafeBufferPointer { summaries in
                    walked = walk(earlier, gain: gain, extending: count,
                                  Titles(bytes: base, starts: starts, summaries: summaries))
                }
            }
        }
        guard let (run, rest) = walked else { return runs = [] }
        runs = ([run] + rest).filter { !$0.slots.isEmpty }
    }

    /// Walks `earlier` highest bound first, `chunk` candidates at a time from the run whose
    /// next bound is highest, and leaves a run where its next bound plus `gain` (the most
    /// the added bytes may bring) is below the worst hit kept: nothing after it can rank.
    private mutating func walk(_ earlier: [Run], gain: Int32, extending count: Int?, _ titles: Titles) -> (Run, [Run]) {
        var next = earlier.map(\.slots.startIndex)
        var open = earlier.indices.filter { !earlier[$0].slots.isEmpty }
        var slots: [Int32] = [], bounds: [Int32] = []
        func head(_ run: Int) -> Int { Int(earlier[run].bounds[next[run]]) + Int(earlier[run].extra) }
        while let pick = open.indices.max(by: { head(open[$0]) < head(open[$1]) }) {
            let run = earlier[open[pick]]
            var index = next[open[pick]]
            let end = min(run.slots.endIndex, index + Self.chunk)
            var left = false
            // A chunk none of whose titles holds every byte of the query is dropped whole. Its
            // summaries are read first in a loop of independent loads, which the processor
            // overlaps; the walk below then finds them in the cache instead of waiting for each.
            if !TitleMask.mayMatch(Self.bytes(of: run.slots[index..<end], titles.summaries), queryMask) { index = end }
            while index < end {
                let most = Int(run.bounds[index]) + Int(run.extra)
                if let floor = best.floor, most + Int(gain) < floor.score {
                    left = true
                    break
                }
                let slot = run.slots[index]
                if let newBound = visit(Int(slot), earlier: most, extending: count, titles) {
                    slots.append(slot)
                    bounds.append(newBound)
                }
                index += 1
            }
            next[open[pick]] = index
            if left || index == run.slots.endIndex { open.remove(at: pick) }
        }
        let rest = earlier.indices.compactMap { number -> Run? in
            let run = earlier[number], from = next[number]
            guard from < run.slots.endIndex else { return nil }
            return Run(slots: run.slots[from...], bounds: run.bounds[from...], extra: run.extra + gain)
        }
        return (Self.sorted(slots, bounds), rest)
    }

    /// The bytes any of `slots`' titles holds (`TitleMask`).
    private static func bytes(of slots: ArraySlice<Int32>, _ summaries: UnsafeBufferPointer<TitleSummary>) -> UInt64 {
        var bytes: UInt64 = 0
        for slot in slots { bytes |= summaries[Int(slot)].bytes }
        return bytes
    }

    /// The bound of `slot` for the query, from `earlier` (its bound for the query's first
    /// `count` bytes; nil: for the whole query) and its summary; its score where that bound
    /// may rank among the hits kept. Nil when it cannot match.
    @inline(__always)
    private mutating func visit(_ slot: Int, earlier: Int, extending count: Int?, _ titles: Titles) -> Int32? {
        let summary = titles.summaries[slot]
        var most = earlier
        if let count {
            guard TitleMask.mayMatch(summary.bytes, queryMask) else { return nil }
            most += bound.extending(summary, from: count)
            // Below two bytes the earlier bound has not seen the gap between two word starts.
            if count < 2 { most = min(most, bound.maximum(summary)) }
        }
        let length = Int(summary.length)
        if let floor = best.floor,
           most < floor.score || most == floor.score && !hasOtherNames && length > floor.length {
            return Int32(clamping: max(most, Int(Self.lowestBound)))
        }
        let position = positionOfSlot[slot]
        let title = UnsafeBufferPointer(start: titles.bytes + titles.starts[slot], count: length)
        var hit = scorer.score(title).map { NoteIndex.QuickOpenHit(position: position, score: $0, length: length) }
        if hasOtherNames, let names = text.otherNames[slot] { hit = bestName(names, hit, position) }
        guard let hit else { return nil }
        best.add(hit)
        return Int32(clamping: max(hit.score, Int(Self.lowestBound)))
    }

    /// The better of `hit` (the title's) and the hits of the note's other `names`.
    private mutating func bestName(_ names: [[UInt8]], _ hit: NoteIndex.QuickOpenHit?,
                                   _ position: Int32) -> NoteIndex.QuickOpenHit? {
        var best = hit
        for name in names {
            guard let score = name.withUnsafeBufferPointer({ scorer.score($0) }) else { continue }
            let other = NoteIndex.QuickOpenHit(position: position, score: score, length: name.count)
            if best.map({ other.ranks(before: $0) }) ?? true { best = other }
        }
        return best
    }
}
