import NotesCore

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
