import Foundation
import NotesBase

/// The title zk shows for a note without a `title`: the first heading of the lowest level
/// (the first `# ` heading, else the first `## `, …), as plain text — zk takes the text
/// of the heading's Markdown, so `` # The `Hashable` protocol `` is `The Hashable protocol`.
enum ZkTitle {
    /// The heading zk takes as title, and the body without it when it is the body's first
    /// line (a heading further down stays where it is: nothing of the body is dropped).
    static func title(_ body: String) -> (title: String, body: String)? {
        var lines = LineReader(body)
        var best: (level: Int, text: String, first: Bool, rest: String)?
        var fence: Character?
        var fenceLength = 0
        var previous: String?  // the line before, when it may be a setext heading's text
        var nonBlankLines = 0
        while let line = lines.next() {
            let trimmed = line.drop { $0 == " " }
            let indented = line.count - trimmed.count >= 4
            let blank = trimmed.allSatisfy(\.isWhitespace)
            defer { if !blank { nonBlankLines += 1 } }
            if let open = fence {
                let run = trimmed.prefix { $0 == open }.count
                if run >= fenceLength, trimmed.dropFirst(run).allSatisfy(\.isWhitespace) { fence = nil }
                previous = nil
                continue
            }
            if !indented, let first = trimmed.first, first == "`" || first == "~", trimmed.prefix(while: { $0 == first }).count >= 3 {
                fence = first
                fenceLength = trimmed.prefix { $0 == first }.count
                previous = nil
                continue
            }
            var heading: (level: Int, text: String, first: Bool)?
            if !indented, let level = atxLevel(trimmed) {
                heading = (level, atxText(trimmed.dropFirst(level)), nonBlankLines == 0)
            } else if !indented, let above = previous, let level = setextLevel(trimmed) {
                heading = (level, above.trimmingCharacters(in: .whitespaces), nonBlankLines == 1)
            }
            if let heading, !heading.text.isEmpty, best.map({ heading.level < $0.level }) ?? true {
                best = (heading.level, heading.text, heading.first, lines.rest)
                if heading.level == 1 { break }
            }
            previous = blank || heading != nil ? nil : line
        }
        guard let best else { return nil }
        let text = plainText(best.text)
        guard !text.isEmpty else { return nil }
        guard best.first else { return (text, body) }
        var rest = LineReader(best.rest)
        var after = best.rest
        while let line = rest.next(), line.allSatisfy(\.isWhitespace) { after = rest.rest }
        return (text, after)
    }

    /// The level of an ATX heading (`## Title`), nil for any other line.
    private static func atxLevel(_ line: Substring) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let after = line.dropFirst(hashes)
        return after.isEmpty || after.first == " " || after.first == "\t" ? hashes : nil
    }

    /// An ATX heading's text, less its closing `#`s.
    private static func atxText(_ text: Substring) -> String {
        var content = Substring(text.trimmingCharacters(in: .whitespaces))
        if let closing = content.range(of: #"(^|\s)#+$"#, options: .regularExpression) { content = content[..<closing.lowerBound] }
        return content.trimmingCharacters(in: .whitespaces)
    }

    /// 1 for a `===` underline, 2 for `---`, nil for any other line.
    private static func setextLevel(_ line: Substring) -> Int? {
        let text = line.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0 == "=" }) { return 1 }
        if text.count >= 3, text.allSatisfy({ $0 == "-" }) { return 2 }
        return nil
    }

    /// Headings longer than this are titles as written: the plain-text pass looks ahead for
    /// closing brackets and backticks, which a hostile line of them would make quadratic.
    static let maximumPlainTextLength = 4096

    // Long because it is one pass with a switch over each inline Markdown construct, each arm a few lines.
    /// A heading's Markdown as the text goldmark gives zk: code spans without their
    /// backticks, links and images as their text, `*`/`_` emphasis and HTML tags dropped,
    /// backslash escapes resolved, autolinks as their address.
    static func plainText(_ markdown: String) -> String {
        let characters = Array(markdown)
        guard characters.count <= maximumPlainTextLength else { return markdown.trimmingCharacters(in: .whitespaces) }
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && (characters[index + 1].isPunctuation || characters[index + 1].isSymbol):
                output.append(characters[index + 1])
                index += 2
            case "`":
                let run = characters[index...].prefix { $0 == "`" }.count
                if let close = closingRun(characters, from: index + run, length: run) {
                    var code = String(characters[(index + run)..<close])
                    if code.count >= 2, code.hasPrefix(" "), code.hasSuffix(" "), !code.allSatisfy({ $0 == " " }) {
                        code = String(code.dropFirst().dropLast())
                    }
                    output += code
                    index = close + run
                } else {
                    output += String(repeating: "`", count: run)
                    index += run
                }
            case "!" where index + 1 < characters.count && characters[index + 1] == "[":
                index += 1  // an image: its alt text, read as a link's below
            case "[":
                if let close = matching(characters, from: index, open: "[", close: "]"), close + 1 < characters.count,
                   characters[close + 1] == "(", let end = matching(characters, from: close + 1, open: "(", close: ")") {
                    output += plainText(String(characters[(index + 1)..<close]))
                    index = end + 1
                } else {
                    output.append(character)
                    index += 1
                }
            case "<":
                if let close = characters[index...].firstIndex(of: ">"), close > index + 1 {
                    let inner = String(characters[(index + 1)..<close])
                    if inner.contains("://") || (inner.contains("@") && !inner.contains(" ")) { output += inner }  // an autolink
                    else if !(inner.first?.isLetter == true || inner.first == "/" || inner.first == "!") { output += "<" + inner + ">" }
                    index = close + 1
                } else {
                    output.append(character)
                    index += 1
                }
            case "*":
                index += 1  // emphasis, strong
            case "_":
                // Emphasis only at a word's edge: `snake_case` keeps its underscore.
                let before = index > 0 ? characters[index - 1] : " "
                let afterIndex = index + characters[index...].prefix { $0 == "_" }.count
                let after = afterIndex < characters.count ? characters[afterIndex] : " "
                if before.isLetter || before.isNumber, after.isLetter || after.isNumber {
                    output += String(characters[index..<afterIndex])
                }
                index = afterIndex
            default:
                output.append(character)
                index += 1
            }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }

    private static func closingRun(_ characters: [Character], from start: Int, length: Int) -> Int? {
        var index = start
        while index < characters.count {
            guard characters[index] == "`" else { index += 1; continue }
            let run = characters[index...].prefix { $0 == "`" }.count
            if run == length { return index }
            index += run
        }
        return nil
    }

    private static func matching(_ characters: [Character], from start: Int, open: Character, close: Character) -> Int? {
        var depth = 0
        for index in start..<characters.count {
            if characters[index] == open { depth += 1 }
            if characters[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
