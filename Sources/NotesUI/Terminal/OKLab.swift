import Foundation
import NotesCore

/// A color in Björn Ottosson's OKLab space, where straight-line distance follows
/// perceived difference far better than distance between sRGB bytes.
public struct OKLab: Hashable, Sendable {
    public var lightness: Double
    public var a: Double
    public var b: Double

    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// Converts an sRGB color: undo the sRGB transfer curve, go to cone space (LMS),
    /// compress with a cube root, then mix into lightness and two opponent axes.
    public init(_ color: RGB8) {
        let red = OKLab.linear(color.red)
        let green = OKLab.linear(color.green)
        let blue = OKLab.linear(color.blue)
        let long = cbrt(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue)
        let medium = cbrt(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue)
        let short = cbrt(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue)
        lightness = 0.2104542553 * long + 0.7936177850 * medium - 0.0040720468 * short
        a = 1.9779984951 * long - 2.4285922050 * medium + 0.4505937099 * short
        b = 0.0259040371 * long + 0.7827717662 * medium - 0.8086757660 * short
    }

    /// Squared Euclidean distance (enough for ranking).
    public func distanceSquared(to other: OKLab) -> Double {
        let dl = lightness - other.lightness
        let da = a - other.a
        let db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// An sRGB byte as linear light in 0...1.
    static func linear(_ byte: UInt8) -> Double {
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
}
