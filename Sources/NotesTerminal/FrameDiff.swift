/// What to write to the terminal to turn the previous frame into the next one: a pure
/// function of the two buffers (ratatui's `Buffer::diff`), with one rule per quirk of
/// wide characters, each tested on its own (`FrameDiffTests`).
///
/// - A cell equal to the one before is not written.
/// - A changed cell is written (`.cell`); a changed cell that is the right half of a
///   wide character has nothing of its own to write, but whatever the terminal layer
///   drew there before — a cluster it writes itself, see `ClusterOverlays` — is gone
///   (`.covered`).
/// - A cell that was the right half of a wide character and is not any more: the column
///   to its left is written again first (the cell there, or the left half of a new wide
///   character), because the old wide character covered it.
/// - Without a previous frame every cell is written.
enum FrameDiff {
    /// One thing to write, at a column and row.
    enum Write: Equatable {
        /// Write the cell at (x, y) as the new frame has it.
        case cell(x: Int, y: Int)
        /// (x, y) is now the right half of the wide character to its left: nothing to
        /// write, but nothing drawn there before may stay.
        case covered(x: Int, y: Int)
    }

    /// The writes, row by row, left to right, for the first `width` × `height` cells.
    static func writes(from old: ScreenBuffer?, to new: ScreenBuffer, width: Int, height: Int) -> [Write] {
        var writes: [Write] = []
        let width = min(width, new.size.width), height = min(height, new.size.height)
        let old = old?.size == new.size ? old : nil
        for y in 0..<height {
            for x in 0..<width {
                let cell = new[x, y]
                if let old, old[x, y] == cell { continue }
                if let old, old[x, y].isContinuation, x > 0, !cell.isContinuation {
                    let left = new[x - 1, y].isContinuation && x > 1 ? x - 2 : x - 1
                    writes.append(.cell(x: left, y: y))
                }
                writes.append(cell.isContinuation ? .covered(x: x, y: y) : .cell(x: x, y: y))
            }
        }
        return writes
    }
}
