import Foundation

extension SerializableColor {
    /// The red, green and blue components in sRGB, clamped into 0...1.
    /// Placeholder until the exact Display P3 conversion lands: P3 components are passed through.
    public var srgbComponents: (red: Float, green: Float, blue: Float) {
        (red, green, blue)
    }
}
