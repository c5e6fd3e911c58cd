import NotesColor

/// How a cell is drawn. Colors are exact RGB; the terminal maps them to what it can show.
public struct CellStyle: Hashable, Sendable {
    public var foreground: RGB8?
    public var background: RGB8?
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool

    public init(foreground: RGB8? = nil, background: RGB8? = nil, bold: Bool = false,
                reverse: Bool = false, underline: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    public static let plain = CellStyle()
}

/// One column of the screen: a grapheme cluster and its style. A wide character
/// fills its own cell and marks the next one `isContinuation`.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: CellStyle
    public var isContinuation: Bool

    public init(text: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        self.text = text
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

/// Where the terminal's own cursor goes: a column and a row of the screen.
public struct CursorPosition: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A grid of cells that widgets draw into. Tests compare its `lines` with literal text.
public struct ScreenBuffer: Equatable, Sendable {
    public let size: TerminalSize
    public private(set) var cells: [Cell]
    /// Where to show the terminal's cursor (a text field's insertion point); nil hides it.
    public var cursor: CursorPosition?

    public init(size: TerminalSize) {
        self.size = size
        self.cells = Array(repeating: .blank, count: max(0, size.width) * max(0, size.height))
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// The text of each row, continuation cells left out, trailing spaces kept.
    public var lines: [String] {
        (0..<size.height).map { line($0) }
    }

    public func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<size.width where !self[x, y].isContinuation { text += self[x, y].text }
        return text
    }

    /// Whether (x, y) is inside the buffer.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size.width && y < size.height
    }
}

// MARK: Drawing

extension ScreenBuffer {
    /// Writes `text` from column `x` of row `y`, clipped to `limit` columns (and the
    /// buffer's edge). Line breaks and tabs show as a space (a title that holds one keeps
    /// its words apart); every other control character, C1 control and bidi override
    /// shows as the escape the command line shows on a terminal (`^[`, `\u{202E}`,
    /// `TerminalSafeText`), dimmed, so a title hiding one does not look harmless; a wide
    /// character that does not fit is drawn as a space. Returns the columns used.
    @discardableResult
    public mutating func write<S: StringProtocol>(_ text: S, x: Int, y: Int, style: CellStyle = .plain,
                                                  limit: Int? = nil) -> Int {
        guard y >= 0, y < size.height, x < size.width else { return 0 }
        let end = min(size.width, x + (limit ?? size.width))
        if let used = DisplayWidth.withPlainASCII(text, { writePlainASCII($0, x: x, end: end, y: y, style: style) }) { return used }
        var column = x
        for var character in text {
            if column >= end { break }
            if character.isNewline || character == "\t" { character = " " }
            if let escape = DisplayWidth.visibleEscape(character) {
                var dimmed = style
                dimmed.dim = true
                let shown = column < 0 ? 0 : write(escape, x: column, y: y, style: dimmed, limit: end - column)
                column += column < 0 ? escape.count : shown
                continue
            }
            let columns = DisplayWidth.of(character)
            if columns == 0 { continue }
            if column < 0 { column += columns; continue }
            if columns == 2 && column + 1 >= end {
                put(Cell(text: " ", style: style), at: column, y: y)
                column += 1
                break
            }
            put(Cell(text: String(character), style: style), at: column, y: y)
            if columns == 2 {
                put(Cell(text: "", style: style, isContinuation: true), at: column + 1, y: y)
            }
            column += columns
        }
        return max(0, column - x)
    }

    /// `write` of text whose every byte is one printable ASCII character, a line break or a
    /// tab (`DisplayWidth.withPlainASCII`): a cell a byte, without taking the text apart into
    /// grapheme clusters (most titles, tags and dates on a screen).
    private mutating func writePlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, x: Int, end: Int, y: Int, style: CellStyle) -> Int {
        var column = x
        for byte in bytes {
            if column >= end { break }
            if column >= 0 { put(Cell(text: Self.asciiCells[Int(byte)], style: style), at: column, y: y) }
            column += 1
        }
        return max(0, column - x)
    }

    /// The text of a cell showing each ASCII byte: itself, a space for a line break or a tab.
    private static let asciiCells: [String] = (0..<128).map { byte in
        byte == 0x0A || byte == 0x09 ? " " : String(UnicodeScalar(UInt8(byte)))
    }

    /// Sets one cell, blanking the other half of any wide character it cuts in two.
    public mutating func put(_ cell: Cell, at x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let index = y * size.width + x
        if !cell.isContinuation {
            if cells[index].isContinuation, x > 0 {
                cells[index - 1].text = " "
            }
            if x + 1 < size.width, cells[index + 1].isContinuation {
                cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
            }
        }
        cells[index] = cell
    }

    /// Fills `rect` with blank cells in `style`.
    public mutating func fill(_ rect: Rect, style: CellStyle = .plain) {
        let clipped = rect.clipped(to: size)
        guard !clipped.isEmpty else { return }
        let blank = Cell(text: " ", style: style)
        for y in clipped.y..<clipped.maxY {
            let start = y * size.width
            for x in clipped.x..<clipped.maxX { cells[start + x] = blank }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the text.
    public mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        let clipped = rect.clipped(to: size)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            let start = y * size.width
            for x in clipped.x..<clipped.maxX { change(&cells[start + x].style) }
        }
    }

    /// Draws a single-line border around `rect` with an optional title in the top edge,
    /// and blanks the inside.
    public mutating func box(_ rect: Rect, title: String? = nil, style: CellStyle = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(rect, style: style)
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        for x in rect.x + 1..<right {
            put(Cell(text: "─", style: style), at: x, y: rect.y)
            put(Cell(text: "─", style: style), at: x, y: bottom)
        }
        for y in rect.y + 1..<bottom {
            put(Cell(text: "│", style: style), at: rect.x, y: y)
            put(Cell(text: "│", style: style), at: right, y: y)
        }
        put(Cell(text: "┌", style: style), at: rect.x, y: rect.y)
        put(Cell(text: "┐", style: style), at: right, y: rect.y)
        put(Cell(text: "└", style: style), at: rect.x, y: bottom)
        put(Cell(text: "┘", style: style), at: right, y: bottom)
        if let title, rect.width > 4 {
            var titled = style
            titled.bold = true
            write(" " + DisplayWidth.truncate(title, to: rect.width - 6) + " ", x: rect.x + 2, y: rect.y,
                  style: titled, limit: rect.width - 4)
        }
    }
}
