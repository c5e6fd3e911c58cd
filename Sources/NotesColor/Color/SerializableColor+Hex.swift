import Foundation

extension SerializableColor {
    /// The forms a hex color may be typed in, for messages.
    public static let hexForms = "RRGGBB, RRGGBBAA or RGB"

    /// Parses `RRGGBB`, `RRGGBBAA` or `RGB` (each digit doubled), with or without a
    /// leading `#` and surrounding blanks, as an sRGB color (opaque unless `RRGGBBAA`).
    /// The one hex reader: the picker's `#` entry and every command use it.
    public convenience init(hex text: String) throws(ColorError) {
        guard let parsed = Self.parseHex(text) else { throw .invalidHexColor(text) }
        self.init(parsed.color, alpha: Float(parsed.alpha ?? 255) / 255)
    }

    /// The bytes of a hex color as `init(hex:)` reads it, and its alpha byte when given.
    public static func parseHex(_ text: String) -> (color: RGB8, alpha: UInt8?)? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 8 {
            return (RGB8(red: UInt8(value >> 24), green: UInt8(value >> 16 & 0xFF), blue: UInt8(value >> 8 & 0xFF)),
                    UInt8(value & 0xFF))
        }
        return (RGB8(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)), nil)
    }

    /// The color as sRGB bytes (a Display P3 color is converted, and gamut-mapped if outside sRGB).
    public var rgb8: RGB8 {
        let srgb = self.srgbComponents
        return RGB8(red: Self.byte(srgb.red), green: Self.byte(srgb.green), blue: Self.byte(srgb.blue))
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; uppercase, in sRGB.
    public var hex: String {
        let alphaByte = Self.byte(alpha)
        guard alphaByte != 255 else { return rgb8.hex }
        let digits = String(alphaByte, radix: 16, uppercase: true)
        return rgb8.hex + (digits.count == 1 ? "0" + digits : digits)
    }

    static func byte(_ component: Float) -> UInt8 {
        UInt8((min(max(component, 0), 1) * 255).rounded())
    }
}
