/// What one read of the keyboard (`get_wch`) gave.
public enum RawInput: Equatable, Sendable {
    /// A character (`get_wch` returned `OK`), as its code point.
    case character(UInt32)
    /// A curses key code (`get_wch` returned `KEY_CODE_YES`).
    case keyCode(Int32)
    /// Nothing came within the wait.
    case nothing
}

/// Builds input events out of single reads, for what spans several of them:
/// - a bracketed paste: the key code of `ESC[200~`, any characters, the key code of
///   `ESC[201~` → ONE `.paste(String)` key holding exactly the characters, however long;
/// - Alt: `ESC` followed at once by another key → `.alt(key)`; `ESC` alone → `.escape`;
/// - a mouse report: the key code of `ESC[<` (or `ESC`, `[`, `<` read apart), digits and
///   `;`, then `M` or `m` → ONE `.mouse` event (`MouseEvent.sgr`); a malformed or cut
///   report is dropped whole, never keys.
///
/// Pure: `NCursesTerminal` reads and feeds it, and asks `wait` how long the next read
/// may wait; tests feed it sequences.
public struct InputAssembler: Sendable {
    /// How long the next read should wait.
    public enum Wait: Equatable, Sendable {
        /// As long as the app asked (no partial input held).
        case asAsked
        /// Not at all: an `ESC` was read, and only a key already there makes it an Alt.
        case noWait
        /// Up to `pasteSilenceMilliseconds`: a paste has begun and its end has not come.
        case untilPasteEnds
        /// Up to `mouseSilenceMilliseconds`: a mouse report has begun and its end has not come.
        case untilMouseEnds
    }

    /// A mouse report whose end has not come after this much silence is dropped.
    public static let mouseSilenceMilliseconds = 200
    /// A mouse report's parameters are never longer (three five-digit numbers and two `;`).
    static let maximumMouseParameters = 17

    /// A paste whose end marker has not come after this much silence is delivered as
    /// it is (still as one paste, never as keys).
    public static let pasteSilenceMilliseconds = 5_000
    /// At most this many characters of a paste are kept; the rest is read and dropped
    /// (never keys). Far more than any field holds (`TextField.maximumLength`).
    public static let maximumPasteLength = 1 << 20

    public let decoder: KeyDecoder
    /// The key codes the terminal layer gave the paste markers `ESC[200~` and `ESC[201~`.
    public let pasteStartCode: Int32
    public let pasteEndCode: Int32
    /// The key code the terminal layer gave `ESC[<`, the start of an SGR mouse report.
    public let mouseStartCode: Int32?
    private var paste: String.UnicodeScalarView?
    /// The parameters of a mouse report being read.
    private var mouse: [UInt8]?
    /// `ESC` then `[` were read apart: a `<` next starts a mouse report.
    private var escapeBracketPending = false
    private var pasteLength = 0
    private var escapePending = false

    public init(decoder: KeyDecoder, pasteStartCode: Int32, pasteEndCode: Int32, mouseStartCode: Int32? = nil) {
        self.decoder = decoder
        self.pasteStartCode = pasteStartCode
        self.pasteEndCode = pasteEndCode
        self.mouseStartCode = mouseStartCode
    }

    public var wait: Wait {
        if paste != nil { return .untilPasteEnds }
        if mouse != nil { return .untilMouseEnds }
        return escapePending || escapeBracketPending ? .noWait : .asAsked
    }

