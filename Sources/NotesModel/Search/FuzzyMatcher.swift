/// Quick open's fuzzy rule, fzf's "v2" scoring simplified: every byte of the folded
/// query (`SearchFolding`) must occur in the folded text in order; a match scores
/// `scoreMatch` per byte, plus a bonus where it starts a word (at the start of the text,
/// after a blank, a delimiter such as `/-_.:` or other punctuation), twice that bonus for
/// the query's first byte, and a bonus for each byte that follows the previous match
/// directly; a gap between two matched bytes costs `gapStart`, then `gapExtension` a byte.
/// The best alignment is found by dynamic programming over the span that can hold the
/// match. The `/` filter's exact rule (`SearchQuery`) is a different rule and stays so.
///
/// One matcher is reused for many texts: it keeps its scratch rows between calls, so it
/// is not shared between threads (each thread makes its own).
public struct FuzzyMatcher: Sendable {
    public static let scoreMatch = 16
    public static let gapStart = -3
    public static let gapExtension = -1
    public static let bonusBoundaryWhite = 10
    public static let bonusBoundaryDelimiter = 9
    public static let bonusBoundary = 8
    public static let bonusConsecutive = 4
    public static let firstByteMultiplier = 2
    /// Longer queries are cut to this many folded bytes.
    public static let maximumQueryBytes = 64

    /// The folded query.
    public let query: [UInt8]
    private var scores: [Int32] = []
    private var previous: [Int32] = []
    /// For `positions(in:)`: per query byte and column of the span, the column the
    /// previous query byte matched at; then, last, the column where the best match ends.
    private var links: [Int32] = []

    public init(query: String) {
        self.query = Array(SearchFolding.fold(query).prefix(Self.maximumQueryBytes))
    }

    /// Whether the query is empty (everything matches, with score 0).
    public var isEmpty: Bool { query.isEmpty }

    /// The score of the best match of the query in `text` (folded bytes), nil when the
    /// query's bytes do not all occur in order.
    public mutating func score(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let span = span(in: text) else { return nil }
        return align(text, span: span, linking: false)
    }

    /// The byte offsets in `text` of the best match, in order; nil when there is none.
    public mutating func positions(in text: [UInt8]) -> [Int]? {
        text.withUnsafeBufferPointer { buffer -> [Int]? in
            guard let span = span(in: buffer) else { return nil }
            guard align(buffer, span: span, linking: true) != nil else { return nil }
            return backtrack(span: span)
        }
    }

