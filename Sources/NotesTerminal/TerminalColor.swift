import NotesColor

/// Turns an exact RGB color into the color number the terminal understands in a
/// given `ColorMode`. `-1` is the terminal's default color (`use_default_colors`).
public enum TerminalColor {
    /// The default foreground or background.
    public static let terminalDefault: Int32 = -1

    /// The color number for `color` in `mode`; nil color → `terminalDefault`.
    public static func number(for color: RGB8?, mode: ColorMode) -> Int32 {
        guard let color else { return terminalDefault }
        switch mode {
        case .monochrome: return terminalDefault
        case .ansi8: return Int32(ANSIPalette.nearest(color, count: 8))
        case .ansi16: return Int32(ANSIPalette.nearest(color, count: 16))
        case .palette256: return Int32(Palette256.nearest(color))
        case .trueColor: return directColor(color)
        }
    }

    /// The packed `0xRRGGBB` value of a direct-color terminal. Values 0–7 would mean
    /// palette entries there, so those colors (red 0, green 0, blue < 8) get green 1:
    /// the nearest packed value that is not a palette index, one step off in one channel.
    public static func directColor(_ color: RGB8) -> Int32 {
        let packed = Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue)
        return packed < 8 ? packed | 0x100 : packed
    }
}
