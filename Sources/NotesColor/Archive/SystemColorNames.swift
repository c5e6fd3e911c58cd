/// The named colors an Apple archive may hold only by name: an `NSColor` of the `System`
/// catalog (`NSColorName`) or a `UIColor` with a `UISystemColorName`. Their sRGB values as
/// Apple documents them: the fixed class colors of `UIColor.h`/`NSColor.h` (`redColor` is
/// 1 0 0), and the system colors of the Human Interface Guidelines in their default
/// (light) appearance. Adaptive "semantic" colors (`labelColor`, `windowBackgroundColor`,
/// `controlAccentColor`) have no one value and are not listed: such a color is read from the
/// components archived with it, or refused by name.
enum SystemColorNames {
    /// The sRGB color of `name` (with or without its `Color` suffix), nil for a name not listed.
    static func color(named name: String) -> SerializableColor? {
        let key = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
        if let components = classColors[key] {
            return try? SerializableColor(red: components.0, green: components.1, blue: components.2, alpha: components.3)
        }
        return systemColors[key].map { SerializableColor(RGB8(red: $0.0, green: $0.1, blue: $0.2)) }
    }

    /// UIColor.h / NSColor.h class colors: components as documented (`darkGrayColor` is 1/3 white).
    private static let classColors: [String: (Float, Float, Float, Float)] = [
        "black": (0, 0, 0, 1), "darkGray": (1 / 3, 1 / 3, 1 / 3, 1), "lightGray": (2 / 3, 2 / 3, 2 / 3, 1),
        "white": (1, 1, 1, 1), "gray": (0.5, 0.5, 0.5, 1), "red": (1, 0, 0, 1), "green": (0, 1, 0, 1),
        "blue": (0, 0, 1, 1), "cyan": (0, 1, 1, 1), "yellow": (1, 1, 0, 1), "magenta": (1, 0, 1, 1),
        "orange": (1, 0.5, 0, 1), "purple": (0.5, 0, 0.5, 1), "brown": (0.6, 0.4, 0.2, 1), "clear": (0, 0, 0, 0),
    ]

    /// sRGB bytes, as the guidelines give them.
    private static let systemColors: [String: (UInt8, UInt8, UInt8)] = [
        // Human Interface Guidelines, system colors, default (light) appearance.
        "systemRed": (255, 59, 48), "systemOrange": (255, 149, 0), "systemYellow": (255, 204, 0),
        "systemGreen": (52, 199, 89), "systemMint": (0, 199, 190), "systemTeal": (48, 176, 199),
        "systemCyan": (50, 173, 230), "systemBlue": (0, 122, 255), "systemIndigo": (88, 86, 214),
        "systemPurple": (175, 82, 222), "systemPink": (255, 45, 85), "systemBrown": (162, 132, 94),
        "systemGray": (142, 142, 147), "systemGray2": (174, 174, 178), "systemGray3": (199, 199, 204),
        "systemGray4": (209, 209, 214), "systemGray5": (229, 229, 234), "systemGray6": (242, 242, 247),
    ]
}
