import Foundation

/// A color as the store keeps it: a color space, red, green, blue and alpha as
/// `Float` in 0...1. Coded with `NSSecureCoding` under the keys `colorSpace`, `red`,
/// `green`, `blue`, `alpha`, and archived under the class name `SerializableColor`
/// (see `ColorArchive`). Immutable, so it can be shared freely.
public final class SerializableColor: NSObject, NSSecureCoding, @unchecked Sendable {
    public let colorSpace: ColorSpace
    public let red: Float
    public let green: Float
    public let blue: Float
    public let alpha: Float
    /// The archive this color was read from (`ColorArchive.unarchive`), written back
    /// unchanged by `ColorArchive.archive`; nil for a color made here. Not part of equality.
    public let sourceArchive: Data?
    /// Why `sourceArchive` could not be read, for a white stand-in of an unreadable archive
    /// (`unreadable(reason:archive:)`): `--json` marks such a color. Not part of equality.
    public let unreadableReason: String?

    /// Opaque white, the default color of a category (`FFFFFF`).
    public static let white = SerializableColor(uncheckedSpace: .sRGB, red: 1, green: 1, blue: 1, alpha: 1)

    /// How far outside 0...1 a component may be and still be read (as 0 or 1): the rounding
    /// error of a color space conversion elsewhere (a P3 conversion gave green = -1.8e-16).
    public static let componentTolerance = 1e-6

    /// `value` as a component: itself in 0...1, 0 or 1 within `componentTolerance`
    /// outside, else nil.
    public static func component(_ value: Double) -> Float? {
        guard value.isFinite, value >= -componentTolerance, value <= 1 + componentTolerance else { return nil }
        return Float(min(max(value, 0), 1))
    }

    /// A color; every component must be a finite number in 0...1 (a rounding error outside,
    /// within `componentTolerance`, is read as 0 or 1).
    public init(colorSpace: ColorSpace = .sRGB, red: Float, green: Float, blue: Float, alpha: Float = 1) throws(ColorError) {
        var components: [Float] = []
        for (name, value) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)] {
            guard let component = Self.component(Double(value)) else {
                throw .invalidColorComponent("\(name) = \(value), expected a number in 0...1")
            }
            components.append(component)
        }
        self.colorSpace = colorSpace
        self.red = components[0]
        self.green = components[1]
        self.blue = components[2]
        self.alpha = components[3]
        sourceArchive = nil
        unreadableReason = nil
    }

    private init(uncheckedSpace colorSpace: ColorSpace, red: Float, green: Float, blue: Float, alpha: Float,
                 sourceArchive: Data? = nil, unreadableReason: String? = nil) {
        self.colorSpace = colorSpace
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.sourceArchive = sourceArchive
        self.unreadableReason = unreadableReason
    }

    /// Opaque white standing in for an archive that could not be read: it keeps the archive's
    /// bytes (written back unchanged) and the reason.
    public static func unreadable(reason: String, archive: Data?) -> SerializableColor {
        SerializableColor(uncheckedSpace: .sRGB, red: 1, green: 1, blue: 1, alpha: 1, sourceArchive: archive,
                          unreadableReason: reason)
    }

    /// The same color, remembering `sourceArchive` as the bytes it was read from.
    func keeping(sourceArchive: Data) -> SerializableColor {
        SerializableColor(uncheckedSpace: colorSpace, red: red, green: green, blue: blue, alpha: alpha,
                          sourceArchive: sourceArchive)
    }

    /// An sRGB color from bytes.
    public convenience init(_ rgb: RGB8, alpha: Float = 1) {
        self.init(uncheckedSpace: .sRGB, red: Float(rgb.red) / 255, green: Float(rgb.green) / 255,
                  blue: Float(rgb.blue) / 255, alpha: min(max(alpha.isFinite ? alpha : 1, 0), 1))
    }

    // MARK: NSSecureCoding

    public static var supportsSecureCoding: Bool { true }

    /// The keys of the archive. Part of the store format: never rename.
    public enum Key {
        public static let colorSpace = "colorSpace"
        public static let red = "red"
        public static let green = "green"
        public static let blue = "blue"
        public static let alpha = "alpha"
    }

    public func encode(with coder: NSCoder) {
        coder.encode(colorSpace.rawValue, forKey: Key.colorSpace)
        coder.encode(red, forKey: Key.red)
        coder.encode(green, forKey: Key.green)
        coder.encode(blue, forKey: Key.blue)
        coder.encode(alpha, forKey: Key.alpha)
    }

    public init?(coder: NSCoder) {
        guard let space = ColorSpace(rawValue: coder.decodeInteger(forKey: Key.colorSpace)) else { return nil }
        guard let red = Self.component(Double(coder.decodeFloat(forKey: Key.red))),
              let green = Self.component(Double(coder.decodeFloat(forKey: Key.green))),
              let blue = Self.component(Double(coder.decodeFloat(forKey: Key.blue))),
              let alpha = Self.component(coder.containsValue(forKey: Key.alpha) ? Double(coder.decodeFloat(forKey: Key.alpha)) : 1)
        else { return nil }
        self.colorSpace = space
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        sourceArchive = nil
        unreadableReason = nil
        super.init()
    }

    // MARK: Equality

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? SerializableColor else { return false }
        return colorSpace == other.colorSpace && red == other.red && green == other.green
            && blue == other.blue && alpha == other.alpha
    }

    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(colorSpace)
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
        return hasher.finalize()
    }

    public override var description: String { "SerializableColor(\(colorSpace.name) \(hex))" }
}
