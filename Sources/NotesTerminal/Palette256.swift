import Foundation
import NotesColor

/// The xterm 256-color palette's fixed part and the perceptual nearest-color search.
///
/// Indexes 16–231 are a 6×6×6 cube with levels 0, 95, 135, 175, 215, 255;
/// 232–255 are grays 8 + 10·i. Indexes 0–15 are left out: users theme them.
public enum Palette256 {
    /// The cube's six levels per channel.
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of a palette index in 16...255; nil outside.
    public static func color(ofIndex index: Int) -> RGB8? {
        switch index {
        case 16...231:
            let cube = index - 16
            return RGB8(red: cubeLevels[cube / 36], green: cubeLevels[(cube / 6) % 6],
                        blue: cubeLevels[cube % 6])
        case 232...255:
            let gray = UInt8(8 + 10 * (index - 232))
            return RGB8(red: gray, green: gray, blue: gray)
        default:
            return nil
        }
    }

    /// The index in 16...255 nearest to `color` by a perceptual distance that keeps its
    /// hue (`OKLab.hueKeepingDistance`). A table of picks is tested (`PaletteTests`):
    ///
    /// | color | pick | |
    /// | --- | --- | --- |
    /// | `#123456` dark blue | 24 `#005F87` | plain OKLab: gray 236 |
    /// | `#1A1A40` navy | 17 `#00005F` | plain OKLab: gray 234 |
    /// | `#2B3A55` slate | 60 `#5F5F87` | plain OKLab: gray 237 |
    /// | `#003300` dark green | 22 `#005F00` | plain OKLab: gray 235 |
    /// | `#5C4033` brown | 95 `#875F5F` | plain OKLab: gray 238 |
    /// | `#E6E6FA` lavender | 189 `#D7D7FF` | plain OKLab: gray 254 |
    /// | `#3A7BD5` mid blue | 32 `#0087D7` | plain RGB: 68 |
    /// | `#808890` near gray | 102 `#878787` | grays stay gray |
    public static func nearest(_ color: RGB8) -> Int {
        let target = OKLab(color)
        var best = candidates[0]
        var bestDistance = Double.infinity
        for candidate in candidates {
            let distance = candidate.lab.hueKeepingDistance(toTarget: target)
            if distance < bestDistance {
                bestDistance = distance
                best = candidate
            }
        }
        return best.index
    }

    private static let candidates: [(index: Int, lab: OKLab)] = (16...255).compactMap { index in
        color(ofIndex: index).map { (index, OKLab($0)) }
    }
}

/// The standard ANSI colors (xterm's defaults) for 8- and 16-color terminals.
public enum ANSIPalette {
    /// xterm's default RGB for indexes 0–15.
    public static let colors: [RGB8] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ].map { RGB8(red: UInt8($0 >> 16), green: UInt8(($0 >> 8) & 0xFF), blue: UInt8($0 & 0xFF)) }

    /// The index among the first `count` (8 or 16) ANSI colors nearest to `color`. A color
    /// with a clear hue (OKLab chroma ≥ 0.05) takes the chromatic entry nearest in hue
    /// angle (then lightness), never black, white or gray (`#123456` is blue, 4, not
    /// black); a grayish one takes the nearest by the hue-keeping distance.
    public static func nearest(_ color: RGB8, count: Int) -> Int {
        let target = OKLab(color)
        let usable = labs.prefix(max(1, min(count, labs.count)))
        let keepsHue = target.chroma >= 0.05
        var best = 0
        var bestDistance = Double.infinity
        for (index, lab) in usable.enumerated() {
            if keepsHue && achromatic.contains(index) { continue }
            let distance = keepsHue ? hueAngleDistance(lab, target) : lab.hueKeepingDistance(toTarget: target)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    /// The squared hue angle between two colors (radians), plus a little lightness.
    private static func hueAngleDistance(_ entry: OKLab, _ target: OKLab) -> Double {
        var angle = abs(atan2(entry.b, entry.a) - atan2(target.b, target.a))
        if angle > Double.pi { angle = 2 * Double.pi - angle }
        let dL = entry.lightness - target.lightness
        return angle * angle + 0.1 * dL * dL
    }

    private static let labs: [OKLab] = colors.map(OKLab.init)
    /// Black, light gray, dark gray, white.
    private static let achromatic: Set<Int> = [0, 7, 8, 15]
}
