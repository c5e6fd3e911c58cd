import NotesCore

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

    /// The index in 16...255 nearest to `color` by OKLab distance.
    public static func nearest(_ color: RGB8) -> Int {
        let target = OKLab(color)
        var best = candidates[0]
        var bestDistance = Double.infinity
        for candidate in candidates {
            let distance = candidate.lab.distanceSquared(to: target)
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

    /// The index among the first `count` (8 or 16) ANSI colors nearest to `color` by OKLab distance.
    public static func nearest(_ color: RGB8, count: Int) -> Int {
        let target = OKLab(color)
        let usable = labs.prefix(max(1, min(count, labs.count)))
        var best = 0
        var bestDistance = Double.infinity
        for (index, lab) in usable.enumerated() {
            let distance = lab.distanceSquared(to: target)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    private static let labs: [OKLab] = colors.map(OKLab.init)
}
