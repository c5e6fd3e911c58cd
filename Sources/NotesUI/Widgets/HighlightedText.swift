import NotesModel
import NotesTerminal

/// Writes text with the parts a search matched in `Theme.match` style (over the
/// text's own style), so a user sees why a note was found.
enum HighlightedText {
    /// Like `ScreenBuffer.write`, with the matches of `patterns` highlighted. Returns the columns used.
    @discardableResult
    static func write(_ text: String, patterns: [[UInt8]], in buffer: inout ScreenBuffer, x: Int, y: Int,
                      style: CellStyle = .plain, limit: Int) -> Int {
        guard !patterns.isEmpty else { return buffer.write(text, x: x, y: y, style: style, limit: limit) }
        return write(SearchHighlight.segments(of: text, patterns: patterns), in: &buffer, x: x, y: y, style: style, limit: limit)
    }

    /// Like `write(_:patterns:…)`, with given character ranges highlighted.
    @discardableResult
    static func write(_ text: String, ranges: [Range<Int>], in buffer: inout ScreenBuffer, x: Int, y: Int,
                      style: CellStyle = .plain, limit: Int) -> Int {
        write(SearchHighlight.segments(of: text, ranges: ranges), in: &buffer, x: x, y: y, style: style, limit: limit)
    }

    private static func write(_ segments: [(text: Substring, isMatch: Bool)], in buffer: inout ScreenBuffer, x: Int, y: Int,
                              style: CellStyle, limit: Int) -> Int {
        var used = 0
        for segment in segments where used < limit {
            used += buffer.write(segment.text, x: x + used, y: y, style: segment.isMatch ? Theme.match(over: style) : style,
                                 limit: limit - used)
        }
        return used
    }
}
