import Foundation
import Synchronization

/// The one folding rule of search, used by the UI filter and `notes list --search` alike:
/// text and query are both folded, then compared as bytes.
///
/// Each Unicode scalar is folded on its own:
/// 1. compatibility decomposition (NFKD): `é` → `e` + U+0301, `ﬁ` → `fi`, the Kelvin sign
///    → `K`, full-width `Ａ` → `A`, `²` → `2`, Hangul syllables → jamo;
/// 2. lowercase (the full mapping: `İ` → `i` + U+0307), then decomposed again;
/// 3. combining marks (accents, enclosing marks) and default-ignorable scalars
///    (U+FE0F, ZWJ, soft hyphen) are dropped;
/// 4. controls and white space become one space each;
/// 5. three letters that lowercasing leaves apart are joined to their plain forms:
///    `ß` → `ss`, dotless `ı` → `i`, final `ς` → `σ`.
/// So `José` typed precomposed finds `Jose` + U+0301 (and `jose`), `strasse` finds
/// `Straße`, `fine` finds `ﬁne`. Because every scalar folds alone, folding a string
/// equals folding its characters one by one and joining the results, which is what
/// lets the highlights map folded bytes back to characters.
///
/// Folded text is valid UTF-8 and never holds a byte below 0x20: the search text uses
/// those bytes as separators (`SearchableNote`).
public enum SearchFolding {
    /// Folds `string` to bytes.
    public static func fold(_ string: String) -> [UInt8] {
        var folder = SearchFolder()
        var bytes: [UInt8] = []
        folder.append(string, to: &bytes)
        return bytes
    }

    /// Folds `string` to a `String` (for tests and messages).
    public static func folded(_ string: String) -> String {
        String(decoding: fold(string), as: UTF8.self)
    }

    /// The folded bytes of one ASCII byte: letters lowercased, controls to a space.
    @inline(__always)
    static func foldASCII(_ byte: UInt8) -> UInt8 {
        if byte < 0x20 || byte == 0x7F { return 0x20 }
        return byte | (byte &- 0x41 < 26 ? 0x20 : 0)
    }

    /// The folded forms of the scalars outside ASCII met so far by any folder of this
    /// process: folding a scalar asks Foundation for its decompositions, and a short-lived
    /// folder (`fold(_:)` of one title, as the link index and the count of missing links
    /// make for every note) would otherwise ask again for every accented letter of every title.
    private static let known = Mutex<[UInt32: [UInt8]]>([:])
    /// Text of many scripts stays well under this; past it, a scalar is folded each time.
    private static let knownLimit = 1 << 16

    /// `foldNonASCII(scalar)`, remembered for the whole process.
    static func foldNonASCIIRemembered(_ scalar: Unicode.Scalar) -> [UInt8] {
        if let found = known.withLock({ $0[scalar.value] }) { return found }
        let folded = foldNonASCII(scalar)
        known.withLock { if $0.count < knownLimit { $0[scalar.value] = folded } }
        return folded
    }

    /// The folded UTF-8 of a scalar outside ASCII (see the type's comment).
    static func foldNonASCII(_ scalar: Unicode.Scalar) -> [UInt8] {
        var result = ""
        for decomposed in compatibilityDecomposition(scalar) {
            for lowered in decomposed.properties.lowercaseMapping.unicodeScalars {
                for part in compatibilityDecomposition(lowered) { appendFinal(part, to: &result) }
            }
        }
        return Array(result.utf8)
    }

    /// Step 3 to 5 for one scalar already decomposed and lowercased.
    private static func appendFinal(_ scalar: Unicode.Scalar, to result: inout String) {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return
        case .control, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            result.unicodeScalars.append(" ")
            return
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return }
        if properties.isWhitespace {
            result.unicodeScalars.append(" ")
            return
        }
        switch scalar {
        case "\u{DF}": result += "ss"
        case "\u{131}": result += "i"
        case "\u{3C2}": result += "\u{3C3}"
        default: result.unicodeScalars.append(scalar)
        }
    }

    private static func compatibilityDecomposition(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        // CJK ideographs and emoji have no decomposition: skip the call into Foundation.
        // Hangul syllables are decomposed by Unicode's rule, without Foundation either.
        let value = scalar.value
        if (0x4E00...0x9FFF).contains(value) || (0x1F300...0x1FAFF).contains(value) || scalar.isASCII {
            return String(scalar).unicodeScalars
        }
        if (0xAC00...0xD7A3).contains(value) { return hangulJamo(value) }
        return String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars
    }

    /// The conjoining jamo of a precomposed Hangul syllable (Unicode's arithmetic rule).
    private static func hangulJamo(_ value: UInt32) -> String.UnicodeScalarView {
        let index = value - 0xAC00
        var jamo = String.UnicodeScalarView()
        let leading = 0x1100 + index / 588, vowel = 0x1161 + (index % 588) / 28, trailing = index % 28
        for part in [leading, vowel] + (trailing == 0 ? [] : [0x11A7 + trailing]) {
            if let scalar = Unicode.Scalar(part) { jamo.append(scalar) }
        }
        return jamo
    }
}

/// Folds text for search, remembering the folded form of each scalar outside ASCII
/// it met (the same few accented letters recur). One per thread: not shareable.
public struct SearchFolder: Sendable {
    private var cache: [UInt32: [UInt8]] = [:]

    public init() {}

    /// Appends the folded form of `string`.
    public mutating func append(_ string: String, to bytes: inout [UInt8]) {
        var copy = string
        copy.withUTF8 { append(utf8: $0, to: &bytes) }
    }

    /// Appends the folded form of text given as UTF-8 (invalid sequences fold as U+FFFD).
    /// Runs of ASCII are copied at once and folded in place; other scalars go one by one.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var index = 0
        let count = utf8.count
        while index < count {
            var end = index
            while end < count, utf8[end] < 0x80 { end += 1 }
            if end > index { Self.appendASCII(UnsafeBufferPointer(rebasing: utf8[index..<end]), to: &bytes) }
            var runEnd = end
            while runEnd < count, utf8[runEnd] >= 0x80 { runEnd += 1 }
            if runEnd > end { appendNonASCII(UnsafeBufferPointer(rebasing: utf8[end..<runEnd]), to: &bytes) }
            index = runEnd
        }
    }

    /// Appends the folded form of one scalar.
    public mutating func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if scalar.isASCII {
            bytes.append(SearchFolding.foldASCII(UInt8(scalar.value)))
        } else if let known = cache[scalar.value] {
            bytes.append(contentsOf: known)
        } else {
            let folded = SearchFolding.foldNonASCIIRemembered(scalar)
            cache[scalar.value] = folded
            bytes.append(contentsOf: folded)
        }
    }

    private static func appendASCII(_ run: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: run)
        bytes.withUnsafeMutableBufferPointer { all in
            for offset in start..<all.count { all[offset] = SearchFolding.foldASCII(all[offset]) }
        }
    }

    private mutating func appendNonASCII(_ run: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var iterator = run.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): append(scalar, to: &bytes)
            case .emptyInput: return
            case .error: append("\u{FFFD}", to: &bytes)
            }
        }
    }
}
