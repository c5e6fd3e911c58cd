import Foundation

extension SerializableColor {
    /// Parses `RRGGBB` or `RRGGBBAA`, with or without a leading `#`, as an sRGB color.
    public convenience init(hex text: String) throws(ModelError) {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8,
              digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
              let value = UInt32(digits, radix: 16)
        else { throw .invalidHexColor(text) }
        let bytes = digits.count == 8
            ? [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            : [UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), 255]
        self.init(RGB8(red: bytes[0], green: bytes[1], blue: bytes[2]), alpha: Float(bytes[3]) / 255)
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
