import NotesCore

/// How a color picker closed.
public enum ColorPickerOutcome: Equatable, Sendable {
    case picked(RGB8)
    case cancelled
}

/// A three-slider RGB color picker: a value holding its state, and `handle(_:)`.
/// It takes a starting color and reports the picked color or a cancel; it knows
/// nothing of categories. Keys: ↑/↓/j/k/Tab choose a slider, ←/→/h/l ±1,
/// H/L/PgDn/PgUp ±16, Home/End 0/255, `#` hex entry, 1–9 a recent color,
/// Enter accept, Esc cancel.
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

    public let start: RGB8
    public private(set) var color: RGB8
    public private(set) var channel: Channel = .red
    /// The hex being typed after `#`; nil when not entering hex.
    public private(set) var hexEntry: TextField?
    /// A problem with the last hex entered, shown until the next key.
    public private(set) var problem: String?
    /// Recently picked colors, most recent first; `1`…`9` choose one.
    public let recent: [RGB8]

    public init(start: RGB8, recent: [RGB8] = []) {
        self.start = start
        self.color = start
        self.recent = recent
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
        case .enter: return .picked(color)
        case .escape: return .cancelled
        default: break
        }
        return nil
    }

    private mutating func handleHex(_ key: Key) -> ColorPickerOutcome? {
        guard var field = hexEntry else { return nil }
        if case .character(let typed) = key, !typed.isNewline {
            guard typed.isHexDigit, field.text.count < 6 else { return nil }
        }
        switch field.handle(key) {
        case .submitted(let text):
            guard let parsed = Self.parseHex(text) else {
                problem = "'\(text)' is not RRGGBB"
                hexEntry = field
                return nil
            }
            color = parsed
            hexEntry = nil
        case .cancelled:
            hexEntry = nil
        case nil:
            hexEntry = field
        }
        return nil
    }

    /// `RRGGBB` (six hex digits, `#` optional) as a color.
    public static func parseHex(_ text: String) -> RGB8? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
              let value = UInt32(digits, radix: 16) else { return nil }
        return RGB8(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
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

extension RGB8 {
    /// `recent` with `self` put first, duplicates removed, at most `limit` long.
    public func prepended(to recent: [RGB8], limit: Int = NotesDatabase.recentColorLimit) -> [RGB8] {
        Array(([self] + recent.filter { $0 != self }).prefix(limit))
    }
}
