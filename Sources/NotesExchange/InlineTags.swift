import Foundation

/// Tags written in a note's text, where Obsidian, Logseq, nb and zk make one: `#name` at
/// the start of a line or after a blank, where the name is letters, digits, `_`, `-` and
/// `/` and is not only digits (`#1` is an issue number, `# Title` a heading).
///
/// Not tags, because no tool makes one there: anything in fenced code, in an indented code
/// block (four spaces after a blank line, outside a list), in a code span, in an HTML tag
/// (`<p style="color: #ddd">`) or a `<style>`/`<script>` block or an HTML comment, in a
/// link's target (`[x](#faq)`), in an attribute list (`{#install}`, kramdown's `{: #id}`),
/// a hex color after a colon (`color: #ddd`), and a `#` inside a word or URL
/// (`https://x/#frag`). With `logseq`, `#[[two words]]` is the tag `two words` as well.
/// A zk notebook's rules (`Rules`, from `ZkNotebookConfig`) may turn `#tags` off and
/// `:colon:tags:` and `#multi word tags#` on. The text is left as it is.
public enum InlineTags {
    /// Which inline tags the source tool makes.
    public struct Rules: Equatable, Sendable {
        /// `#tag`.
        public var hashtags = true
        /// Logseq's `#[[two words]]`.
        public var logseqBrackets = false
        /// zk's boundaries and characters: a `#` or `:` starts a tag unless a tag character
        /// is right before it (`(#tag)` is one), and a name may hold `/ @ ' ~ - _ $ % & + = :`.
        public var zkBoundaries = false
        /// Bear's and zk's `#multi word tags#` (with `hashtags`).
        public var multiwordTags = false
        /// zk's `:tag1:tag2:` (vimwiki, Org mode).
        public var colonTags = false
        /// Org's `#+BEGIN_SRC` … `#+END_SRC` blocks (and every `#+BEGIN_`) hold no tags.
        public var orgBlocks = false

        public init() {}
    }

    public static func find(in body: String, logseq: Bool = false) -> [String] {
        var rules = Rules()
        rules.logseqBrackets = logseq
        return find(in: body, rules: rules)
    }

