import Foundation

/// Exact conversions between sRGB and Display P3, as CSS Color 4 defines them:
/// both spaces share the sRGB transfer function and the D65 white point, so a
/// color goes gamma-encoded → linear light → CIE XYZ (D65) → linear light →
/// gamma-encoded. All arithmetic is in `Double`; nothing is clamped here.
public enum ColorConversion {
    /// Linear-light sRGB to XYZ D65 (CSS Color 4, exact rational form).
    static let linearSRGBToXYZ = ColorMatrix([
        [506752.0 / 1228815.0, 87881.0 / 245763.0, 12673.0 / 70218.0],
        [87098.0 / 409605.0, 175762.0 / 245763.0, 12673.0 / 175545.0],
        [7918.0 / 409605.0, 87881.0 / 737289.0, 1001167.0 / 1053270.0],
    ])

    /// XYZ D65 to linear-light sRGB (CSS Color 4).
    static let xyzToLinearSRGB = ColorMatrix([
        [12831.0 / 3959.0, -329.0 / 214.0, -1974.0 / 3959.0],
        [-851781.0 / 878810.0, 1648619.0 / 878810.0, 36519.0 / 878810.0],
        [705.0 / 12673.0, -2585.0 / 12673.0, 705.0 / 667.0],
    ])

    /// Linear-light Display P3 to XYZ D65 (CSS Color 4).
    static let linearP3ToXYZ = ColorMatrix([
        [608311.0 / 1250200.0, 189793.0 / 714400.0, 198249.0 / 1000160.0],
        [35783.0 / 156275.0, 247089.0 / 357200.0, 198249.0 / 2500400.0],
        [0.0, 32229.0 / 714400.0, 5220557.0 / 5000800.0],
    ])

    /// XYZ D65 to linear-light Display P3 (CSS Color 4).
    static let xyzToLinearP3 = ColorMatrix([
        [446124.0 / 178915.0, -333277.0 / 357830.0, -72051.0 / 178915.0],
        [-14852.0 / 17905.0, 63121.0 / 35810.0, 423.0 / 17905.0],
        [11844.0 / 330415.0, -50337.0 / 660830.0, 316169.0 / 330415.0],
    ])

    /// The sRGB transfer function, gamma-encoded → linear light. Extended to
    /// negative values by symmetry, as CSS Color 4 does.
    static func linearize(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }

    /// The inverse of `linearize`: linear light → gamma-encoded.
    static func encode(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude > 0.0031308 ? 1.055 * pow(magnitude, 1 / 2.4) - 0.055 : 12.92 * magnitude
        return linear < 0 ? -encoded : encoded
    }

    /// Gamma-encoded components in `space` to CIE XYZ (D65).
    static func xyz(_ rgb: ColorVector, in space: ColorSpace) -> ColorVector {
        let linear = rgb.map(linearize)
        switch space {
        case .sRGB: return linearSRGBToXYZ.apply(linear)
        case .displayP3: return linearP3ToXYZ.apply(linear)
        }
    }

    /// CIE XYZ (D65) to gamma-encoded components in `space`.
    static func rgb(fromXYZ xyz: ColorVector, in space: ColorSpace) -> ColorVector {
        let linear = switch space {
        case .sRGB: xyzToLinearSRGB.apply(xyz)
        case .displayP3: xyzToLinearP3.apply(xyz)
        }
        return linear.map(encode)
    }

    /// Converts gamma-encoded components from one space to another, unclamped:
    /// a color outside the target gamut gets components below 0 or above 1.
    public static func convert(_ rgb: (red: Double, green: Double, blue: Double),
                               from source: ColorSpace,
                               to target: ColorSpace) -> (red: Double, green: Double, blue: Double) {
        guard source != target else { return rgb }
        let result = Self.rgb(fromXYZ: xyz(ColorVector(rgb.red, rgb.green, rgb.blue), in: source), in: target)
        return (result.x, result.y, result.z)
    }

    /// How far outside 0...1 a converted component may be and still count as in
    /// gamut: absorbs the rounding of `Float` storage and of the matrices.
    public static let gamutTolerance = 1e-5

    static func isInUnitCube(_ rgb: ColorVector, tolerance: Double = gamutTolerance) -> Bool {
        [rgb.x, rgb.y, rgb.z].allSatisfy { $0 >= -tolerance && $0 <= 1 + tolerance }
    }
}

extension SerializableColor {
    /// The color's components converted to `space`, unclamped, in `Double`.
    public func converted(to space: ColorSpace) -> (red: Double, green: Double, blue: Double) {
        ColorConversion.convert((Double(red), Double(green), Double(blue)), from: colorSpace, to: space)
    }

    /// Whether the color can be shown in sRGB without change. Every sRGB color is;
    /// a Display P3 color is when its converted components are all within 0...1.
    public var isInSRGBGamut: Bool {
        let srgb = converted(to: .sRGB)
        return ColorConversion.isInUnitCube(ColorVector(srgb.red, srgb.green, srgb.blue))
    }

    /// The red, green and blue components in sRGB, for display, clamped into 0...1.
    /// A Display P3 color outside sRGB is gamut-mapped as CSS Color 4 describes
    /// (see `GamutMapping`); the color itself, and so the store, is never changed.
    public var srgbComponents: (red: Float, green: Float, blue: Float) {
        let mapped: ColorVector
        if colorSpace == .sRGB {
            mapped = ColorVector(Double(red), Double(green), Double(blue))
        } else {
            let srgb = converted(to: .sRGB)
            let vector = ColorVector(srgb.red, srgb.green, srgb.blue)
            mapped = ColorConversion.isInUnitCube(vector) ? vector : GamutMapping.mapIntoSRGB(vector)
        }
        let clamped = mapped.map { min(max($0, 0), 1) }
        return (Float(clamped.x), Float(clamped.y), Float(clamped.z))
    }
}
