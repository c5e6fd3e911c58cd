import CNCursesW
import Glibc

/// The grapheme clusters on screen that curses cannot hold in a cell (flags, skin-tone
/// and ZWJ sequences, `✈️`; see `TerminalGlyph`), by position. curses keeps blank cells
/// in their place; after each update the terminal layer writes the clusters itself:
/// blanks over every column the cluster owns (a terminal that draws it narrower leaves
/// no stale cell), the cluster, then an absolute cursor move, so what follows stays in
/// its column however far the terminal moved on.
struct ClusterOverlays {
    /// One cluster and how to draw it.
    struct Overlay: Equatable {
        var text: String
        /// The columns it owns (`DisplayWidth`).
        var width: Int
        var attributes: attr_t
        var pair: Int32
    }

    /// A screen position, ordered row by row, left to right.
    struct Position: Hashable, Comparable {
        var y: Int
        var x: Int
        static func < (a: Position, b: Position) -> Bool { (a.y, a.x) < (b.y, b.x) }
    }

    private(set) var onScreen: [Position: Overlay] = [:]
    /// Rows curses writes to in the next update: it may write over any cluster there
    /// (it rewrites unchanged cells when that is cheaper than moving the cursor), so
    /// every cluster in them is written again after it.
    private(set) var touchedRows: Set<Int> = []
    /// Where clusters were that are gone or changed: curses must repaint those columns.
    private(set) var replaced: [(position: Position, width: Int)] = []

    /// How many clusters each row holds (rows without any are not listed).
    private var countByRow: [Int: Int] = [:]

    /// Records what the cell at (x, y) now holds: a cluster, or nil for a cell curses draws.
    /// Costs next to nothing for a plain cell in a row without clusters (most cells).
    mutating func replace(at x: Int, y: Int, with overlay: Overlay?) {
        if overlay == nil && countByRow[y] == nil { return }
        let position = Position(y: y, x: x)
        touchedRows.insert(y)
        let old = onScreen[position]
        if let old, old != overlay { replaced.append((position, old.width)) }
        onScreen[position] = overlay
        let change = (overlay == nil ? 0 : 1) - (old == nil ? 0 : 1)
        if change != 0 {
            let count = (countByRow[y] ?? 0) + change
            countByRow[y] = count > 0 ? count : nil
        }
    }

    /// Forgets everything (the screen is erased and drawn anew).
    mutating func removeAll() {
        onScreen.removeAll()
        countByRow.removeAll()
        touchedRows.removeAll()
        replaced.removeAll()
    }

    mutating func clearReplaced() { replaced.removeAll() }
    mutating func clearTouchedRows() { touchedRows.removeAll() }

    /// The clusters to write after the next update, row by row, left to right.
    var pending: [Position] {
        onScreen.keys.filter { touchedRows.contains($0.y) }.sorted()
    }

    /// Whether column `x` of row `y` belongs to a cluster on screen (widths are at most 2).
    func covers(x: Int, y: Int) -> Bool {
        if onScreen[Position(y: y, x: x)] != nil { return true }
        guard x > 0, let left = onScreen[Position(y: y, x: x - 1)] else { return false }
        return left.width > 1
    }
}

extension NCursesTerminal {
    /// Makes curses repaint the columns of clusters that are gone or changed: on curses'
    /// record of the screen they hold blanks, which may be what is wanted there now.
    func markReplacedOverlaysForRepaint() {
        for (position, width) in overlays.replaced {
            for x in position.x..<position.x + width { markForRepaint(x: x, y: position.y) }
        }
        overlays.clearReplaced()
    }

    /// Writes the clusters of the rows curses wrote to (call right after `doupdate`).
    func writePendingOverlays(_ buffer: ScreenBuffer) {
        defer { overlays.clearTouchedRows() }
        var queue = overlays.pending
        guard !queue.isEmpty else { return }
        let cursorY = getcury(notes_curscr()), cursorX = getcurx(notes_curscr())
        let columns = min(Int(notes_cols()), buffer.size.width)
        var written: Set<ClusterOverlays.Position> = []
        var cursor = (y: cursorY, x: cursorX)
        var index = 0
        while index < queue.count {
            let position = queue[index]
            index += 1
            guard !written.contains(position), let overlay = overlays.onScreen[position] else { continue }
            written.insert(position)
            cursor = writeOverlay(overlay, at: position, columns: columns)
            // A terminal that knows no emoji sequences draws this one wider, over the cells
            // after it: those are written again, clusters among them after it.
            let end = min(columns, position.x + TerminalGlyph.widestAdvance(overlay.text))
            var x = min(columns, position.x + overlay.width)
            while x < end {
                let next = ClusterOverlays.Position(y: position.y, x: x)
                if overlays.onScreen[next] != nil {
                    written.remove(next)
                    queue.append(next)
                    break
                }
                if let rewritten = rewriteCell(of: buffer, x: x, y: position.y, columns: columns) { cursor = rewritten }
                x += 1
            }
        }
        // Back to where curses has the cursor: its next update moves from there, often by a
        // carriage return or a column address, which keep the row. An absolute address
        // sent here, not `mvcur`: `mvcur` writes to stdio's `stdout`, which nothing flushes
        // while the app runs, so the update after wrote on the last cluster's row.
        returnCursor(from: cursor, to: (y: cursorY, x: min(cursorX, notes_cols() - 1)))
    }

