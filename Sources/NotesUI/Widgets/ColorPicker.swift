import NotesColor
import NotesModel
import NotesTerminal

/// How a color picker closed.
public enum ColorPickerOutcome: Equatable, Sendable {
    /// The accepted color: exactly the starting one (same space, components and alpha)
    /// when nothing was changed, else a new sRGB color.
    case picked(SerializableColor)
    case cancelled
}

/// A three-slider RGB color picker: a value holding its state, and `handle(_:)`.
/// It takes a starting color and reports the picked color or a cancel; it knows
/// nothing of categories. Keys: ↑/↓/j/k/Tab choose a slider, ←/→/h/l ±1,
/// H/L/PgDn/PgUp ±16, Home/End 0/255, `#` hex entry, 1–9 a recent color,
/// Enter accept, Esc cancel.
///
/// Faithful: the sliders show the starting color's sRGB bytes (a Display P3 color
/// converted and gamut-mapped for display), but accepting without a change hands
/// back the starting color itself, so a translucent or Display P3 color is never
/// rewritten. A change gives an sRGB color that keeps the starting alpha, unless the
/// hex typed sets one (`RRGGBBAA`).
public struct ColorPicker: Equatable, Sendable {
    public enum Channel: Int, CaseIterable, Sendable {
        case red, green, blue

        public var letter: String {
            switch self {
            case .red: "R"
            case .green: "G"
            case .blue: "B"
            }
        }
    }

    /// The color the picker was opened with, as stored.
    public let original: SerializableColor
    /// The starting color on the sliders.
    public let start: RGB8
    /// The sliders' color.
    public private(set) var color: RGB8
    /// The alpha of the color that accepting gives (the starting one unless hex set one).
    public private(set) var alpha: Float
    public private(set) var channel: Channel = .red
    /// The hex being typed after `#`; nil when not entering hex.
    public private(set) var hexEntry: TextField?
    /// A problem with the last hex entered, shown under the entry until the next key.
    public private(set) var problem: String?
    /// Recently picked colors, most recent first; `1`…`9` choose one.
    public let recent: [RGB8]

    public init(start: SerializableColor, recent: [RGB8] = []) {
        original = start
        self.start = start.rgb8
        color = start.rgb8
        alpha = start.alpha
        self.recent = recent
    }

    /// A picker starting at an opaque sRGB color.
    public init(start: RGB8, recent: [RGB8] = []) {
        self.init(start: SerializableColor(start), recent: recent)
    }

    /// Whether accepting now would change the color.
    public var isChanged: Bool {
        color != start || alpha != original.alpha
    }

    /// What accepting now gives: the original when unchanged, else the new sRGB color.
    public var result: SerializableColor {
        isChanged ? SerializableColor(color, alpha: alpha) : original
    }

    /// The value of one slider.
    public func value(of channel: Channel) -> UInt8 {
        switch channel {
        case .red: color.red
        case .green: color.green
        case .blue: color.blue
        }
    }

    /// Handles a key; nil while the picker stays open.
    public mutating func handle(_ key: Key) -> ColorPickerOutcome? {
        problem = nil
        if hexEntry != nil { return handleHex(key) }
        switch key {
        case .up, .character("k"), .backTab: select(offset: -1)
        case .down, .character("j"), .tab: select(offset: 1)
        case .left, .character("h"): adjust(by: -1)
        case .right, .character("l"): adjust(by: 1)
        case .character("H"), .pageDown: adjust(by: -16)
        case .character("L"), .pageUp: adjust(by: 16)
        case .home: set(0)
        case .end: set(255)
        case .character("#"): hexEntry = TextField()
        case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
            if let number = digit.wholeNumberValue, number <= recent.count { color = recent[number - 1] }
        case .enter: return .picked(result)
        case .escape: return .cancelled
        default: break
        }
        return nil
    }

    private mutating func handleHex(_ key: Key) -> ColorPickerOutcome? {
        guard var field = hexEntry else { return nil }
        switch field.handle(key) {
        case .submitted(let text):
            guard let parsed = SerializableColor.parseHex(text) else {
                problem = "not a hex color: use \(SerializableColor.hexForms)"
                hexEntry = field
                return nil
            }
            color = parsed.color
            if let typedAlpha = parsed.alpha {
                // The starting alpha's own byte keeps its exact value.
                let startByte = UInt8((min(max(original.alpha, 0), 1) * 255).rounded())
                alpha = typedAlpha == startByte ? original.alpha : Float(typedAlpha) / 255
            }
            hexEntry = nil
        case .cancelled:
            hexEntry = nil
        case nil:
            hexEntry = field
        }
        return nil
    }


    private mutating func select(offset: Int) {
        let count = Channel.allCases.count
        channel = Channel(rawValue: (channel.rawValue + offset + count) % count) ?? .red
    }

    private mutating func adjust(by delta: Int) {
        set(min(255, max(0, Int(value(of: channel)) + delta)))
    }

    private mutating func set(_ value: Int) {
        let byte = UInt8(clamping: value)
        switch channel {
        case .red: color.red = byte
        case .green: color.green = byte
        case .blue: color.blue = byte
        }
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> Substring {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}

extension RGB8 {
    /// `recent` with `self` put first, duplicates removed, at most `limit` long.
    public func prepended(to recent: [RGB8], limit: Int = NotesDatabase.recentColorLimit) -> [RGB8] {
        Array(([self] + recent.filter { $0 != self }).prefix(limit))
    }
}
