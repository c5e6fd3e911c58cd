/// Turns what `get_wch` returns into an `InputEvent`. Pure: the curses key codes
/// (`KEY_UP`, …) are given to it by `NCursesTerminal`, so tests can use any numbers.
public struct KeyDecoder: Sendable {
    /// Curses key codes (`get_wch` returned `KEY_CODE_YES`) and the keys they are.
    public var keyCodes: [Int32: Key]
    /// `KEY_F0`: `KEY_F0 + n` is F*n*.
    public var functionKeyBase: Int32
    /// `KEY_RESIZE`.
    public var resizeCode: Int32

    public init(keyCodes: [Int32: Key], functionKeyBase: Int32, resizeCode: Int32) {
        self.keyCodes = keyCodes
        self.functionKeyBase = functionKeyBase
        self.resizeCode = resizeCode
    }

    /// What a curses key code means; `.resize` events carry `size`.
    public func decode(keyCode: Int32, size: TerminalSize) -> InputEvent? {
        if keyCode == resizeCode { return .resize(size) }
        if let key = keyCodes[keyCode] { return .key(key) }
        let function = keyCode - functionKeyBase
        if (1...63).contains(function) { return .key(.function(Int(function))) }
        return nil
    }

    /// What a character (`get_wch` returned `OK`) means.
    public static func decode(character code: UInt32) -> InputEvent? {
        switch code {
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 0: return .key(.control(" "))
        case 1...26:
            guard let scalar = Unicode.Scalar(UInt32(96) + code) else { return nil }
            return .key(.control(Character(scalar)))
        case 28...31:
            return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
