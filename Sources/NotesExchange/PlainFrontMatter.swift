import Foundation

/// A YAML front matter made only of plain `key: value` lines (`title: Trip notes`,
/// `date: 2024-01-02`, `tags: travel, food`), read without the YAML parser: most notes'
/// headers are just that, and Yams costs far more per file than the rest of an import.
///
/// It gives the very `NoteHeader` Yams would give (the same keys, texts and lines), or nil
/// whenever a line is anything else — indented, quoted, a list, a comment, a tab, a value
/// that starts with a YAML indicator or holds `: ` or ` #`, a key written twice, a header
/// that is not closed — and then `YAMLFrontMatter` reads it (and reports what is wrong).
enum PlainFrontMatter {
    /// The header and the text after the closing line; nil when the header is not plainly
    /// `key: value` lines (or there is none).
    static func split(_ text: String) -> (header: NoteHeader, body: String)? {
        let utf8 = text.utf8
        guard let span = try? YAMLFrontMatter.span(of: utf8) else { return nil }
        var entries: [NoteHeader.Entry] = []
        var keys = Set<String>()
        for (number, line) in span.lines.enumerated() {
            let bytes = utf8[line]
            if bytes.isEmpty { continue }
            // The opening fence is line 1 of the file, and the header's first line line 2.
            guard let (key, value) = entry(Array(bytes)), keys.insert(key.lowercased()).inserted else { return nil }
            entries.append(NoteHeader.Entry(key: key, value: value, line: number + 2))
        }
        return (NoteHeader(entries: entries), String(decoding: utf8[span.bodyStart...], as: UTF8.self))
    }

    /// `key: value` (or `key:`, a null) as Yams reads it; nil when the line is anything else.
    static func entry(_ line: [UInt8]) -> (String, NoteHeader.Value)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              line[0] != UInt8(ascii: "-"), line[..<colon].allSatisfy(isKeyByte) else { return nil }
        var start = colon + 1
        guard start == line.count || line[start] == 0x20 else { return nil }
        while start < line.count, line[start] == 0x20 { start += 1 }
        var end = line.count
        while end > start, line[end - 1] == 0x20 { end -= 1 }
        let key = String(decoding: line[..<colon], as: UTF8.self)
        let value = line[start..<end]
        guard let first = value.first else { return (key, .empty) }
        guard !indicators.contains(first), value.last != UInt8(ascii: ":"), isPlainText(value) else { return nil }
        let text = String(decoding: value, as: UTF8.self)
        guard isPrintable(text) else { return nil }
        return (key, nulls.contains(text) ? .empty : .text(text))
    }

    /// Bytes that make a YAML value something other than plain text when they come first.
    private static let indicators = Set("-?:,[]{}#&*!|>'\"%@`".utf8)
    /// What YAML reads as null (`NSNull.construct` in Yams), said by `NoteHeader.Value.empty`.
    private static let nulls: Set<String> = ["~", "null", "Null", "NULL"]

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// No control byte or tab, and no `: ` or ` #` (which end a plain value in YAML).
    private static func isPlainText(_ value: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in value {
            if byte < 0x20 || byte == 0x7F { return false }
            if previous == UInt8(ascii: ":"), byte == 0x20 { return false }
            if previous == 0x20, byte == UInt8(ascii: "#") { return false }
            previous = byte
        }
        return true
    }

    /// No character YAML does not take as printable text or reads as a line break (C1
    /// controls, U+2028, U+2029, a byte-order mark, U+FFFE, U+FFFF).
    private static func isPrintable(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            switch scalar.value {
            case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return false
            default: continue
            }
        }
        return true
    }
}
