import NotesTerminal

/// Breaks text into lines of at most `width` columns: at spaces where it can, inside
/// a word when a word is longer than a line. Tabs become four spaces; a line ends at
/// LF and at CR LF (text from Windows).
///
/// It reads the text once, front to back, and stops as soon as it has `limit` lines:
/// showing the start of a long note costs what is shown, not the note's length.
public enum TextWrap {
    /// At most `limit` lines of `text` wrapped to `width`.
    public static func lines(_ text: String, width: Int, limit: Int = Int.max) -> [String] {
        guard width > 0, limit > 0 else { return [] }
        var wrapper = Wrapper(width: width, limit: limit)
        for character in text {
            if wrapper.isFull { break }
            switch character {
            case "\n", "\r\n": wrapper.endParagraph()  // CR LF is one Character in Swift
            case "\t": for _ in 0..<4 { wrapper.add(" ", columns: 1) }
            default: wrapper.add(character, columns: DisplayWidth.of(character))
            }
        }
        if !wrapper.isFull { wrapper.endParagraph() }
        return Array(wrapper.result.prefix(limit))
    }

    /// The lines so far, the line being filled and the word being read.
    private struct Wrapper {
        let width: Int
        let limit: Int
        var result: [String] = []
        var line = ""
        var lineWidth = 0
        var word = ""
        var wordWidth = 0

        init(width: Int, limit: Int) {
            self.width = width
            self.limit = limit
        }

        var isFull: Bool { result.count >= limit }

        mutating func add(_ character: Character, columns: Int) {
            if character == " " { flushWord() }
            if wordWidth + columns > width {
                flushWord()
                if lineWidth + columns > width {
                    result.append(line)
                    line = ""
                    lineWidth = 0
                }
            }
            word.append(character)
            wordWidth += columns
        }

        mutating func endParagraph() {
            flushWord()
            result.append(line)
            line = ""
            lineWidth = 0
        }

        private mutating func flushWord() {
            if lineWidth > 0, lineWidth + wordWidth > width {
                result.append(line)
                line = ""
                lineWidth = 0
                while word.first == " " {
                    word.removeFirst()
                    wordWidth -= 1
                }
            }
            line += word
            lineWidth += wordWidth
            word = ""
            wordWidth = 0
        }
    }
}
