/// The bytes one parse was fed, and where its lines fall in the whole body: cmark gives
/// 1-based lines and byte columns, this turns them into body offsets.
struct SourceText {
    /// The bytes parsed: a run of whole blocks of the body, maybe after a made-up fence line.
    let bytes: [UInt8]
    /// The body offset of `bytes[0]` (negative when a made-up fence line comes first).
    let base: Int
    /// The lowest body offset a line may claim: the start of the run of blocks.
    let floor: Int
    /// The index in `bytes` where each line starts.
    private let lineStarts: [Int]
    /// Where the bytes parsed were before their comments were taken out (nil: none were).
    private let comments: CommentFilter?

    init(bytes: [UInt8], base: Int, floor: Int, comments: CommentFilter? = nil) {
        self.bytes = bytes
        self.base = base
        self.floor = floor
        self.comments = comments
        var starts = [0]
        for index in bytes.indices where bytes[index] == 0x0A && index + 1 < bytes.count {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    /// The body byte range of source lines `first...last` (1-based), without the final line break.
    func range(lines first: Int, _ last: Int) -> Range<Int> {
        guard first >= 1, first <= lineStarts.count else { return end..<end }
        let lastLine = min(max(last, first), lineStarts.count)
        let start = lineStarts[first - 1]
        var stop = lastLine < lineStarts.count ? lineStarts[lastLine] : bytes.count
        if stop > start, bytes[stop - 1] == 0x0A { stop -= 1 }
        if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
        let upper = stop > start ? offset(stop - 1) + 1 : offset(start)
        return clamp(offset(start))..<clamp(max(upper, offset(start)))
    }

    /// The body offset just past the parsed bytes.
    var end: Int { base + (comments?.originalCount ?? bytes.count) }

    /// The body offset of `index` in `bytes`.
    private func offset(_ index: Int) -> Int {
        base + (comments?.original(index) ?? index)
    }

    /// The body offset of the character between a task's brackets, for the item whose
    /// marker starts at `line`, `column` (1-based, byte column): the first `[` after the
    /// marker that holds ` `, `x` or `X` and is closed by `]`.
    func taskBox(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
        var index = lineStarts[line - 1] + column - 1
        while index + 2 < lineEnd {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "]"),
               [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[index + 1]) {
                let box = offset(index + 1)
                return box >= floor ? box : nil
            }
            index += 1
        }
        return nil
    }

    private func clamp(_ offset: Int) -> Int { max(offset, floor) }
}
