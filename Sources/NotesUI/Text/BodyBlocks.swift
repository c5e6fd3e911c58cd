import NotesModel

/// A note's body cut into blocks that can be wrapped one at a time: each paragraph (a
/// line of the text) is a block, and a very long paragraph is cut into pieces of about
/// `pieceBytes`. Where the cuts fall depends only on the bytes around them (after the
/// first space past each multiple of `pieceBytes`, when no line break is near), so the
/// blocks are the same whether they are found going forward or backward, and finding
/// one reads at most a few pieces' bytes: the read view of a 200 MB note never reads it
/// whole, nor decodes it: blocks are found in the bytes as the store holds them, JSON
/// escapes and all (see `BodyBytes`), and only a block that is wrapped is decoded. A
/// paragraph shorter than `pieceBytes` is never cut, so it wraps exactly as `TextWrap`
/// wraps the whole body.
struct BodyBlocks {
    /// About how long a piece of a long paragraph is.
    static let pieceBytes = 32_768
    /// How far past a multiple of `pieceBytes` a cut looks for a space.
    static let spaceWindow = 1024
    /// How far past a multiple of `pieceBytes` a cut may fall: just after a space found in
    /// `spaceWindow`, or else at the first boundary, at most one unit on.
    static let cutWindow = spaceWindow + BodyBytes.longestUnit

    /// The body as it is held: positions are offsets into its bytes, escapes and all.
    private(set) var bytes: BodyBytes
    private var cuts: [Int: Int?] = [:]

    init(_ bytes: BodyBytes) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    /// The block starting at `start`: where its text ends and where the next block
    /// starts (after the line break, or at a cut), nil when it is the last.
    mutating func block(at start: Int) -> (end: Int, next: Int?) {
        var index = start
        while index < count {
            let (byte, length) = bytes.unit(at: index)
            if byte == 0x0A { return (index, index + length) }
            if index > start, isCut(index) { return (index, index) }
            index += length
            // Up to the next place a cut may fall, only a line break can end the block.
            let quiet = min(quietEnd(from: index), count)
            if quiet > index { index = bytes.nextPossibleLineBreak(in: index..<quiet) }
        }
        return (count, nil)
    }

    /// The start of the block whose next block starts at `next` (`count` for the last
    /// block when the body does not end with a line break).
    mutating func blockStart(before next: Int) -> Int {
        let end = endsWithLineBreak(next) ? bytes.unitStart(before: next) : next
        var index = end
        while index > 0 {
            if endsWithLineBreak(index) { return index }
            if index < next, isCut(index) { return index }
            let passed = bytes.backOverText(from: index, to: quietStart(below: index))
            index = passed < index ? passed : bytes.unitStart(before: index)
        }
        return 0
    }

    /// The start of the block that holds the byte at `offset`, which may be any offset:
    /// one kept from another version of the body, or from the same text held the other
    /// way (plain, escaped), can fall inside an escape or a UTF-8 sequence.
    mutating func blockStart(around offset: Int) -> Int {
        let index = bytes.boundary(atOrAfter: offset)
        if index == 0 || endsWithLineBreak(index) || (index < count && isCut(index)) { return index }
        return blockStart(before: index)
    }

    /// The start of the last block.
    mutating func lastBlockStart() -> Int {
        if count == 0 || endsWithLineBreak(count) { return count }
        return blockStart(before: count)
    }

    /// Whether the unit just before `index` is a line break.
    private mutating func endsWithLineBreak(_ index: Int) -> Bool {
        index > 0 && bytes.unit(at: bytes.unitStart(before: index)).byte == 0x0A
    }

    /// The first offset at or after `index` where a cut may fall (a piece's window).
    private func quietEnd(from index: Int) -> Int {
        isInCutWindow(index) ? index : (index / Self.pieceBytes + 1) * Self.pieceBytes
    }

    /// The lowest offset such that no cut may fall from it up to `index` (`index` itself
    /// when a cut may fall there).
    private func quietStart(below index: Int) -> Int {
        let piece = index / Self.pieceBytes
        guard piece > 0 else { return 0 }
        let windowEnd = piece * Self.pieceBytes + Self.cutWindow
        return index > windowEnd ? windowEnd + 1 : index
    }

    /// Whether a cut may fall at `index`: in the window just past a multiple of `pieceBytes`.
    private func isInCutWindow(_ index: Int) -> Bool {
        let piece = index / Self.pieceBytes
        return piece > 0 && index - piece * Self.pieceBytes <= Self.cutWindow
    }

    /// Whether a long paragraph is cut at `index`.
    private mutating func isCut(_ index: Int) -> Bool {
        isInCutWindow(index) && cut(index / Self.pieceBytes) == index
    }

    /// The cut near `piece * pieceBytes`, if the paragraph there is long enough to be cut.
    private mutating func cut(_ piece: Int) -> Int? {
        if let known = cuts[piece] { return known }
        let found = findCut(piece)
        cuts[piece] = found
        return found
    }

    private mutating func findCut(_ piece: Int) -> Int? {
        let base = piece * Self.pieceBytes
        guard base < count else { return nil }
        var cut: Int?
        var index = base
        while index < min(count, base + Self.spaceWindow) {
            if bytes.source[index] == 0x20 { cut = index + 1; break }  // a space is never inside an escape
            index += 1
        }
        if cut == nil { cut = bytes.boundary(atOrAfter: base) }
        guard let cut, cut > 0, cut < count else { return nil }
        // A line break that ends within a piece before the cut may start up to 11 bytes
        // earlier (an escape: `\u000a` is 6 bytes): look from there, or a paragraph
        // shorter than a piece, after such an escape, would be cut.
        let low = max(0, cut - Self.pieceBytes - BodyBytes.longestUnit), high = min(count, cut + Self.pieceBytes)
        if bytes.containsLineBreak(in: low..<high) { return nil }
        return cut
    }
}
