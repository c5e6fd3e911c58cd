/// Tells, line by line, which lines of a body are code (fenced or indented blocks, the
/// fences included) as CommonMark reads them, closely enough for finding links: an
/// indented line is code after a blank line unless a list is open (then it continues an item).
struct CodeBlocks {
    /// The fence character and length of the fenced block the lines are in.
    private var fence: (byte: UInt8, count: Int)?
    private var previousBlank = true
    private var inIndentedCode = false
    private var listOpen = false

    /// Whether `line` (without its `\n`) is text that may hold links; advances the state.
    mutating func isText(line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (indent, first) = Self.indentation(line, in: bytes)
        let blank = first == line.upperBound || (bytes[first] == 0x0D && first + 1 == line.upperBound)
        if let open = fence {
            if indent < 4, let run = Self.fenceRun(from: first, in: bytes, line: line), run.byte == open.byte,
               run.count >= open.count, Self.isBlank(run.end..<line.upperBound, in: bytes) {
                fence = nil
                previousBlank = false
            }
            return false
        }
        defer { previousBlank = blank }
        if blank { return false }
        if indent >= 4, (previousBlank || inIndentedCode), !listOpen {
            inIndentedCode = true
            return false
        }
        inIndentedCode = false
        if indent < 4, let run = Self.fenceRun(from: first, in: bytes, line: line), run.count >= 3,
           !(run.byte == UInt8(ascii: "`") && (run.end..<line.upperBound).contains { bytes[$0] == UInt8(ascii: "`") }) {
            fence = (run.byte, run.count)
            return false
        }
        if Self.startsListItem(first, in: bytes, line: line) {
            listOpen = true
        } else if indent == 0, previousBlank {
            listOpen = false
        }
        return true
    }

    /// How many columns of spaces and tabs start `line` (a tab to the next multiple of 4), and where its text starts.
    private static func indentation(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var columns = 0, index = line.lowerBound
        while index < line.upperBound {
            if bytes[index] == 0x20 { columns += 1 } else if bytes[index] == 0x09 { columns += 4 - columns % 4 } else { break }
            index += 1
        }
        return (columns, index)
    }

    private static func isBlank(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }
    }

    /// The run of backticks or tildes at `start`, if the line starts with one.
    private static func fenceRun(from start: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                 line: Range<Int>) -> (byte: UInt8, count: Int, end: Int)? {
        guard start < line.upperBound, bytes[start] == UInt8(ascii: "`") || bytes[start] == UInt8(ascii: "~") else { return nil }
        var end = start
        while end < line.upperBound, bytes[end] == bytes[start] { end += 1 }
        return (bytes[start], end - start, end)
    }

    /// Whether the text at `start` begins a list item: `-`, `*`, `+` or digits and `.`/`)`, then a space.
    private static func startsListItem(_ start: Int, in bytes: UnsafeBufferPointer<UInt8>, line: Range<Int>) -> Bool {
        var index = start
        if "-*+".utf8.contains(bytes[index]) {
            index += 1
        } else {
            while index < line.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > start, index < line.upperBound, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else {
                return false
            }
            index += 1
        }
        return index == line.upperBound || bytes[index] == 0x20 || bytes[index] == 0x09
    }
}
