import Foundation
import NotesColor

/// WCAG 2 contrast: which of black or white text reads better over a color.
public enum Contrast {
    /// The WCAG 2 relative luminance of an sRGB color, 0 (black) ... 1 (white).
    public static func relativeLuminance(_ color: RGB8) -> Double {
        0.2126 * linear[Int(color.red)] + 0.7152 * linear[Int(color.green)] + 0.0722 * linear[Int(color.blue)]
    }

    /// The WCAG 2 contrast ratio of two colors, 1 ... 21.
    public static func ratio(_ first: RGB8, _ second: RGB8) -> Double {
        let a = relativeLuminance(first), b = relativeLuminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Black over colors with luminance above 0.179, white otherwise: the one with
    /// the higher contrast ratio.
    public static func textColor(on background: RGB8) -> RGB8 {
        relativeLuminance(background) > 0.179 ? black : white
    }

    public static let black = RGB8(red: 0, green: 0, blue: 0)
    public static let white = RGB8(red: 255, green: 255, blue: 255)

    /// sRGB byte → linear light, computed once.
    private static let linear: [Double] = (0...255).map { byte in
        let c = Double(byte) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
