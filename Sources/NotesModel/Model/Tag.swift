import Foundation

/// Tag names: `#Work`, ` work ` and `work` are the same tag, `work`.
public enum Tag {
    /// Trims white space and leading `#`s (until neither is left: `# #x` is `x`), and
    /// lowercases. Returns nil for an empty tag. Normalizing a normalized name changes
    /// nothing, so an import that normalizes again keeps the store's names.
    public static func normalize(_ raw: String) -> String? {
        var name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        while name.hasPrefix("#") {
            name.removeFirst()
            name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        name = name.lowercased()
        return name.isEmpty ? nil : name
    }
}

