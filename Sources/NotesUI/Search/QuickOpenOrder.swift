/// The order quick open scores its candidates in: highest bound first, then shorter
/// titles first (titles of `QuickOpenCandidateList.longTitle` bytes or more as one), then
/// in candidate order; by counting, bounds more than `lumped` below the highest as one.
/// Once the worst hit kept is known, the first candidate whose bound is below it, or equal
/// with a longer title, ends the scoring: every candidate after it is so too.
struct QuickOpenOrder {
    /// What to do with a candidate.
    enum Decision {
        case score, skip, stop
    }

    /// The candidates' indices in this order.
    let indices: [Int32]
    private let bounds: [Int32]
    private let lengths: [UInt8]
    private let highest: Int
    /// Bounds this far below the highest and lower are ordered as one.
    static let lumped = 127
    private static let lengthKeys = QuickOpenCandidateList.longTitle + 1

    init(_ bounds: [Int32], _ lengths: [UInt8]) {
        self.bounds = bounds
        self.lengths = lengths
        highest = Int(bounds.max() ?? 0)
        var starts = [Int](repeating: 0, count: (Self.lumped + 1) * Self.lengthKeys + 1)
        let highest = self.highest
        for index in bounds.indices { starts[Self.key(highest, bounds[index], lengths[index]) + 1] += 1 }
        for key in 1..<starts.count { starts[key] += starts[key - 1] }
        var indices = [Int32](repeating: 0, count: bounds.count)
        for index in bounds.indices {
            let key = Self.key(highest, bounds[index], lengths[index])
            indices[starts[key]] = Int32(index)
            starts[key] += 1
        }
        self.indices = indices
    }

    @inline(__always)
    private static func key(_ highest: Int, _ bound: Int32, _ length: UInt8) -> Int {
        min(highest - Int(bound), lumped) * lengthKeys + Int(length)
    }

    /// Whether the candidate at `index` may rank given the worst hit kept (`floor`):
    /// `byLength` when a longer title cannot rank before an equal score (no note has other names).
    @inline(__always)
    func decide(_ index: Int, floor: NoteIndex.QuickOpenHit?, byLength: Bool) -> Decision {
        guard let floor else { return .score }
        let bound = Int(bounds[index])
        let ordered = highest - bound < Self.lumped
        if bound < floor.score { return ordered ? .stop : .skip }
        guard bound == floor.score, byLength else { return .score }
        let length = Int(lengths[index])
        // `lengths` holds the length itself below `longTitle`.
        if length < QuickOpenCandidateList.longTitle, length > floor.length { return ordered ? .stop : .skip }
        return .score
    }
}
