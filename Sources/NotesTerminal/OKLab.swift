import NotesColor

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

    /// Chroma: the distance from the gray axis.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// A distance for choosing a palette entry for `target` that keeps its hue: OKLab's
    /// lightness, chroma and hue differences, with lightness weighted 0.15 and chroma lost
    /// (the entry grayer than the target) 1.5. A sparse palette (the 256-color cube has
    /// no level between 0 and 95) rarely has an entry near a dark or muted color in all
    /// three; plain distance then picks a gray of the same lightness (`#123456` → gray
    /// 236), where a person sees the color's hue first (`#123456` → 24, `#005F87`).
    /// Squared, enough for ranking.
    public func hueKeepingDistance(toTarget target: OKLab) -> Double {
        let dL = target.lightness - lightness
        let targetChroma = target.chroma, ownChroma = chroma
        var dC = targetChroma - ownChroma
        if dC > 0 { dC *= OKLab.chromaLossWeight }
        // ΔH² = Δa² + Δb² − ΔC² (the part of the a/b difference that is not chroma).
        let da = target.a - a, db = target.b - b
        let dH2 = max(0, da * da + db * db - (targetChroma - ownChroma) * (targetChroma - ownChroma))
        return OKLab.lightnessWeight * dL * dL + dC * dC + dH2
    }

    static let lightnessWeight = 0.15
    static let chromaLossWeight = 1.5

    /// Squared Euclidean distance (enough for ranking).
    public func distanceSquared(to other: OKLab) -> Double {
        let dl = lightness - other.lightness
        let da = a - other.a
        let db = b - other.b
        return dl * dl + da * da + db * db
    }
}