    public static func find(in body: String, rules: Rules) -> [String] {
        var tags: [String] = []
        var fence: Substring?  // the opening fence while inside fenced code
        var htmlBlockEnd: String?  // `</style>`, `</script>` or `-->` while inside one
        var previousBlank = true
        var inIndentedCode = false
        var inList = false
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let indent = line[..<trimmed.startIndex].reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            if let open = fence {
                if isFence(trimmed, closing: open) { fence = nil }
                continue
            }
            if let end = htmlBlockEnd {
                if line.range(of: end, options: .caseInsensitive) != nil { htmlBlockEnd = nil }
                continue
            }
            if trimmed.isEmpty {
                previousBlank = true
                continue
            }
            if indent >= 4, inIndentedCode || (previousBlank && !inList) {
                inIndentedCode = true
                previousBlank = false
                continue
            }
            inIndentedCode = false
            previousBlank = false
            if let marker = fenceMarker(trimmed) {
                fence = marker
                continue
            }
            if indent == 0 { inList = isListItem(trimmed) } else if isListItem(trimmed) { inList = true }
            if rules.orgBlocks, trimmed.lowercased().hasPrefix("#+begin_") {
                htmlBlockEnd = "#+end_"
                continue
            }
            if let end = htmlBlockOpening(trimmed), !trimmed.lowercased().contains(end) {
                htmlBlockEnd = end
                continue
            }
            tags += find(inLine: trimmed, rules: rules)
        }
        return tags
    }

    // MARK: Blocks

    /// "```" or "~~~" (3 or more) opening a fenced code block.
    private static func fenceMarker(_ line: Substring) -> Substring? {
        guard let first = line.first, first == "`" || first == "~" else { return nil }
        let run = line.prefix { $0 == first }
        guard run.count >= 3, first == "~" || !line.dropFirst(run.count).contains("`") else { return nil }
        return run
    }

    private static func isFence(_ line: Substring, closing open: Substring) -> Bool {
        guard let first = open.first else { return false }
        let run = line.prefix { $0 == first }
        return run.count >= open.count && line.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func isListItem(_ line: Substring) -> Bool {
        if let first = line.first, "-*+".contains(first) { return line.dropFirst().first.map { $0 == " " || $0 == "\t" } ?? true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return false }
        let rest = line.dropFirst(digits.count)
        return (rest.first == "." || rest.first == ")") && (rest.dropFirst().first.map { $0 == " " } ?? true)
    }

    /// The text that ends an HTML block whose contents are never text: `<style>`, `<script>`, `<!--`.
    private static func htmlBlockOpening(_ line: Substring) -> String? {
        let lower = line.lowercased()
        if lower.hasPrefix("<style") { return "</style>" }
        if lower.hasPrefix("<script") { return "</script>" }
        if lower.hasPrefix("<!--") { return "-->" }
        return nil
    }

    // MARK: One line

    private static func find(inLine line: Substring, rules: Rules) -> [String] {
        var tags: [String] = []
        let characters = Array(line)
        // Every search below stops at what is known to be last, so a line is read in linear time.
        var spans = CodeSpans(characters)
        let lastAngle = characters.lastIndex(of: ">") ?? -1
        let lastBrackets = (characters.indices.dropFirst().last { characters[$0] == "]" && characters[$0 - 1] == "]" } ?? -1) - 1
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "`":
                // A code span: a run of backticks up to the same run; unclosed, the run is text.
                index = spans.end(at: index)
                continue
            case "<":
                // An HTML tag, a comment or an autolink (`<https://x/#y>`): up to its `>`.
                if index < lastAngle, characters[index + 1].isLetter || "/!".contains(characters[index + 1]),
                   let close = characters[(index + 1)...].firstIndex(of: ">") {
                    index = close + 1
                    continue
                }
            case "]" where index + 1 < characters.count && characters[index + 1] == "(":
                // A link's target (`[x](#faq)`, `![](a.png#w)`), up to its matching `)`.
                index = matching(characters, from: index + 1, open: "(", close: ")")
                continue
            case "{" where index + 1 < characters.count && ":#.".contains(characters[index + 1]):
                // An attribute list: `{#install}`, `{: #id .class}`, `{.note}`.
                index = matching(characters, from: index, open: "{", close: "}")
                continue
            case "#" where rules.zkBoundaries && (index == 0 || !isZkTagCharacter(characters[index - 1])):
                guard rules.hashtags else { break }
                let (name, end) = zkHashtag(characters, at: index, multiword: rules.multiwordTags)
                if let name, !isColorValue(ArraySlice(name), before: characters[..<index]) { tags.append(name) }
                index = max(end, index + 1)
                continue
            case ":" where rules.colonTags && (index == 0 || !isZkTagCharacter(characters[index - 1])):
                let (names, end) = colonTags(characters, at: index)
                tags += names
                index = max(end, index + 1)
                continue
            case "#" where !rules.zkBoundaries && rules.hashtags && (index == 0 || characters[index - 1].isWhitespace):
                let (name, end) = hashtag(characters, at: index, rules: rules, lastBrackets: lastBrackets)
                if let name { tags.append(name) }
                index = max(end, index + 1)
                continue
            default:
                break
            }
            index += 1
        }
        return tags
    }

    /// A `#tag` (or Logseq's `#[[a tag]]`) starting at `index`: its name, if it is a tag, and
    /// where reading goes on.
    private static func hashtag(_ characters: [Character], at index: Int, rules: Rules,
                                lastBrackets: Int) -> (name: String?, end: Int) {
        if rules.logseqBrackets, index + 3 <= lastBrackets, characters[index + 1] == "[", characters[index + 2] == "[",
           let close = findRun(characters, from: index + 3, of: "]", count: 2) {
            let name = String(characters[(index + 3)..<close]).trimmingCharacters(in: .whitespaces)
            return (!name.isEmpty && !name.contains("[") ? name : nil, close + 2)
        }
        var end = index + 1
        while end < characters.count, isTagCharacter(characters[end]) { end += 1 }
        var name = characters[(index + 1)..<end]
        while let last = name.last, "-/".contains(last) { name = name.dropLast() }
        if !name.isEmpty, !name.allSatisfy(\.isNumber), !isColorValue(name, before: characters[..<index]) {
            return (String(name), end)
        }
        return (nil, end)
    }

    /// `#ddd` or `#ff8800` after `color:`: a CSS value, not a tag.
    private static func isColorValue(_ name: ArraySlice<Character>, before: ArraySlice<Character>) -> Bool {
        guard [3, 4, 6, 8].contains(name.count), name.allSatisfy(\.isHexDigit) else { return false }
        return before.last { !$0.isWhitespace } == ":"
    }

    /// Where each backtick run's code span ends (CommonMark: a run closes at the next run of
    /// the same length), found with one cursor per length: linear in the line.
    private struct CodeSpans {
        private var runsByLength: [Int: [Int]] = [:]
        private var cursors: [Int: Int] = [:]
        private var lengthAt: [Int: Int] = [:]

        init(_ characters: [Character]) {
            var index = 0
            while index < characters.count {
                guard characters[index] == "`" else { index += 1; continue }
                let run = InlineTags.countRun(characters, from: index, of: "`")
                runsByLength[run, default: []].append(index)
                lengthAt[index] = run
                index += run
            }
        }

        /// The index after the span opened by the run at `start`, or after the run when unclosed.
        mutating func end(at start: Int) -> Int {
            guard let length = lengthAt[start], let starts = runsByLength[length] else { return start + 1 }
            var cursor = cursors[length, default: 0]
            while cursor < starts.count, starts[cursor] <= start { cursor += 1 }
            cursors[length] = cursor
            return cursor < starts.count ? starts[cursor] + length : start + length
        }
    }

    private static func countRun(_ characters: [Character], from start: Int, of character: Character) -> Int {
        var end = start
        while end < characters.count, characters[end] == character { end += 1 }
        return end - start
    }

    /// Where a run of exactly `count` of `character` starts, from `start`.
    private static func findRun(_ characters: [Character], from start: Int, of character: Character, count: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == character {
                let run = countRun(characters, from: index, of: character)
                if run == count || (character == "]" && run >= count) { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The index after the bracket matching the one at `start`; the end of the line if none.
    private static func matching(_ characters: [Character], from start: Int, open: Character, close: Character) -> Int {
        var depth = 0
        var index = start
        while index < characters.count {
            if characters[index] == open { depth += 1 }
            if characters[index] == close {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return characters.count
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "/"
            || (character.unicodeScalars.first?.properties.isEmojiPresentation ?? false)
    }
}
