import Testing
import NotesColor
import NotesTerminal

/// Compares `buffer`'s rows from `first` on (every row when `first` is nil) with literal
/// `expected` lines; on a mismatch the test fails with `BufferDifference.report`: for each
/// differing row, the first differing column, the expected and actual characters, the
/// actual cell's style, and both lines whole.
func expectLines(_ buffer: ScreenBuffer?, from first: Int? = nil, _ expected: [String],
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard let buffer else {
        Issue.record("no screen was drawn", sourceLocation: sourceLocation)
        return
    }
    if let report = BufferDifference.report(buffer, from: first, expected: expected) {
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    }
}

/// A cell-by-cell difference between a screen buffer and the lines it should show
/// (ratatui's `assert_buffer_eq`): where a row first differs, not just that it does.
enum BufferDifference {
    /// Nil when rows `first...` of `buffer` (all of them when `first` is nil) read
    /// `expected`; else one entry per differing row (at most `limit`, then a count of the rest).
    static func report(_ buffer: ScreenBuffer, from start: Int? = nil, expected: [String], limit: Int = 5) -> String? {
        var entries: [String] = []
        let height = buffer.size.height, first = start ?? 0
        if start == nil, expected.count != height {
            entries.append("expected \(expected.count) rows; the buffer has \(height)")
        } else if first < 0 || first + expected.count > height {
            entries.append("expected \(expected.count) rows from row \(first); the buffer has rows 0..<\(height)")
        }
        var differing = 0
        for (offset, line) in expected.enumerated() {
            let y = first + offset
            guard y >= 0, y < height, buffer.line(y) != line else { continue }
            differing += 1
            if differing <= limit { entries.append(row(y, of: buffer, expected: line)) }
        }
        if differing > limit { entries.append("… and \(differing - limit) more differing rows") }
        return entries.isEmpty ? nil : "The screen differs:\n" + entries.joined(separator: "\n")
    }

    /// Row `y`'s first difference from `expected`: its column (in cells), the characters and style.
    static func row(_ y: Int, of buffer: ScreenBuffer, expected: String) -> String {
        let columns = (0..<buffer.size.width).filter { !buffer[$0, y].isContinuation }
        let characters = Array(expected)
        var index = 0
        while index < columns.count, index < characters.count, buffer[columns[index], y].text == String(characters[index]) {
            index += 1
        }
        let column = index < columns.count ? columns[index] : buffer.size.width
        let wanted = index < characters.count ? quoted(String(characters[index])) : "the end of the line"
        let got = index < columns.count
            ? "\(quoted(buffer[column, y].text)) styled \(describe(buffer[column, y].style))"
            : "the end of the line"
        return """
          row \(y), column \(column): expected \(wanted), got \(got)
            expected: \(quoted(expected))
            actual:   \(quoted(buffer.line(y)))
        """
    }

    /// A style in a few words: `plain`, or its colors and attributes (`fg #3A7BD5 bg #000000 bold`).
    static func describe(_ style: CellStyle) -> String {
        var words: [String] = []
        if let foreground = style.foreground { words.append("fg \(hex(foreground))") }
        if let background = style.background { words.append("bg \(hex(background))") }
        if style.bold { words.append("bold") }
        if style.reverse { words.append("reverse") }
        if style.underline { words.append("underline") }
        if style.dim { words.append("dim") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    static func hex(_ color: RGB8) -> String {
        "#" + [color.red, color.green, color.blue].map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
    }
}
