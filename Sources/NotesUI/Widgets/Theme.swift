import NotesColor
import NotesTerminal

/// The styles the screens draw with. Colors that carry meaning (categories) come
/// from the data; the rest of the interface uses attributes, so it reads on any
/// terminal theme and in monochrome.
public enum Theme {
    public static let header = CellStyle(bold: true, reverse: true)
    public static let selected = CellStyle(reverse: true)
    public static let secondary = CellStyle(dim: true)
    public static let title = CellStyle(bold: true)
    public static let message = CellStyle(bold: true)
    public static let error = CellStyle(foreground: RGB8(red: 255, green: 85, blue: 85), bold: true)
    public static let border = CellStyle()

    /// What a search matched, over the text's own style: bold and underlined, so it
    /// shows in monochrome and in the selected (reverse) row alike.
    public static func match(over style: CellStyle) -> CellStyle {
        var matched = style
        matched.bold = true
        matched.underline = true
        return matched
    }

    /// A cell filled with `color`, its text black or white by contrast.
    public static func swatch(_ color: RGB8) -> CellStyle {
        CellStyle(foreground: Contrast.textColor(on: color), background: color)
    }
}
