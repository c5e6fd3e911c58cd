/// The color space a `SerializableColor`'s components are in. Stored as a small integer.
public enum ColorSpace: Int, Sendable, CaseIterable {
    case sRGB = 0
    case displayP3 = 1

    /// The name used in JSON output: `srgb` or `display-p3` (as in CSS `color()`).
    public var name: String {
        switch self {
        case .sRGB: "srgb"
        case .displayP3: "display-p3"
        }
    }
}
