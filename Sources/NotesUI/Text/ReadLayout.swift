import NotesModel
import NotesTerminal

/// The read view's wrapped body, found block by block (see `BodyBlocks`, `ReadPosition`):
/// every move wraps only the blocks it passes or shows, so a key costs what it shows,
/// not the note's length. Use it through `ReadLayout.with`.
struct ReadLayout {
    private var blocks: BodyBlocks
    let width: Int
    private let key: WrappedBodyCache.Key
    private let cache: WrappedBodyCache
    /// How many body bytes this layout wrapped (blocks found in the cache not counted):
    /// what the bound tests count.
    private(set) var wrappedBytes = 0
    /// The folder and buffer `blockContains` reuses from block to block.
    private var folder = SearchFolder()
    private var folded: [UInt8] = []

    /// Runs `use` with the layout of `note` at `width` columns.
    static func with<Result>(_ note: Note, width: Int, cache: WrappedBodyCache = .shared,
                             _ use: (inout ReadLayout) -> Result) -> Result {
        let key = WrappedBodyCache.Key(note, width: max(1, width))
        return note.withBodyBytes { bytes in
            var layout = ReadLayout(bytes: bytes, width: max(1, width), key: key, cache: cache)
            return use(&layout)
        }
    }

    /// The layout of the body held as `bytes` (valid while they are), kept in `cache` as `key`.
    init(bytes: BodyBytes, width: Int, key: WrappedBodyCache.Key, cache: WrappedBodyCache) {
        (blocks, self.width, self.key, self.cache) = (BodyBlocks(bytes), width, key, cache)
    }

    /// The length of the body's bytes as held (see `BodyBytes`).
    var byteCount: Int { blocks.count }

    /// The block starting at `start`, wrapped.
    mutating func block(at start: Int) -> WrappedBodyCache.Block {
        var blocks = self.blocks
        var wrapped = 0
        let block = cache.block(at: start, key: key) {
            let (end, next) = blocks.block(at: start)
            wrapped = end - start
            let text = blocks.bytes.decoded(start..<end)
            return .init(lines: TextWrap.lines(text, width: width), next: next)
        }
        self.blocks = blocks
        wrappedBytes += wrapped
        return block
    }

    /// `position` at the start of its block (it may have been kept from another version
    /// or holding of the body) with its line inside the block (a narrower width may have
    /// left it past the end).
    mutating func clamped(_ position: ReadPosition) -> ReadPosition {
        let start = blocks.blockStart(around: min(max(0, position.block), blocks.count))
        let lines = block(at: start).lines.count
        return ReadPosition(block: start, line: min(max(0, position.line), lines - 1))
    }

    /// Up to `count` lines from `position` on, each with its position.
    mutating func lines(from position: ReadPosition, count: Int) -> [(position: ReadPosition, text: String)] {
        var result: [(position: ReadPosition, text: String)] = []
        var start = position.block
        var line = position.line
        while result.count < count {
            let block = block(at: start)
            while line < block.lines.count, result.count < count {
                result.append((ReadPosition(block: start, line: line), block.lines[line]))
                line += 1
            }
            guard let next = block.next else { break }
            (start, line) = (next, 0)
        }
        return result
    }

    /// The position `count` lines after `position`, stopping at the last line.
    mutating func forward(_ position: ReadPosition, by count: Int) -> ReadPosition {
        var position = clamped(position)
        var left = count
        while left > 0 {
            let block = block(at: position.block)
            let room = block.lines.count - 1 - position.line
            if left <= room { return ReadPosition(block: position.block, line: position.line + left) }
            guard let next = block.next else { return ReadPosition(block: position.block, line: block.lines.count - 1) }
            left -= room + 1
            position = ReadPosition(block: next, line: 0)
        }
        return position
    }

    /// The position `count` lines before `position`, stopping at the top.
    mutating func backward(_ position: ReadPosition, by count: Int) -> ReadPosition {
        var position = position
        var left = count
        while left > position.line {
            guard position.block > 0 else { return .top }
            left -= position.line + 1
            let start = blocks.blockStart(before: position.block)
            position = ReadPosition(block: start, line: block(at: start).lines.count - 1)
        }
        return ReadPosition(block: position.block, line: position.line - left)
    }

    /// The last line of the body.
    mutating func lastLine() -> ReadPosition {
        let start = blocks.lastBlockStart()
        return ReadPosition(block: start, line: block(at: start).lines.count - 1)
    }

    /// The top that shows the last line at the bottom of `rows` rows (the top of the body when it is shorter).
    mutating func endTop(rows: Int) -> ReadPosition {
        backward(lastLine(), by: max(0, rows - 1))
    }

    /// `top`, moved up when it would leave rows empty below the last line.
    mutating func clampedTop(_ top: ReadPosition, rows: Int) -> ReadPosition {
        let top = clamped(top)
        if rows <= 0 || lines(from: top, count: rows).count == rows { return top }
        return min(top, endTop(rows: rows))
    }

    /// The start of the block before the one at `start` (nil at the first).
    mutating func blockBefore(_ start: Int) -> Int? {
        start > 0 ? blocks.blockStart(before: start) : nil
    }

    /// The start of the last block.
    mutating func lastBlockStart() -> Int { blocks.lastBlockStart() }
}

extension ReadLayout {
    /// The start of the block after the one at `start` (nil after the last), without wrapping it.
    mutating func blockAfter(_ start: Int) -> Int? { blocks.block(at: start).next }
}

extension ReadLayout {
    /// Whether one of `patterns` occurs in the block at `start`, folded as search folds
    /// (`SearchFolder`), without wrapping it.
    mutating func blockContains(_ patterns: [[UInt8]], at start: Int) -> Bool {
        folded.removeAll(keepingCapacity: true)
        let end = blocks.block(at: start).end
        let bytes = blocks.bytes
        bytes.withDecoded(start..<end) { folder.append(utf8: $0, to: &folded) }
        return folded.withUnsafeBufferPointer { text in
            patterns.contains { !$0.isEmpty && SearchQuery.contains($0, in: text) }
        }
    }
}