    /// The characters of `title` the best match covers, as ranges of character offsets
    /// (what a list highlights); empty when the query does not match.
    public mutating func matchedCharacters(in title: String) -> [Range<Int>] {
        var folded: [UInt8] = [], owners: [Int] = []
        for (offset, character) in title.enumerated() {
            // A one-byte (ASCII) character folds alone; others go through the whole rule.
            if character.utf8.count == 1, let byte = character.utf8.first {
                folded.append(SearchFolding.foldASCII(byte))
                owners.append(offset)
                continue
            }
            let bytes = SearchFolding.fold(String(character))
            folded += bytes
            owners += repeatElement(offset, count: bytes.count)
        }
        guard !query.isEmpty, let positions = positions(in: folded) else { return [] }
        var ranges: [Range<Int>] = []
        for character in positions.map({ owners[$0] }) {
            if let last = ranges.last, character <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, character + 1)
            } else {
                ranges.append(character..<(character + 1))
            }
        }
        return ranges
    }

    /// Where an alignment can be: from the first occurrence of the query's first byte to
    /// the last occurrence of its last byte; nil when the query is not a subsequence.
    private func span(in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let last = query.last else { return 0..<0 }
        var index = 0, matched = 0, start = -1
        while index < text.count, matched < query.count {
            if text[index] == query[matched] {
                if matched == 0 { start = index }
                matched += 1
            }
            index += 1
        }
        guard matched == query.count else { return nil }
        var end = text.count - 1
        while end >= index, text[end] != last { end -= 1 }
        return start..<(end + 1)
    }

    /// The best score over `span`; `linking` fills `links` for `backtrack`.
    private mutating func align(_ text: UnsafeBufferPointer<UInt8>, span: Range<Int>, linking: Bool) -> Int? {
        if query.isEmpty { return 0 }
        let width = span.count, none = Int32.min / 2
        if scores.count < width { scores = [Int32](repeating: none, count: width); previous = scores }
        if linking { links = [Int32](repeating: -1, count: width * query.count) }
        for row in query.indices {
            (scores, previous) = (previous, scores)
            let wanted = query[row]
            var gapBest = none, gapColumn: Int32 = -1
            for column in 0..<width {
                // The best earlier match of the previous byte with at least one byte between.
                if row > 0, column >= 2 {
                    let opened = previous[column - 2] == none ? none : previous[column - 2] + Int32(Self.gapStart)
                    let extended = gapBest == none ? none : gapBest + Int32(Self.gapExtension)
                    if opened >= extended { gapBest = opened; gapColumn = Int32(column - 2) } else { gapBest = extended }
                }
                let at = span.lowerBound + column
                guard text[at] == wanted else { scores[column] = none; continue }
                let bonus = Int32(Self.bonus(text, at))
                if row == 0 {
                    scores[column] = Int32(Self.scoreMatch) + bonus * Int32(Self.firstByteMultiplier)
                    continue
                }
                let adjacent = column > 0 && previous[column - 1] != none
                    ? previous[column - 1] + max(bonus, Int32(Self.bonusConsecutive)) : none
                let gapped = gapBest == none ? none : gapBest + bonus
                guard adjacent != none || gapped != none else { scores[column] = none; continue }
                scores[column] = max(adjacent, gapped) + Int32(Self.scoreMatch)
                if linking { links[row * width + column] = adjacent >= gapped ? Int32(column - 1) : gapColumn }
            }
        }
        let best = scores.prefix(width).max() ?? none
        if linking, best != none, let end = scores.prefix(width).firstIndex(of: best) { links.append(Int32(end)) }
        return best == none ? nil : Int(best)
    }

    /// The offsets of the best match, from `links` (filled by `align`), last byte first.
    private func backtrack(span: Range<Int>) -> [Int]? {
        guard links.count == span.count * query.count + 1, let end = links.last else { return nil }
        let width = span.count
        var result = [Int](repeating: 0, count: query.count)
        var column = Int(end)
        for row in query.indices.reversed() {
            guard column >= 0 else { return nil }
            result[row] = span.lowerBound + column
            column = Int(links[row * width + column])
        }
        return result
    }

    /// The bonus of a match at `index`: a word's first byte after a blank, a delimiter or
    /// other punctuation (or at the start); a punctuation byte itself.
    static func bonus(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        bonus(ByteClass(text[index]), after: index == 0 ? .white : ByteClass(text[index - 1]))
    }

    /// The bonus of a match at a byte of class `current` after one of class `before`.
    static func bonus(_ current: ByteClass, after before: ByteClass) -> Int {
        switch current {
        case .word:
            switch before {
            case .white: return bonusBoundaryWhite
            case .delimiter: return bonusBoundaryDelimiter
            case .punctuation: return bonusBoundary
            case .word: return 0
            }
        case .white: return bonusBoundaryWhite
        case .delimiter, .punctuation: return bonusBoundary
        }
    }

    /// Whether `byte` belongs to a word (a letter, a digit or a byte of a non-ASCII
    /// character): a match at such a byte after another word byte gets no bonus.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        if case .word = ByteClass(byte) { return true }
        return false
    }

    enum ByteClass {
        case white, delimiter, punctuation, word

        init(_ byte: UInt8) {
            switch byte {
            case 0x20, 0x09: self = .white
            case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                self = .delimiter
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...: self = .word
            default: self = .punctuation
            }
        }
    }
}
