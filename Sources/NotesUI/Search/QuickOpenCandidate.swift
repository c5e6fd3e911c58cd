/// A note that a quick-open query may match, with what a longer query needs to bound it
/// without reading its `TitleSummary`: the summary's byte masks (`FuzzyBound.extending`),
/// its slot and its title's length, 32 bytes kept one after another, so that a longer query
/// reads its candidates in sequence and writes those left to a new array.
struct QuickOpenCandidate: Equatable, Sendable {
    /// `TitleSummary.bytes`.
    var bytes: UInt64
    /// `TitleSummary.boundaries`.
    var boundaries: UInt64
    /// `TitleSummary.pairs`.
    var pairs: UInt64
    var slot: Int32
    /// `TitleSummary.length`.
    var length: UInt32
}

/// Candidates of a quick-open query, ascending by slot, each with an upper bound of its
/// score (its score where it was scored, `gone` where scoring found it does not match). The bounds and the titles' lengths (up to
/// `QuickOpenCandidateList.longTitle`) are kept apart from the candidates, so that ordering
/// them reads 5 bytes a candidate.
struct QuickOpenCandidateList: Equatable, Sendable {
    private(set) var candidates: [QuickOpenCandidate] = []
    var bounds: [Int32] = []
    /// Per candidate, its title's length, `longTitle` for that length or more.
    private(set) var shortLengths: [UInt8] = []
    /// The length from which titles are ordered as one.
    static let longTitle = 255
    /// The bound of a candidate found not to match: a longer query passes over it.
    static let gone = Int32.min

    init() {}

    /// At most `capacity` candidates, written by `write` one at a time through the `Writer`
    /// it is given, in place (no array grows or checks its room per candidate).
    init(capacity: Int, write: (inout Writer) -> Void) {
        guard capacity > 0 else { return }
        var written = 0
        candidates = Array(unsafeUninitializedCapacity: capacity) { candidates, candidatesCount in
            bounds = Array(unsafeUninitializedCapacity: capacity) { bounds, boundsCount in
                shortLengths = Array(unsafeUninitializedCapacity: capacity) { lengths, lengthsCount in
                    var writer = Writer(candidates: candidates, bounds: bounds, lengths: lengths)
                    write(&writer)
                    written = writer.count
                    lengthsCount = written
                }
                boundsCount = written
            }
            candidatesCount = written
        }
    }

    /// Writes candidates into the room `init(capacity:write:)` made.
    struct Writer {
        fileprivate let candidates: UnsafeMutableBufferPointer<QuickOpenCandidate>
        fileprivate let bounds: UnsafeMutableBufferPointer<Int32>
        fileprivate let lengths: UnsafeMutableBufferPointer<UInt8>
        fileprivate(set) var count = 0

        @inline(__always)
        mutating func append(_ candidate: QuickOpenCandidate, bound: Int32) {
            guard count < candidates.count else { return }
            (candidates.baseAddress.unsafelyUnwrapped + count).initialize(to: candidate)
            (bounds.baseAddress.unsafelyUnwrapped + count).initialize(to: bound)
            (lengths.baseAddress.unsafelyUnwrapped + count).initialize(to: UInt8(clamping: min(Int(candidate.length), longTitle)))
            count += 1
        }
    }

    var count: Int { candidates.count }

    /// How many candidates may still match (those not `gone`).
    var liveCount: Int { bounds.reduce(0) { $0 + ($1 == Self.gone ? 0 : 1) } }

    /// The candidates of `lists`, one after the other.
    init(joining lists: [QuickOpenCandidateList]) {
        candidates = Array(lists.map(\.candidates).joined())
        bounds = Array(lists.map(\.bounds).joined())
        shortLengths = Array(lists.map(\.shortLengths).joined())
    }
}
