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

    /// Converts an sRGB color (`RGB8.okLab`, NotesCore's CSS Color 4 conversion).
    public init(_ color: RGB8) {
        let lab = color.okLab
        self.init(lightness: lab.lightness, a: lab.a, b: lab.b)
    }

    /// Squared Euclidean distance (enough for ranking).
    public func distanceSquared(to other: OKLab) -> Double {
        let dl = lightness - other.lightness
        let da = a - other.a
        let db = b - other.b
        return dl * dl + da * da + db * db
    }
}
