import Glibc
import NotesBase

/// How many terminal columns text takes, per grapheme cluster, as terminals that
/// follow Unicode's emoji rules draw it: CJK and emoji take two, combining marks none,
/// ASCII one. An emoji sequence is one emoji, two columns: a flag (two regional
/// indicators), a skin-tone modifier sequence, a ZWJ sequence (families, 🏳️‍🌈), a
/// `U+FE0F` presentation sequence (`✈️`, `#️⃣`). A lone regional indicator takes one.
/// Other non-ASCII widths come from `wcwidth` of the cluster's first scalar.
///
/// Terminals that predate these rules draw some sequences wider or narrower; the
/// terminal layer writes such clusters so that the screen stays aligned either way
/// (`TerminalGlyph`, `NCursesTerminal`).
public enum DisplayWidth {
    /// The columns one grapheme cluster takes: 0 for line breaks and tabs; a control
    /// character or bidi override as wide as the escape that shows it (`visibleEscape`).
    @inline(__always)
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            if ascii >= 0x20 && ascii != 0x7F { return 1 }
            return ascii == 0x0A || ascii == 0x09 || ascii == 0x0D ? 0 : 2
        }
        return nonASCII(character)
    }

    /// How `ScreenBuffer.write` shows a character a terminal would take as a command or
    /// that reorders text (C0 controls but line breaks and tabs, DEL, C1, bidi overrides):
    /// the command line's escape (`^[`, `\u{202E}`); nil for every other character.
    public static func visibleEscape(_ character: Character) -> String? {
        if let ascii = character.asciiValue {
            guard ascii < 0x20 || ascii == 0x7F, ascii != 0x0A, ascii != 0x09, ascii != 0x0D else { return nil }
            return TerminalSafeText.escape(for: Unicode.Scalar(ascii))
        }
        guard let first = character.unicodeScalars.first, TerminalSafeText.isUnsafe(first) else { return nil }
        return TerminalSafeText.escape(for: first)
    }

    /// The bytes of `text`, read by `body`, when every one is a printable ASCII character
    /// (a column each), a line break or a tab: then each byte is a character of its own (no
    /// `\r\n` pair, no mark joining a letter) and `ScreenBuffer.write` draws it byte by
    /// byte. Nil otherwise.
    public static func withPlainASCII<S: StringProtocol, Result>(_ text: S, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        withBytes(of: text, where: { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }, body)
    }

    /// The bytes of `text`, read by `body`, when every one is a printable ASCII character
    /// (as many columns as bytes); nil otherwise.
    static func withPrintableASCII<S: StringProtocol, Result>(_ text: S, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        withBytes(of: text, where: { $0 >= 0x20 && $0 < 0x7F }, body)
    }

    /// The bytes of `text`, read by `body`, when every one passes `test`; nil otherwise. The
    /// bytes are read where the string keeps them: a generic loop over `text.utf8` would go
    /// through the protocol for each byte.
    private static func withBytes<S: StringProtocol, Result>(of text: S, where test: (UInt8) -> Bool,
                                                             _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy(test) ? body(bytes) : nil } ?? nil
    }

    /// The columns `text` takes.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        if let columns = withPrintableASCII(text, \.count) { return columns }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    public static func truncate<S: StringProtocol>(_ text: S, to width: Int) -> String {
        guard width > 0 else { return "" }
        if let cut = withPrintableASCII(text, { bytes in
            bytes.count <= width ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(width - 1)), as: UTF8.self) + "…"
        }) {
            return cut ?? String(text)
        }
        var result = ""
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let columns = of(text[index])
            if used + columns > width { break }
            used += columns
            index = text.index(after: index)
        }
        if index == text.endIndex { return String(text) }
        // Something is cut: make room for the ellipsis.
        used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` truncated to `width` columns, then padded with spaces to exactly `width`.
    public static func fit<S: StringProtocol>(_ text: S, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let missing = width - of(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    private static func nonASCII(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if TerminalSafeText.isUnsafe(first) { return TerminalSafeText.escape(for: first).count }
        if isRegionalIndicator(first) { return scalars.count > 1 ? 2 : 1 }
        if first.properties.isEmojiPresentation { return 2 }
        if scalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        let columns = scalarWidth(first)
        return max(columns, 0)
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// `wcwidth` of one scalar: what curses and terminals without emoji rules take it for.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        guard let function = WidthFunction.shared.wcwidth else {
            return scalar.properties.generalCategory == .nonspacingMark ? 0 : 1
        }
        return Int(function(wchar_t(bitPattern: scalar.value)))
    }
}

/// Glibc's `wcwidth`, which Swift's Glibc module does not export (it is an X/Open
/// extension), looked up once. It knows non-ASCII widths only in a UTF-8 locale: if
/// the program has not chosen one (tests, a `C` locale), `C.UTF-8` is taken for
/// character types.
private struct WidthFunction: @unchecked Sendable {
    typealias Function = @convention(c) (wchar_t) -> Int32
    let wcwidth: Function?

    static let shared: WidthFunction = {
        guard let symbol = dlsym(nil, "wcwidth") else { return WidthFunction(wcwidth: nil) }
        let function = unsafeBitCast(symbol, to: Function.self)
        if function(0x4E00) != 2 { _ = setlocale(LC_CTYPE, "C.UTF-8") }
        return WidthFunction(wcwidth: function)
    }()
}
