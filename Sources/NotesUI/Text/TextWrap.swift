/// Breaks text into lines of at most `width` columns: at spaces where it can, inside
/// a word when a word is longer than a line. Tabs become four spaces.
public enum TextWrap {
    /// At most `limit` lines of `text` wrapped to `width`.
    public static func lines(_ text: String, width: Int, limit: Int = Int.max) -> [String] {
        guard width > 0, limit > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            wrap(paragraph.replacingOccurrences(of: "\t", with: "    "), width: width, into: &result, limit: limit)
            if result.count >= limit { break }
        }
        return Array(result.prefix(limit))
    }

    private static func wrap(_ paragraph: String, width: Int, into result: inout [String], limit: Int) {
        var line = ""
        var lineWidth = 0
        var word = ""
        var wordWidth = 0
        func flushWord() {
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
        for character in paragraph {
            if result.count >= limit { return }
            let columns = DisplayWidth.of(character)
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
        flushWord()
        result.append(line)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
