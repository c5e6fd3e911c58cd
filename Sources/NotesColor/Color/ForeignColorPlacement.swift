import Foundation

/// Why a color written by another program could not be read.
struct ColorReadFailure: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// Turns the components another program wrote (an `NSColor`, a `UIColor`) into a
/// `SerializableColor`, keeping what can be kept:
///
/// - components within 0...1 (a rounding error of `SerializableColor.componentTolerance`
///   outside counts as inside) are kept as they are, in their space;
/// - an extended-range sRGB color (UIKit writes `1.0004` for a color picked in Display P3)
///   is kept exactly in Display P3 when it lies inside that gamut;
/// - anything further out is clamped into the space, and `note` says so.
///
/// Non-finite components, and an alpha outside 0...1, are a failure with the reason.
enum ForeignColorPlacement {
    struct Placed {
        let color: SerializableColor
        /// Set when the color had to be changed to be kept (clamped).
        let note: String?
    }

    /// Gamma-encoded components in `space`, possibly outside 0...1 (extended range).
    static func place(_ rgb: ColorVector, in space: ColorSpace, alpha: Double) throws(ColorReadFailure) -> Placed {
        let alpha = try checkedAlpha(alpha)
        guard [rgb.x, rgb.y, rgb.z].allSatisfy(\.isFinite) else {
            throw ColorReadFailure(reason: "a component is not a finite number (\(describe(rgb)))")
        }
        if let color = exact(rgb, in: space, alpha: alpha) { return Placed(color: color, note: nil) }
        if space == .sRGB {
            let p3 = ColorConversion.convert((rgb.x, rgb.y, rgb.z), from: .sRGB, to: .displayP3)
            if let color = exact(ColorVector(p3.red, p3.green, p3.blue), in: .displayP3, alpha: alpha) {
                return Placed(color: color, note: nil)
            }
        }
        return clamped(rgb, in: space, alpha: alpha, what: "extended \(space.name) (\(describe(rgb)))")
    }

    /// CIE XYZ (D65): kept in sRGB when it fits there, else in Display P3, else clamped into Display P3.
    static func place(xyz: ColorVector, alpha: Double) throws(ColorReadFailure) -> Placed {
        let alpha = try checkedAlpha(alpha)
        guard [xyz.x, xyz.y, xyz.z].allSatisfy(\.isFinite) else {
            throw ColorReadFailure(reason: "the profile gives no finite color")
        }
        for space in [ColorSpace.sRGB, .displayP3] {
            let rgb = ColorConversion.rgb(fromXYZ: xyz, in: space)
            if let color = exact(rgb, in: space, alpha: alpha) { return Placed(color: color, note: nil) }
        }
        let p3 = ColorConversion.rgb(fromXYZ: xyz, in: .displayP3)
        return clamped(p3, in: .displayP3, alpha: alpha, what: "outside Display P3 (\(describe(p3)) there)")
    }

    private static func exact(_ rgb: ColorVector, in space: ColorSpace, alpha: Float) -> SerializableColor? {
        guard let red = SerializableColor.component(rgb.x), let green = SerializableColor.component(rgb.y),
              let blue = SerializableColor.component(rgb.z)
        else { return nil }
        return try? SerializableColor(colorSpace: space, red: red, green: green, blue: blue, alpha: alpha)
    }

    private static func clamped(_ rgb: ColorVector, in space: ColorSpace, alpha: Float, what: String) -> Placed {
        let edge = rgb.map { min(max($0, 0), 1) }
        let color = (try? SerializableColor(colorSpace: space, red: Float(edge.x), green: Float(edge.y), blue: Float(edge.z),
                                            alpha: alpha)) ?? .white
        return Placed(color: color, note: "the color is \(what); clamped to \(color.colorSpace.name) \(color.hex)")
    }

    private static func checkedAlpha(_ alpha: Double) throws(ColorReadFailure) -> Float {
        guard let value = SerializableColor.component(alpha) else {
            throw ColorReadFailure(reason: "its alpha \(alpha) is outside 0...1")
        }
        return value
    }

    private static func describe(_ rgb: ColorVector) -> String {
        [rgb.x, rgb.y, rgb.z].map { String(format: "%.6g", $0) }.joined(separator: " ")
    }
}
