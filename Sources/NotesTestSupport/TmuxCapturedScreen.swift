import NotesColor

/// A color as a terminal cell reports it.
public enum CapturedColor: Hashable, Sendable, CustomStringConvertible {
    /// The terminal's default (no color set).
    case terminalDefault
    /// A palette index: 0–15 ANSI, 16–255 the 256-color palette.
    case palette(Int)
    /// A 24-bit color.
    case rgb(RGB8)

    public var description: String {
        switch self {
        case .terminalDefault: return "default"
        case .palette(let index): return "palette \(index)"
        case .rgb(let color): return color.hex
        }
    }
}

/// The style of one captured cell.
public struct CapturedStyle: Hashable, Sendable {
    public var foreground: CapturedColor = .terminalDefault
    public var background: CapturedColor = .terminalDefault
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    public init() {}
}

/// One cell of a captured screen: the text drawn there and its style.
public struct CapturedCell: Hashable, Sendable {
    public var text: String
    public var style: CapturedStyle
}

/// The output of `tmux capture-pane -p -e` parsed into rows of cells, so a test can
/// ask what color the cell at (column, row) has. Understands the SGR sequences tmux
/// writes: reset, bold/dim/underline/reverse on and off, 30–37/90–97/39 and
/// 40–47/100–107/49, `38;5;n`/`48;5;n`, `38;2;r;g;b`/`48;2;r;g;b` (and the colon forms).
///
/// A wide character (CJK, emoji) takes two columns; the column after it holds an
/// empty-text cell. Width is judged by Unicode ranges, enough for tests.
public struct CapturedScreen: Sendable {
    public private(set) var rows: [[CapturedCell]] = []

    public init(_ captured: String) {
        var style = CapturedStyle()
        for line in captured.split(separator: "\n", omittingEmptySubsequences: false) {
            rows.append(CapturedScreen.parse(line: Substring(line), style: &style))
        }
        while let last = rows.last, last.isEmpty { rows.removeLast() }
    }

    /// The cell at a column and row, nil past the end of the captured text.
    public func cell(x: Int, y: Int) -> CapturedCell? {
        guard rows.indices.contains(y), rows[y].indices.contains(x) else { return nil }
        return rows[y][x]
    }

    /// The text of a row (no escapes).
    public func text(row y: Int) -> String {
        guard rows.indices.contains(y) else { return "" }
        return rows[y].map(\.text).joined()
    }

    /// The column and row where `text` first starts (columns count wide characters as two).
    public func position(of text: String) -> (x: Int, y: Int)? {
        for (y, row) in rows.enumerated() {
            for x in row.indices where !row[x].text.isEmpty {
                var joined = ""
                for cell in row[x...] {
                    joined += cell.text
                    if joined.count >= text.count { break }
                }
                if joined.hasPrefix(text) { return (x, y) }
            }
        }
        return nil
    }

    /// The first row containing `text`.
    public func row(containing text: String) -> Int? {
        rows.indices.first { self.text(row: $0).contains(text) }
    }

    private static func parse(line: Substring, style: inout CapturedStyle) -> [CapturedCell] {
        var cells: [CapturedCell] = []
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\u{1B}" {
                guard scalars.first == "[" else { continue }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.first, !(0x40...0x7E).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                let final = scalars.first
                scalars = scalars.dropFirst()
                if final == "m" { apply(parameters, to: &style) }
                continue
            }
            switch width(of: scalar) {
            case 0:
                if cells.isEmpty {
                    cells.append(CapturedCell(text: String(scalar), style: style))
                } else {
                    let target = cells[cells.count - 1].text.isEmpty && cells.count >= 2 ? cells.count - 2 : cells.count - 1
                    cells[target].text.unicodeScalars.append(scalar)
                }
            case 2:
                cells.append(CapturedCell(text: String(scalar), style: style))
                cells.append(CapturedCell(text: "", style: style))
            default:
                cells.append(CapturedCell(text: String(scalar), style: style))
            }
        }
        return cells
    }

    /// Applies one SGR parameter list (`1;38;2;10;20;30`) to `style`.
    static func apply(_ parameters: String, to style: inout CapturedStyle) {
        var codes: [[Int?]] = parameters.split(separator: ";", omittingEmptySubsequences: false).map { part in
            part.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        }
        if codes.isEmpty { codes = [[0]] }
        var index = 0
        func next() -> Int? {
            index += 1
            return index < codes.count ? codes[index].first ?? nil : nil
        }
        while index < codes.count {
            let group = codes[index]
            let code = group.first.flatMap { $0 } ?? 0
            switch code {
            case 0: style = CapturedStyle()
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .palette(code - 30)
            case 90...97: style.foreground = .palette(code - 90 + 8)
            case 39: style.foreground = .terminalDefault
            case 40...47: style.background = .palette(code - 40)
            case 100...107: style.background = .palette(code - 100 + 8)
            case 49: style.background = .terminalDefault
            case 38, 48:
                let color: CapturedColor?
                if group.count > 1 {
                    color = extendedColor(Array(group.dropFirst()), colonForm: true)
                } else {
                    var rest: [Int?] = []
                    if let kind = next() {
                        rest.append(kind)
                        let needed = kind == 2 ? 3 : 1
                        for _ in 0..<needed { rest.append(next()) }
                    }
                    color = extendedColor(rest, colonForm: false)
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break
            }
            index += 1
        }
    }

    /// `5;n` or `2;r;g;b` (colon form: `2::r:g:b` or `2:r:g:b`).
    private static func extendedColor(_ values: [Int?], colonForm: Bool) -> CapturedColor? {
        guard let kind = values.first ?? nil else { return nil }
        if kind == 5, values.count >= 2, let index = values[1] { return .palette(index) }
        guard kind == 2 else { return nil }
        var components = Array(values.dropFirst())
        if colonForm && components.count == 4 { components.removeFirst() }  // color space id
        guard components.count >= 3, let red = components[0], let green = components[1],
              let blue = components[2], [red, green, blue].allSatisfy({ (0...255).contains($0) }) else { return nil }
        return .rgb(RGB8(red: UInt8(red), green: UInt8(green), blue: UInt8(blue)))
    }

    /// Terminal columns a scalar takes: 0 for combining marks and joiners, 2 for
    /// East Asian wide characters and emoji, else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
