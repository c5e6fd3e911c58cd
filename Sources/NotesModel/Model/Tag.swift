import Foundation

/// Tag names: `#Work`, ` work ` and `work` are the same tag, `work`.
public enum Tag {
    /// What separates tags in the app's `t` field: no tag may hold it, or the next edit
    /// there would split it in two.
    public static let separator: Character = ","

    /// Why `raw`, given as one tag (`--tag`, an item of the editor header's `tags`), is
    /// refused for holding the separator; nil when it holds none.
    public static func separatorProblem(_ raw: String) -> String? {
        guard raw.contains(separator) else { return nil }
        return "'\(raw)': a tag cannot hold a comma (commas separate tags; give each tag on its own)"
    }

    /// Trims white space and leading `#`s (until neither is left: `# #x` is `x`), and
    /// lowercases. Returns nil for an empty tag. Normalizing a normalized name changes
    /// nothing, so an import that normalizes again keeps the store's names.
    public static func normalize(_ raw: String) -> String? {
        if isPlainNormalized(raw) || isNormalizedBeyondASCII(raw) { return raw }
        var name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        while name.hasPrefix("#") {
            name.removeFirst()
            name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        name = name.lowercased()
        return name.isEmpty ? nil : name
    }

    /// Whether `raw` is printable ASCII without space, capitals or a leading `#`: already
    /// normalized, as nearly every tag an import reads is (no Foundation trimming for it).
    private static func isPlainNormalized(_ raw: String) -> Bool {
        guard let first = raw.utf8.first, first != UInt8(ascii: "#") else { return false }
        for byte in raw.utf8 where !isPlainLowercase(byte) { return false }
        return true
    }

    /// Whether the rule below leaves `raw` as it is, byte for byte, when it holds more than
    /// printable ASCII (`café`, `日本`): no blank or line break at either end, no leading
    /// `#`, and nothing lowercasing changes (asked of the standard library, not Foundation).
    private static func isNormalizedBeyondASCII(_ raw: String) -> Bool {
        let blanks = CharacterSet.whitespacesAndNewlines
        guard let first = raw.unicodeScalars.first, let last = raw.unicodeScalars.last, first != "#",
              !blanks.contains(first), !blanks.contains(last) else { return false }
        return raw.lowercased().utf8.elementsEqual(raw.utf8)
    }

    private static func isPlainLowercase(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}

