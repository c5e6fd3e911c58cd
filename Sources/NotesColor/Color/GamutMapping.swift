import Foundation

/// Maps a color that lies outside sRGB into it, for display only, with the
/// CSS Color 4 gamut-mapping algorithm: keep the OKLCH lightness and hue, and
/// reduce the chroma by binary search until clipping the color into sRGB
/// changes it by less than a just-noticeable difference (ΔEOK < 0.02).
enum GamutMapping {
    /// XYZ D65 to OKLab's LMS (CSS Color 4).
    static let xyzToLMS = ColorMatrix([
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
    ])

    /// Non-linear LMS to OKLab (CSS Color 4).
    static let lmsToOKLab = ColorMatrix([
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757548529530],
    ])

    static let lmsToXYZ = xyzToLMS.inverse
    static let okLabToLMS = lmsToOKLab.inverse

    /// The just-noticeable difference in OKLab.
    static let justNoticeableDifference = 0.02
    /// When the chroma search stops.
    static let epsilon = 0.0001

    /// Gamma-encoded sRGB (possibly outside 0...1) to OKLab (L, a, b).
    static func okLab(fromSRGB rgb: ColorVector) -> ColorVector {
        let lms = xyzToLMS.apply(ColorConversion.xyz(rgb, in: .sRGB))
        return lmsToOKLab.apply(lms.map { cbrt($0) })
    }

    /// OKLab (L, a, b) to gamma-encoded sRGB, unclamped.
    static func sRGB(fromOKLab lab: ColorVector) -> ColorVector {
        let lms = okLabToLMS.apply(lab).map { $0 * $0 * $0 }
        return ColorConversion.rgb(fromXYZ: lmsToXYZ.apply(lms), in: .sRGB)
    }

    /// ΔEOK: the Euclidean distance of two colors in OKLab.
    static func deltaEOK(_ first: ColorVector, _ second: ColorVector) -> Double {
        let dL = first.x - second.x, da = first.y - second.y, db = first.z - second.z
        return (dL * dL + da * da + db * db).squareRoot()
    }

    /// The CSS Color 4 gamut mapping of gamma-encoded sRGB components into 0...1.
    static func mapIntoSRGB(_ rgb: ColorVector) -> ColorVector {
        let origin = okLab(fromSRGB: rgb)
        let lightness = origin.x
        if lightness >= 1 { return ColorVector(1, 1, 1) }
        if lightness <= 0 { return ColorVector(0, 0, 0) }
        if ColorConversion.isInUnitCube(rgb) { return rgb }

        let hue = atan2(origin.z, origin.y)
        func atChroma(_ chroma: Double) -> ColorVector {
            ColorVector(lightness, chroma * cos(hue), chroma * sin(hue))
        }
        func clip(_ lab: ColorVector) -> ColorVector {
            sRGB(fromOKLab: lab).map { min(max($0, 0), 1) }
        }

        var current = origin
        var clipped = clip(current)
        if deltaEOK(okLab(fromSRGB: clipped), current) < justNoticeableDifference { return clipped }

        var low = 0.0
        var high = (origin.y * origin.y + origin.z * origin.z).squareRoot()
        var lowIsInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            current = atChroma(chroma)
            if lowIsInGamut && ColorConversion.isInUnitCube(sRGB(fromOKLab: current)) {
                low = chroma
                continue
            }
            clipped = clip(current)
            let difference = deltaEOK(okLab(fromSRGB: clipped), current)
            if difference < justNoticeableDifference {
                if justNoticeableDifference - difference < epsilon { break }
                lowIsInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return clipped
    }
}
