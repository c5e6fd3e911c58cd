import Foundation

/// Tags written in a note's text, as nb, zk and Obsidian read them: `#name` at the start of
/// a line or after a blank or an opening bracket, where the name is letters, digits, `_`,
/// `-` and `/` and is not only digits (`#1` is an issue number, `# Title` a heading).
/// Nothing inside fenced code blocks or `inline code` is a tag. The text is left as it is.
public enum InlineTags {
    public static func find(in body: String) -> [String] {
        var tags: [String] = []
        var inFence = false
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence || line.hasPrefix("    ") || line.hasPrefix("\t") { continue }
            tags += find(inLine: line)
        }
        return tags
    }

    private static func find(inLine line: Substring) -> [String] {
        var tags: [String] = []
        var inCode = false
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "`" { inCode.toggle() }
            if !inCode, character == "#", previous.isWhitespace || "([{,".contains(previous) {
                var end = line.index(after: index)
                while end < line.endIndex, isTagCharacter(line[end]) { end = line.index(after: end) }
                var name = line[line.index(after: index)..<end]
                while let last = name.last, "-/".contains(last) { name = name.dropLast() }
                if !name.isEmpty, !name.allSatisfy(\.isNumber) {
                    tags.append(String(name))
                    previous = line[line.index(before: end)]
                    index = end
                    continue
                }
            }
            previous = character
            index = line.index(after: index)
        }
        return tags
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "/"
    }
}