    /// Takes one read; returns the events it completes (often none or one). `.resize`
    /// events carry `size`; `.mouse` events carry `time` (seconds of a monotonic clock).
    public mutating func feed(_ input: RawInput, size: TerminalSize, time: Double = 0) -> [InputEvent] {
        if paste != nil { return feedPaste(input, size: size) }
        if mouse != nil { return feedMouse(input, size: size, time: time) }
        if escapeBracketPending {
            escapeBracketPending = false
            if input == .character(UInt32(UInt8(ascii: "<"))) {
                mouse = []
                return []
            }
            return [.key(.alt(.character("[")))] + (input == .nothing ? [] : feed(input, size: size, time: time))
        }
        if escapePending {
            escapePending = false
            return afterEscape(input, size: size, time: time)
        }
        switch input {
        case .nothing:
            return []
        case .character(27):
            escapePending = true
            return []
        case .character(let code):
            return KeyDecoder.decode(character: code).map { [$0] } ?? []
        case .keyCode(pasteStartCode):
            paste = String.UnicodeScalarView()
            pasteLength = 0
            return []
        case .keyCode(pasteEndCode):
            return []  // an end without a start: nothing to deliver
        case .keyCode(let code) where code == mouseStartCode:
            mouse = []
            return []
        case .keyCode(let code):
            return decoder.decode(keyCode: code, size: size).map { [$0] } ?? []
        }
    }

    /// The read after an `ESC`: a key that came with it makes an Alt combination.
    private mutating func afterEscape(_ input: RawInput, size: TerminalSize, time: Double) -> [InputEvent] {
        switch input {
        case .nothing:
            return [.key(.escape)]
        case .character(27):
            escapePending = true  // Esc Esc: this one is a plain Esc, the next may start an Alt
            return [.key(.escape)]
        case .keyCode(pasteStartCode), .keyCode(pasteEndCode):
            return [.key(.escape)] + feed(input, size: size)
        case .keyCode(let code) where code == mouseStartCode:
            return [.key(.escape)] + feed(input, size: size, time: time)
        case .character(0x5B):  // "["
            escapeBracketPending = true  // perhaps a mouse report read byte by byte
            return []
        case .character(let code):
            guard case .key(let key)? = KeyDecoder.decode(character: code) else { return [.key(.escape)] }
            return [.key(.alt(key))]
        case .keyCode(let code):
            switch decoder.decode(keyCode: code, size: size) {
            case .key(let key)?: return [.key(.alt(key))]
            case let other?: return [.key(.escape), other]
            case nil: return [.key(.escape)]
            }
        }
    }

    /// A read inside a paste: characters are kept as they are, the end marker delivers.
    private mutating func feedPaste(_ input: RawInput, size: TerminalSize) -> [InputEvent] {
        switch input {
        case .character(let code):
            if let scalar = Unicode.Scalar(code), pasteLength < Self.maximumPasteLength {
                paste?.append(scalar)
                pasteLength += 1
            }
            return []
        case .keyCode(pasteEndCode), .nothing:
            let text = String(paste ?? String.UnicodeScalarView())
            paste = nil
            return [.key(.paste(text))]
        case .keyCode(let code):
            // A key sequence curses recognised inside the pasted text: keep line breaks
            // and tabs, let a resize through, drop the rest (a paste is never keys).
            switch decoder.decode(keyCode: code, size: size) {
            case .key(.enter)?: paste?.append("\n")
            case .key(.tab)?: paste?.append("\t")
            case .resize(let newSize)?: return [.resize(newSize)]
            default: break
            }
            return []
        }
    }

    /// A read inside a mouse report: digits and `;` are kept, `M` or `m` delivers it; any
    /// other read (or silence) drops it, never as keys (a resize still gets through).
    private mutating func feedMouse(_ input: RawInput, size: TerminalSize, time: Double) -> [InputEvent] {
        guard case .character(let code) = input, let byte = UInt8(exactly: code) else {
            mouse = nil
            if case .keyCode(let code) = input, case .resize(let newSize)? = decoder.decode(keyCode: code, size: size) {
                return [.resize(newSize)]
            }
            return []
        }
        let parameters = mouse ?? []
        if byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m") {
            mouse = nil
            return MouseEvent.sgr(parameters: parameters, final: byte, time: time).map { [.mouse($0)] } ?? []
        }
        let isParameter = (0x30...0x39).contains(byte) || byte == UInt8(ascii: ";")
        mouse = isParameter && parameters.count < Self.maximumMouseParameters ? parameters + [byte] : nil
        return []
    }
}
