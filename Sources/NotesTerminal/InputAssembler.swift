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
/// - Alt: `ESC` followed at once by another key → `.alt(key)`; `ESC` alone → `.escape`.
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
    }

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
    private var paste: String.UnicodeScalarView?
    private var pasteLength = 0
    private var escapePending = false

    public init(decoder: KeyDecoder, pasteStartCode: Int32, pasteEndCode: Int32) {
        self.decoder = decoder
        self.pasteStartCode = pasteStartCode
        self.pasteEndCode = pasteEndCode
    }

    public var wait: Wait {
        if paste != nil { return .untilPasteEnds }
        return escapePending ? .noWait : .asAsked
    }

    /// Takes one read; returns the events it completes (often none or one). `.resize`
    /// events carry `size`.
    public mutating func feed(_ input: RawInput, size: TerminalSize) -> [InputEvent] {
        if paste != nil { return feedPaste(input, size: size) }
        if escapePending {
            escapePending = false
            return afterEscape(input, size: size)
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
        case .keyCode(let code):
            return decoder.decode(keyCode: code, size: size).map { [$0] } ?? []
        }
    }

    /// The read after an `ESC`: a key that came with it makes an Alt combination.
    private mutating func afterEscape(_ input: RawInput, size: TerminalSize) -> [InputEvent] {
        switch input {
        case .nothing:
            return [.key(.escape)]
        case .character(27):
            escapePending = true  // Esc Esc: this one is a plain Esc, the next may start an Alt
            return [.key(.escape)]
        case .keyCode(pasteStartCode), .keyCode(pasteEndCode):
            return [.key(.escape)] + feed(input, size: size)
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
}
