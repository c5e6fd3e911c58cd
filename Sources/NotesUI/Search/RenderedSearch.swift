import NotesMarkdown
import NotesModel

/// `/`, `n`/`N` in the rendered read view: the rendered lines' text is searched, folded
/// like the filter, so a match is found where the reader sees it: inside `**bold**`
/// without its asterisks, in a table cell between its `│`, on the line a paragraph wraps
/// to. A match is a rendered line (`ReadPosition(block: 0, line:)`, as the rendered view
/// scrolls) and the characters it covers there. A phrase cut by a wrap is not found, as in
/// the raw view. What is searched is a body of at most `RenderedBody.longestRendered` bytes
/// or a long body's window (`AppUpdate+LongSearch` looks past it), so finding the matches
/// of a key costs that text, with no store or file touched.
enum RenderedSearch {
    /// Every match in the rendering, top to bottom.
    static func matches(in rendering: MarkdownRendering, patterns: [[UInt8]]) -> [ReadSearch.Match] {
        var result: [ReadSearch.Match] = []
        for (number, line) in rendering.lines.enumerated() {
            for range in SearchHighlight.characterRanges(in: line.text, patterns: patterns) {
                result.append(ReadSearch.Match(position: ReadPosition(block: 0, line: number), characters: range))
            }
        }
        return result
    }

    /// The first match on or after `line`, going round to the top; and whether it went round.
    static func first(from line: Int, in matches: [ReadSearch.Match]) -> (match: ReadSearch.Match, wentRound: Bool)? {
        if let found = matches.first(where: { $0.position.line >= line }) { return (found, false) }
        return matches.first.map { ($0, true) }
    }

    /// The match after (`forward`) or before `current`, going round at the ends.
    static func step(from current: ReadSearch.Match, forward: Bool,
                     in matches: [ReadSearch.Match]) -> (match: ReadSearch.Match, wentRound: Bool)? {
        if forward {
            if let next = matches.first(where: { $0 > current }) { return (next, false) }
            return matches.first.map { ($0, true) }
        }
        if let previous = matches.last(where: { $0 < current }) { return (previous, false) }
        return matches.last.map { ($0, true) }
    }
}

extension ReadSearch {
    /// Makes `match`, one of `matches` in a rendering of `lineCount` lines, the current one:
    /// `match k of n`, and how far down in percent of the lines.
    mutating func place(at match: Match?, among matches: [Match], lineCount: Int) {
        currentMatch = match
        guard let match else {
            (matchNumber, percent) = (nil, nil)
            return
        }
        percent = lineCount == 0 ? 0 : min(100, match.position.line * 100 / lineCount)
        matchNumber = (matches.filter { $0 < match }.count + 1, matches.count)
    }
}
