import NotesCore

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

/// A grid of cells that widgets draw into. Tests compare its `lines` with literal text.
public struct ScreenBuffer: Equatable, Sendable {
    public let size: TerminalSize
    public private(set) var cells: [Cell]

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
}
