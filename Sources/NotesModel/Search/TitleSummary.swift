/// What quick open knows of a folded title without reading it, 56 bytes a title: which
/// bytes it holds (`TitleMask`), which of them stand where `FuzzyMatcher` gives a bonus
/// (a word's start, a blank, punctuation), which byte pairs it holds (a 64-bit Bloom
/// filter: a pair whose bit is clear is surely absent), where its first words start, and
/// its length. `FuzzyBound` turns these into an upper bound of the title's score, so
/// that most titles are passed over unscored.
public struct TitleSummary: Equatable, Sendable {
    /// `TitleMask` of the title's bytes.
    public var bytes: UInt64
    /// `TitleMask` of the bytes at a place `FuzzyMatcher.bonus` gives a bonus.
    public var boundaries: UInt64
    /// One bit per byte pair present (`pairBit`).
    public var pairs: UInt64
    /// The first byte of each of the first 8 words (a word: letters, digits or non-ASCII
    /// bytes after any other byte or the start), one byte each, the first word lowest.
    public var wordBytes: UInt64 = 0
    /// Where those words start, one byte each (`noWord` past the last word); all
    /// `unknownWords` when the title has more than 8 words or one starting past 254.
    public var wordOffsets: UInt64 = unknownWords
    /// The byte right after each of those words' first byte (0 where the title ends), one
    /// byte each: whether a query's first two bytes can stand side by side at a word's start.
    public var wordSeconds: UInt64 = 0
    /// The folded title's length in bytes (at most `UInt32.max`).
    public var length: UInt32

    /// A `wordOffsets` byte for no word.
    public static let noWord: UInt8 = 0xFF
    /// `wordOffsets` of a title whose words are not all known.
    public static let unknownWords = UInt64.max
    /// How many words' starts are kept.
    public static let keptWords = 8

    public static let empty = TitleSummary(bytes: 0, boundaries: 0, pairs: 0, length: 0)

    public init(bytes: UInt64, boundaries: UInt64, pairs: UInt64, length: UInt32) {
        self.bytes = bytes
        self.boundaries = boundaries
        self.pairs = pairs
        self.length = length
    }

    /// The summary of a folded title.
    public init(_ title: UnsafeBufferPointer<UInt8>) {
        var bytes: UInt64 = 0, boundaries: UInt64 = 0, pairs: UInt64 = 0
        var words = WordStarts()
        var before: UInt8 = 0
        for index in title.indices {
            let byte = title[index]
            let bit = TitleMask.bit(byte)
            bytes |= bit
            if FuzzyMatcher.bonus(title, index) > 0 {
                boundaries |= bit
                if FuzzyMatcher.isWordByte(byte) { words.add(byte, at: index, next: index + 1 < title.count ? title[index + 1] : 0) }
            }
            if index > 0 { pairs |= Self.pairBit(before, byte) }
            before = byte
        }
        self.init(bytes: bytes, boundaries: boundaries, pairs: pairs, length: UInt32(clamping: title.count))
        (wordBytes, wordOffsets, wordSeconds) = words.packed
    }

    /// The summary of a folded title held in an array or a slice of one.
    public init<Bytes: Collection<UInt8>>(of title: Bytes) {
        let copy = Array(title)
        self = copy.withUnsafeBufferPointer { TitleSummary($0) }
    }

    /// The summary of a note known by several names (`QuickOpenNames`): what any of them
    /// holds, the first name's `length` (what ties between titles are broken by), and
    /// no word starts (they differ between names).
    public func merged(with other: TitleSummary) -> TitleSummary {
        TitleSummary(bytes: bytes | other.bytes, boundaries: boundaries | other.boundaries,
                     pairs: pairs | other.pairs, length: length)
    }

    /// The bit of the byte pair `first`, `second`.
    @inline(__always)
    public static func pairBit(_ first: UInt8, _ second: UInt8) -> UInt64 {
        let hash = (UInt32(first) &* 0x9E37_79B1) ^ (UInt32(second) &* 0x85EB_CA77)
        return 1 << UInt64(hash >> 26)
    }

    /// The first words' starts as they are gathered.
    private struct WordStarts {
        var bytes: UInt64 = 0
        var offsets: UInt64 = TitleSummary.unknownWords
        var seconds: UInt64 = 0
        var count = 0
        var complete = true

        mutating func add(_ byte: UInt8, at offset: Int, next: UInt8) {
            guard count < TitleSummary.keptWords, offset < Int(TitleSummary.noWord) else {
                complete = false
                return
            }
            let shift = UInt64(8 * count)
            bytes |= UInt64(byte) << shift
            seconds |= UInt64(next) << shift
            offsets = offsets & ~(0xFF << shift) | UInt64(offset) << shift
            count += 1
        }

        var packed: (UInt64, UInt64, UInt64) { complete && count > 0 ? (bytes, offsets, seconds) : (0, TitleSummary.unknownWords, 0) }
    }
}
