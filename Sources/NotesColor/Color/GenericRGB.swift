import Foundation

/// Apple's Generic RGB, the space of a "calibrated RGB" `NSColor` (`NSColorSpace` 1 without
/// a profile): P22 phosphor primaries (red 0.630, 0.340; green 0.295, 0.605; blue 0.155,
/// 0.077), the D65 white point and a pure gamma of 1.8. Terminal.app shows such a color
/// converted from this space, so Solarized's calibrated `0.1275 0.4627 0.7823` is the
/// theme's blue `#268BD2` in sRGB.
enum GenericRGB {
    static let gamma = 1.8

    /// Linear Generic RGB to XYZ (D65), from the primaries and the white point.
    static let toXYZ: ColorMatrix = {
        let primaries = [(0.630, 0.340), (0.295, 0.605), (0.155, 0.077)]
        let white = ColorVector(0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290)
        let columns = primaries.map { ColorVector($0.0 / $0.1, 1, (1 - $0.0 - $0.1) / $0.1) }
        let unscaled = ColorMatrix((0..<3).map { row in columns.map { [$0.x, $0.y, $0.z][row] } })
        let scale = unscaled.inverse.apply(white)
        let scales = [scale.x, scale.y, scale.z]
        return ColorMatrix(unscaled.rows.map { row in (0..<3).map { row[$0] * scales[$0] } })
    }()

    /// XYZ (D65) of gamma-encoded Generic RGB components (extended by symmetry below 0).
    static func xyz(_ rgb: ColorVector) -> ColorVector {
        toXYZ.apply(rgb.map { $0 < 0 ? -pow(-$0, gamma) : pow($0, gamma) })
    }
}
