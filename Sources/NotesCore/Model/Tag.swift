import Foundation

/// Tag names: `#Work`, ` work ` and `work` are the same tag, `work`.
public enum Tag {
    /// Trims white space and a leading `#`, and lowercases. Returns nil for an empty tag.
    public static func normalize(_ raw: String) -> String? {
        var name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        while name.hasPrefix("#") { name.removeFirst() }
        name = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return name.isEmpty ? nil : name
    }
}