    /// Moves the terminal's cursor from `from` (where the clusters left it) to `to` (where
    /// curses has it), with an absolute address sent at once; nothing when they are the same.
    private func returnCursor(from: (y: Int32, x: Int32), to: (y: Int32, x: Int32)) {
        guard from != to, to.y >= 0, to.x >= 0 else { return }
        OverlayOutput.bytes.removeAll(keepingCapacity: true)
        OverlayOutput.moveCursor(y: to.y, x: to.x)
        OverlayOutput.send()
    }

    /// Writes the cell at (x, y) again as the frame has it (the whole wide character
    /// when (x, y) is its right half); returns where the cursor is after it.
    private func rewriteCell(of buffer: ScreenBuffer, x: Int, y: Int, columns: Int) -> (y: Int32, x: Int32)? {
        let start = buffer[x, y].isContinuation && x > 0 ? x - 1 : x
        let cell = buffer[start, y]
        guard let (attributes, pair) = look(of: cell.style, fallBack: true) else { return nil }
        let width = max(1, DisplayWidth.of(cell.text))
        let overlay = ClusterOverlays.Overlay(text: cell.text.isEmpty ? " " : cell.text, width: width,
                                              attributes: attributes, pair: pair)
        return writeOverlay(overlay, at: ClusterOverlays.Position(y: y, x: start), columns: columns)
    }

    /// Blanks the cluster's columns, then writes it, then moves the cursor to the column
    /// after it with an absolute move; returns that position (curses' idea of where the
    /// cursor is must be set from it before its next update). The bytes go straight to the
    /// terminal: curses has sent all it had (`doupdate` flushes).
    private func writeOverlay(_ overlay: ClusterOverlays.Overlay, at position: ClusterOverlays.Position,
                              columns: Int) -> (y: Int32, x: Int32) {
        let y = Int32(position.y), x = Int32(position.x)
        var pair = overlay.pair
        OverlayOutput.bytes.removeAll(keepingCapacity: true)
        OverlayOutput.moveCursor(y: y, x: x)
        // vid_puts also records the attributes as the terminal's current ones.
        vid_puts(overlay.attributes, 0, &pair, OverlayOutput.collect)
        OverlayOutput.bytes.append(contentsOf: repeatElement(0x20, count: overlay.width))
        OverlayOutput.moveCursor(y: y, x: x)
        // Never a control character to the terminal, whatever a cell was given.
        for scalar in overlay.text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            OverlayOutput.bytes.append(contentsOf: (isControl ? " " : scalar).utf8)
        }
        let after = Int32(min(position.x + overlay.width, columns - 1))
        OverlayOutput.moveCursor(y: y, x: after)
        OverlayOutput.send()
        return (y, after)
    }

    /// Puts a cell on curses' record of the screen that no frame draws, so that its next
    /// update writes (x, y) again.
    private func markForRepaint(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < Int(notes_cols()), y < Int(notes_lines()) else { return }
        let screen = notes_curscr()
        let savedY = getcury(screen), savedX = getcurx(screen)
        var characters: [wchar_t] = [0xE000, 0]
        var pair: Int32 = 0
        var garbage = cchar_t()
        setcchar(&garbage, &characters, notes_a_invis(), 0, &pair)
        mvwadd_wch(screen, Int32(y), Int32(x), &garbage)
        wmove(screen, savedY, savedX)
    }
}

/// The bytes of one cluster's output, gathered through curses' output callbacks
/// (a C function pointer cannot carry context, hence the static buffer; drawing
/// happens on one thread).
private enum OverlayOutput {
    nonisolated(unsafe) static var bytes: [UInt8] = []

    static let collect: @convention(c) (Int32) -> Int32 = { byte in
        OverlayOutput.bytes.append(UInt8(truncatingIfNeeded: byte))
        return byte
    }

    static func moveCursor(y: Int32, x: Int32) {
        if let move = notes_cursor_address(y, x) { tputs(move, 1, collect) }
    }

    static func send() {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, start + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
