/// How deeply a YAML front matter may nest, checked before Yams builds its tree: Yams
/// composes nodes recursively and overflows the stack at a few thousand levels.
///
/// The check reads the header's text once, line by line, and counts what opens a level:
/// each step of indentation, each compact `- ` or `? ` that starts a line's content, and
/// each `[` or `{` that opens a flow collection (outside quotes and comments). The count
/// is never below half the YAML depth (a block sequence may sit at its mapping's
/// indentation), so a header it accepts is far from the depth that overflows; front
/// matter nests two or three levels. Text that is not YAML is left to the real parse.
enum YAMLNestingLimit {
    /// Front matter nests two or three levels; this leaves room and keeps the stack safe.
    static let maxDepth = 64

    /// Throws, naming the line (the opening `---` being line 1) and column, where the count
    /// first goes over `maxDepth` in `header` (the lines between the fences); stops there.
    /// Adds the lines and the openings it read to `work`.
    static func check(_ header: String, work: inout Int) throws(FrontMatterError) {
        var scanner = Scanner()
        var lineIndex = 0
        for line in header.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            work += 1
            if let column = scanner.read(Array(line), work: &work) {
                throw FrontMatterError(line: lineIndex + 2,
                                       reason: "nested more than \(maxDepth) levels deep (column \(column))")
            }
            lineIndex += 1
        }
    }

    /// The state carried from line to line: open indentation steps, open flow collections,
    /// and the indentation of a block scalar (`|`, `>`) whose lines are text.
    private struct Scanner {
        var indents: [Int] = []
        var flowDepth = 0
        var blockScalarParent: Int?

        /// Reads one line; returns the 1-based column where the count goes over the limit.
        mutating func read(_ line: [UInt8], work: inout Int) -> Int? {
            let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
            let isBlank = indent == line.count || line[indent] == UInt8(ascii: "#")
                || line[indent...].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            if let parent = blockScalarParent {
                if isBlank || indent > parent { return nil }
                blockScalarParent = nil
            }
            if isBlank { return nil }
            if flowDepth == 0 {
                while let last = indents.last, last > indent { indents.removeLast() }
                if indents.last != indent { indents.append(indent) }
                if indents.count > YAMLNestingLimit.maxDepth { return indent + 1 }
            }
            return readContent(line, from: indent, work: &work)
        }

        /// Counts the compact indicators at the start, then the flow openings, of one line.
        private mutating func readContent(_ line: [UInt8], from start: Int, work: inout Int) -> Int? {
            var depth = indents.count
            var index = start
            var atNodeStart = true
            var quote: UInt8?
            while index < line.count {
                let byte = line[index]
                let next = index + 1 < line.count ? line[index + 1] : UInt8(ascii: " ")
                let nextIsBlank = next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\r")
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "#"), index == start || line[index - 1] == UInt8(ascii: " ") {
                    break
                } else if atNodeStart, flowDepth == 0, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?"), nextIsBlank {
                    work += 1
                    depth += 1
                    if depth > YAMLNestingLimit.maxDepth { return index + 1 }
                } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"), flowDepth > 0 || atNodeStart {
                    work += 1
                    flowDepth += 1
                    if depth + flowDepth > YAMLNestingLimit.maxDepth { return index + 1 }
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), flowDepth > 0 {
                    flowDepth -= 1
                } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\""), atNodeStart {
                    quote = byte
                } else if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">"), atNodeStart, flowDepth == 0 {
                    blockScalarParent = start
                    return nil
                }
                atNodeStart = Self.startsNode(after: byte, next: next, inFlow: flowDepth > 0, wasStart: atNodeStart)
                index += 1
            }
            return nil
        }

        /// Whether the byte after `byte` may start a node: after blanks that followed a node
        /// start, after `: `, `- `, `? `, and in a flow collection after `[`, `{` or `,`.
        private static func startsNode(after byte: UInt8, next: UInt8, inFlow: Bool, wasStart: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): wasStart
            case UInt8(ascii: "-"), UInt8(ascii: "?"): wasStart && (next == UInt8(ascii: " ") || next == UInt8(ascii: "\t"))
            case UInt8(ascii: ":"): next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || (inFlow && next != UInt8(ascii: ":"))
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","): inFlow || wasStart
            default: false
            }
        }
    }
}
