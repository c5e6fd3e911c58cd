import NotesCore

/// `/` in the read view: a text looked for inside the open note, like `/` in `less` or
/// vim: the whole text is one phrase, folded like the filter (case, accents, Unicode
/// forms). Matches are found in the wrapped lines the view shows (a phrase cut by a
/// line wrap is not found); `n`/`N` step through them.
public struct ReadSearch: Equatable, Sendable {
    /// One occurrence: a body line and the characters it covers there.
    public struct Match: Equatable, Sendable {
        public var line: Int
        public var characters: Range<Int>
    }

    /// The text being typed; nil once submitted.
    public var field: TextField?
    /// The text searched for.
    public var text: String
    /// Every occurrence, in reading order (found when the text is submitted).
    public private(set) var matches: [Match] = []
    /// The match `n`/`N` are at.
    public private(set) var current = 0

    /// A search being typed.
    public init() {
        field = TextField()
        text = ""
    }

    /// A search for `text` in `lines`, at the first match from line `top` on (else the first).
    init(text: String, lines: [String], from top: Int) {
        self.text = text
        let patterns = Self.patterns(for: text)
        for (number, line) in lines.enumerated() {
            for range in SearchHighlight.characterRanges(in: line, patterns: patterns) {
                matches.append(Match(line: number, characters: range))
            }
        }
        current = matches.firstIndex { $0.line >= top } ?? 0
    }

    /// The folded pattern of the text (none when it folds to nothing).
    public var patterns: [[UInt8]] { Self.patterns(for: field?.text ?? text) }

    static func patterns(for text: String) -> [[UInt8]] {
        let pattern = SearchFolding.fold(text)
        return pattern.isEmpty ? [] : [pattern]
    }

    /// The current match, if any.
    public var currentMatch: Match? { matches.indices.contains(current) ? matches[current] : nil }

    /// Moves to the next (`by: 1`) or previous (`by: -1`) match, going round at the ends.
    /// Returns whether it went round.
    mutating func step(by delta: Int) -> Bool {
        guard !matches.isEmpty else { return false }
        let next = current + delta
        current = (next + matches.count) % matches.count
        return next < 0 || next >= matches.count
    }
}
