import NotesModel

/// `/` in the read view: a text looked for inside the open note, like `/` in `less` or
/// vim: the whole text is one phrase, folded like the filter (case, accents, Unicode
/// forms). Matches are found in the wrapped lines the view shows (a phrase cut by a
/// line wrap is not found). Only one match is known at a time: `n`/`N` look from it
/// through the body's bytes block by block (see `BodyBlocks`), folding each and wrapping
/// only a block where the phrase occurs, so finding costs the bytes passed, and a long
/// note is never wrapped whole.
public struct ReadSearch: Equatable, Sendable {
    /// One occurrence: a wrapped line and the characters it covers there.
    public struct Match: Equatable, Sendable, Comparable {
        public var position: ReadPosition
        public var characters: Range<Int>

        public static func < (left: Match, right: Match) -> Bool {
            (left.position, left.characters.lowerBound) < (right.position, right.characters.lowerBound)
        }
    }

    /// The text being typed; nil once submitted.
    public var field: TextField?
    /// The text searched for.
    public var text: String
    /// The match `n`/`N` are at (nil when none was found).
    public internal(set) var currentMatch: Match?
    /// Which match the current one is, counted from the top, and how many the note
    /// holds; nil when the body is longer than `countedBodyBytes` (counting would cost
    /// the whole body, not what the view shows).
    public internal(set) var matchNumber: (number: Int, count: Int)? {
        get { counted.map { ($0.number, $0.count) } }
        set { counted = newValue.map { Counted(number: $0.number, count: $0.count) } }
    }
    /// How far down the body the current match is, in percent of its bytes.
    public internal(set) var percent: Int?
    private var counted: Counted?

    private struct Counted: Equatable, Sendable {
        var number: Int
        var count: Int
    }

    /// The longest body whose matches are all counted for "match 2 of 4".
    static let countedBodyBytes = 1 << 20

    /// A search being typed.
    public init() {
        field = TextField()
        text = ""
    }

    /// A submitted search for `text`, not yet at a match.
    init(text: String) {
        self.text = text
    }

    /// The folded pattern of the text (none when it folds to nothing).
    public var patterns: [[UInt8]] { Self.patterns(for: field?.text ?? text) }

    static func patterns(for text: String) -> [[UInt8]] {
        let pattern = SearchFolding.fold(text)
        return pattern.isEmpty ? [] : [pattern]
    }

    /// What the status line says while a search is at a match: `match 2 of 4 · 40%`
    /// (without the count in a body too long to count), then the keys.
    public var statusText: String {
        var parts = ["/" + text]
        switch (matchNumber, percent) {
        case let ((number, count)?, percent?): parts.append("match \(number) of \(count) · \(percent)%")
        case let (nil, percent?): parts.append("match at \(percent)%")
        case let ((number, count)?, nil): parts.append("match \(number) of \(count)")
        case (nil, nil): break
        }
        parts.append("n next  N previous  Esc clear")
        return parts.joined(separator: "  ")
    }

    /// Makes `match` the current one, and counts where it is among all (see
    /// `matchNumber`) and how far down the body (`percent`).
    mutating func place(at match: Match?, in layout: inout ReadLayout) {
        currentMatch = match
        guard let match else {
            (matchNumber, percent) = (nil, nil)
            return
        }
        percent = layout.byteCount == 0 ? 0 : min(100, match.position.block * 100 / layout.byteCount)
        matchNumber = Self.number(of: match, patterns: patterns, in: &layout)
    }

    /// Which match `match` is and how many there are, when the body is short enough to count.
    static func number(of match: Match, patterns: [[UInt8]], in layout: inout ReadLayout) -> (number: Int, count: Int)? {
        guard layout.byteCount <= countedBodyBytes else { return nil }
        var count = 0, before = 0
        var block: Int? = 0
        while let start = block {
            let found = matches(inBlock: start, patterns: patterns, in: &layout)
            count += found.count
            before += found.filter { $0 < match }.count
            block = layout.blockAfter(start)
        }
        return count == 0 ? nil : (before + 1, count)
    }

    /// The first match at or after `position`, going round to the top; and whether it went round.
    /// Going round ends at the block `position` is in, even if it was kept from another
    /// version of the body (see `ReadLayout.clamped`).
    static func first(from position: ReadPosition, patterns: [[UInt8]],
                      in layout: inout ReadLayout) -> (match: Match, wentRound: Bool)? {
        let position = layout.clamped(position)
        let start = position.block
        var block = start
        var wentRound = false
        while true {
            let found = matches(inBlock: block, patterns: patterns, in: &layout)
            let shown = block == start && !wentRound ? found.filter { $0.position >= position } : found
            if let match = shown.first { return (match, wentRound) }
            if wentRound && block == start { return nil }
            if let next = layout.blockAfter(block) {
                block = next
            } else {
                block = 0
                wentRound = true
            }
        }
    }

    /// The match after (`forward`) or before `match`, going round at the ends; and whether it went round.
    /// `match` may have been found in another version of the body (another process changed
    /// it): going round ends at the block around it.
    static func step(from match: Match, forward: Bool, patterns: [[UInt8]],
                     in layout: inout ReadLayout) -> (match: Match, wentRound: Bool)? {
        let start = layout.clamped(match.position).block
        var block = start
        var wentRound = false
        var first = true
        while true {
            let found = matches(inBlock: block, patterns: patterns, in: &layout)
            let shown = first ? found.filter { forward ? $0 > match : $0 < match } : found
            if let next = forward ? shown.first : shown.last { return (next, wentRound) }
            if wentRound && block == start { return nil }
            first = false
            if let next = forward ? layout.blockAfter(block) : layout.blockBefore(block) {
                block = next
            } else {
                block = forward ? 0 : layout.lastBlockStart()
                wentRound = true
            }
        }
    }

    /// The matches in the block at `start`: none unless its folded bytes hold a pattern,
    /// else found in its wrapped lines.
    static func matches(inBlock start: Int, patterns: [[UInt8]], in layout: inout ReadLayout) -> [Match] {
        guard layout.blockContains(patterns, at: start) else { return [] }
        var result: [Match] = []
        for (number, line) in layout.block(at: start).lines.enumerated() {
            for range in SearchHighlight.characterRanges(in: line, patterns: patterns) {
                result.append(Match(position: ReadPosition(block: start, line: number), characters: range))
            }
        }
        return result
    }
}
