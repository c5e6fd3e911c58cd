/// A mouse event as xterm's SGR mode (1006) reports it, in cells from the top left
/// (0-based). Modifier keys are not kept: no binding uses them.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable {
        case left, middle, right
    }

    public enum Action: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case wheelUp, wheelDown
    }

    public var action: Action
    public var x: Int
    public var y: Int
    /// When the terminal layer read it, in seconds of a monotonic clock: two presses on
    /// one cell close together make a double click.
    public var time: Double

    public init(_ action: Action, x: Int, y: Int, time: Double = 0) {
        self.action = action
        self.x = x
        self.y = y
        self.time = time
    }

    /// The largest coordinate taken (1-based, as sent); a larger one is a bad sequence.
    static let maximumCoordinate = 10_000

    /// The event in the parameters of `ESC [ < Cb ; Cx ; Cy M` (a press, a wheel step) or
    /// `… m` (a release): `parameters` is the bytes between `<` and the final byte. Nil
    /// for a sequence that is malformed or means nothing here (a move without a button,
    /// a sideways wheel, a coordinate out of range).
    public static func sgr(parameters: [UInt8], final: UInt8, time: Double = 0) -> MouseEvent? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 5, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        let (code, column, row) = (numbers[0], numbers[1], numbers[2])
        guard (1...maximumCoordinate).contains(column), (1...maximumCoordinate).contains(row) else { return nil }
        guard let action = action(code: code, isRelease: final == UInt8(ascii: "m")) else { return nil }
        return MouseEvent(action, x: column - 1, y: row - 1, time: time)
    }

    /// The action of the button code `Cb`: its low two bits are the button, 64 marks the
    /// wheel, 32 a move with a button held (not asked for: nil); 4, 8, 16 are modifiers.
    private static func action(code: Int, isRelease: Bool) -> Action? {
        let button = code & 3
        if code & 64 != 0 {
            guard !isRelease, code & 128 == 0 else { return nil }
            return button == 0 ? .wheelUp : button == 1 ? .wheelDown : nil
        }
        guard code & 32 == 0, code < 64 else { return nil }
        let buttons: [Button] = [.left, .middle, .right]
        guard button < 3 else { return nil }
        return isRelease ? .release(buttons[button]) : .press(buttons[button])
    }
}
