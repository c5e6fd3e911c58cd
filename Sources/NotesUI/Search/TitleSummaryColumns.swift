import NotesModel

/// Every slot's `TitleSummary`, a field per array, so that a pass of quick open reads only
/// the fields it needs: a one-byte query reads `bytes`, `boundaries` and `lengths` (20 of
/// the summary's 56 bytes a title); a two-byte query's gather reads the word starts only of
/// the titles whose first query byte has a bonus. Read whole, the summaries were most of
/// the one- and two-byte keys' time (48 MB at 1,000,000 notes before `wordSeconds`).
struct TitleSummaryColumns {
    /// `TitleSummary.bytes`: the byte mask every pass filters on first.
    private(set) var bytes: [UInt64] = []
    /// `TitleSummary.boundaries`.
    private(set) var boundaries: [UInt64] = []
    /// `TitleSummary.pairs`.
    private(set) var pairs: [UInt64] = []
    /// `TitleSummary.length`.
    private(set) var lengths: [UInt32] = []
    /// `TitleSummary.wordBytes`, `wordOffsets` and `wordSeconds`, read together.
    private(set) var words: [WordStarts] = []

    /// A summary's first words, where they start and their second bytes (`TitleSummary.wordBytes`,
    /// `wordOffsets`, `wordSeconds`).
    struct WordStarts {
        var bytes: UInt64
        var offsets: UInt64
        var seconds: UInt64
    }

    init() {}

    /// The columns of `summaries`, in slot order.
    init(_ summaries: [TitleSummary]) {
        bytes = summaries.map(\.bytes)
        boundaries = summaries.map(\.boundaries)
        pairs = summaries.map(\.pairs)
        lengths = summaries.map(\.length)
        words = summaries.map { WordStarts(bytes: $0.wordBytes, offsets: $0.wordOffsets, seconds: $0.wordSeconds) }
    }

    var count: Int { bytes.count }

    mutating func reserveCapacity(_ slots: Int) {
        bytes.reserveCapacity(slots)
        boundaries.reserveCapacity(slots)
        pairs.reserveCapacity(slots)
        lengths.reserveCapacity(slots)
        words.reserveCapacity(slots)
    }

    /// Adds the summary of a new slot at the end.
    mutating func append(_ summary: TitleSummary) {
        bytes.append(summary.bytes)
        boundaries.append(summary.boundaries)
        pairs.append(summary.pairs)
        lengths.append(summary.length)
        words.append(WordStarts(bytes: summary.wordBytes, offsets: summary.wordOffsets, seconds: summary.wordSeconds))
    }

    /// The summary of `slot`, whole.
    subscript(slot: Int) -> TitleSummary {
        var summary = TitleSummary(bytes: bytes[slot], boundaries: boundaries[slot], pairs: pairs[slot], length: lengths[slot])
        summary.wordBytes = words[slot].bytes
        summary.wordOffsets = words[slot].offsets
        summary.wordSeconds = words[slot].seconds
        return summary
    }

    /// Calls `body` with a pointer to each column's first element (nil for an empty column).
    func withPointers<Result>(_ body: (Pointers) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            boundaries.withUnsafeBufferPointer { boundaries in
                pairs.withUnsafeBufferPointer { pairs in
                    lengths.withUnsafeBufferPointer { lengths in
                        words.withUnsafeBufferPointer { words in
                            body(Pointers(bytes: bytes.baseAddress, boundaries: boundaries.baseAddress, pairs: pairs.baseAddress,
                                          lengths: lengths.baseAddress, words: words.baseAddress, count: bytes.count))
                        }
                    }
                }
            }
        }
    }

    /// The columns' elements, valid inside `withPointers` only.
    struct Pointers {
        let bytes: UnsafePointer<UInt64>?
        let boundaries: UnsafePointer<UInt64>?
        let pairs: UnsafePointer<UInt64>?
        let lengths: UnsafePointer<UInt32>?
        let words: UnsafePointer<WordStarts>?
        let count: Int
    }
}
