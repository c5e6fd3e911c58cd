/// Text from notes made safe to show on a terminal: every character that a terminal
/// would take as a command, or that reorders what is shown, becomes a visible escape.
///
/// - C0 controls other than line feed and tab, and DEL: caret notation (`ESC` → `^[`,
///   `CR` → `^M`, `BEL` → `^G`, DEL → `^?`), as `cat -v` and shells show them.
/// - C1 controls (U+0080–U+009F, among them the 8-bit `CSI` and `OSC`): `\u{9B}`.
/// - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make
///   a terminal show text in another order than it is (Trojan Source): `\u{202E}`.
///   The marks U+200E, U+200F and U+061C are kept: they reorder nothing but the
///   neutral characters around them, and right-to-left text uses them.
///
/// Line feeds and tabs are layout and pass as they are. Pipes and files get the exact
/// bytes; only a terminal gets this form (see the command line's `Console`).
public enum TerminalSafeText {
    /// `text` with its unsafe characters escaped; `text` itself when it has none.
    public static func escaped(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let firstUnsafe = firstUnsafeIndex(in: bytes[...]) else { return text }
        return String(decoding: escaped(bytes[...], from: firstUnsafe), as: UTF8.self)
    }

    /// UTF-8 `bytes` with their unsafe characters escaped (invalid UTF-8 is left to the
    /// terminal's own replacement, byte for byte, except C0 controls and DEL).
    public static func escaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard let firstUnsafe = firstUnsafeIndex(in: bytes) else { return Array(bytes) }
        return escaped(bytes, from: firstUnsafe)
    }

    /// Whether `scalar` is shown as an escape.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The escape shown for an unsafe scalar.
    public static func escape(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0..<0x20: "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        case 0x7F: "^?"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// The index of the first byte that starts an unsafe character. A byte scan: C0 and
    /// DEL are single bytes, C1 is `C2 80`–`C2 9F`, the bidi controls are `E2 80 AA`–`E2 80 AE`
    /// and `E2 81 A6`–`E2 81 A9`.
    private static func firstUnsafeIndex(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if unsafeLength(in: bytes, at: index) > 0 { return index }
            index += 1
        }
        return nil
    }

    /// The length of the unsafe character starting at `index`, 0 when there is none.
    @inline(__always)
    private static func unsafeLength(in bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        switch byte {
        case 0x0A, 0x09: return 0
        case 0..<0x20, 0x7F: return 1
        case 0xC2:
            guard index + 1 < bytes.endIndex else { return 0 }
            return (0x80...0x9F).contains(bytes[index + 1]) ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.endIndex else { return 0 }
            let second = bytes[index + 1], third = bytes[index + 2]
            if second == 0x80 && (0xAA...0xAE).contains(third) { return 3 }
            if second == 0x81 && (0xA6...0xA9).contains(third) { return 3 }
            return 0
        default:
            return 0
        }
    }

    private static func escaped(_ bytes: ArraySlice<UInt8>, from firstUnsafe: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        result.append(contentsOf: bytes[bytes.startIndex..<firstUnsafe])
        var index = firstUnsafe
        while index < bytes.endIndex {
            let length = unsafeLength(in: bytes, at: index)
            guard length > 0 else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first ?? "?"
            result.append(contentsOf: escape(for: scalar).utf8)
            index += length
        }
        return result
    }
}
