/// A place in the read view's wrapped body: the first byte of a block (see `BodyBlocks`)
/// and a wrapped line within it. Finding the lines there wraps that block only, so a
/// place deep in a 200 MB note costs no more than one near its start.
public struct ReadPosition: Hashable, Sendable, Comparable {
    /// The offset of the block's first byte in the body's bytes as held (see `BodyBytes`:
    /// the UTF-8 offset for a plain body, an offset into its JSON escapes otherwise).
    public var block: Int
    /// The wrapped line within the block.
    public var line: Int

    public init(block: Int, line: Int) {
        self.block = block
        self.line = line
    }

    /// The first line of the body.
    public static let top = ReadPosition(block: 0, line: 0)

    public static func < (left: ReadPosition, right: ReadPosition) -> Bool {
        (left.block, left.line) < (right.block, right.line)
    }
}
