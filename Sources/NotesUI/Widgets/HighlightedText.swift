import NotesCore

/// Writes text with the parts a search matched in `Theme.match` style (over the
/// text's own style), so a user sees why a note was found.
enum HighlightedText {
    /// Like `ScreenBuffer.write`, with the matches of `patterns` highlighted. Returns the columns used.
    @discardableResult
    static func write(_ text: String, patterns: [[UInt8]], in buffer: inout ScreenBuffer, x: Int, y: Int,
                      style: CellStyle = .plain, limit: Int) -> Int {
        guard !patterns.isEmpty else { return buffer.write(text, x: x, y: y, style: style, limit: limit) }
        var used = 0
        for segment in SearchHighlight.segments(of: text, patterns: patterns) where used < limit {
            used += buffer.write(segment.text, x: x + used, y: y, style: segment.isMatch ? Theme.match(over: style) : style,
                                 limit: limit - used)
        }
        return used
    }
}
