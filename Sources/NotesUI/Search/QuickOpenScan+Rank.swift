import NotesModel

extension QuickOpenScan {
    /// A candidate about to be scored, with what scoring it reads.
    struct Pending {
        var index: Int
        var bound: Int
        var position: Int32
        var length: Int
        var start: Int
    }

    /// How many candidates are read ahead of scoring them: their slots, positions and
    /// titles are scattered over memory, and loads that do not wait for each other are
    /// served together.
    static let batch = 16

    /// Scores the candidates, highest bound first and shorter titles first on equal bounds
    /// (`QuickOpenOrder`), until the rest cannot rank among the hits kept; a note scored
    /// gets its score as its bound, one that does not match `QuickOpenCandidateList.gone`
    /// (left in place: the next query passes over it as it reads the list anyway).
    mutating func rank() {
        let order = QuickOpenOrder(list.bounds, list.shortLengths)
        var pending = [Pending](repeating: Pending(index: 0, bound: 0, position: 0, length: 0, start: 0), count: Self.batch)
        var next = 0
        while next < order.indices.count {
            shareFloor()
            let floor = self.floor
            var count = 0
            while count < Self.batch, next < order.indices.count {
                let index = Int(order.indices[next])
                next += 1
                switch order.decide(index, floor: floor, byLength: text.otherNames.isEmpty) {
                case .score: pending[count].index = index; count += 1
                case .skip: continue
                case .stop: next = order.indices.count
                }
            }
            read(into: &pending, count)
            score(pending[..<count])
        }
    }

    /// Reads what scoring the candidates in `pending` takes (their `index` set), and touches
    /// their titles, so that the loads are in flight together.
    private mutating func read(into pending: inout [Pending], _ count: Int) {
        var touched: UInt8 = 0
        text.titles.bytes.withUnsafeBufferPointer { bytes in
            text.titles.starts.withUnsafeBufferPointer { starts in
                positionOfSlot.withUnsafeBufferPointer { positions in
                    list.candidates.withUnsafeBufferPointer { candidates in
                        for offset in 0..<count {
                            let index = pending[offset].index, candidate = candidates[index], slot = Int(candidate.slot)
                            let start = starts[slot], length = Int(candidate.length)
                            pending[offset] = Pending(index: index, bound: Int(list.bounds[index]), position: positions[slot],
                                                      length: length, start: start)
                            if length > 0 { touched ^= bytes[start] ^ bytes[start + length - 1] }
                        }
                    }
                }
            }
        }
        self.touched ^= touched
    }

    /// Scores `pending` in order, passing over those that can no longer rank.
    private mutating func score(_ pending: ArraySlice<Pending>) {
        let byLength = text.otherNames.isEmpty
        for next in pending {
            if let floor {
                if next.bound < floor.score || (next.bound == floor.score && byLength && next.length > floor.length) { continue }
            }
            let slot = Int(list.candidates[next.index].slot)
            guard let score = score(slot: slot, position: next.position, length: next.length, start: next.start) else {
                list.bounds[next.index] = QuickOpenCandidateList.gone
                continue
            }
            list.bounds[next.index] = Int32(clamping: max(score, Int(Self.lowestBound)))
        }
    }
}
