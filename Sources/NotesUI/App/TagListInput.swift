import NotesModel

/// The text of the `t` (edit tags) field: tags separated by spaces or commas, `#`
/// optional, each normalized with `Tag.normalize` (`#Work, home` → `home`, `work`).
/// An empty text means no tags.
public enum TagListInput {
    /// The tags as the field shows them at first: sorted, separated by spaces.
    public static func text(for tags: Set<String>) -> String {
        tags.sorted().joined(separator: " ")
    }

    /// The tags in `text`, or a message saying which one is not a tag.
    public static func parse(_ text: String) -> Result<Set<String>, TagListError> {
        var tags: Set<String> = []
        for word in text.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            guard let tag = Tag.normalize(String(word)) else { return .failure(.empty(String(word))) }
            if let bad = tag.first(where: { TextField.isControl($0) || $0.unicodeScalars.contains(where: isFormat) }) {
                return .failure(.badCharacter(tag: tag, character: bad))
            }
            tags.insert(tag)
        }
        return .success(tags)
    }

    /// Invisible format characters (bidi overrides, zero-width joiners on their own).
    private static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && scalar != "\u{200D}"
    }
}

/// Why the text of the tags field is not a list of tags.
public enum TagListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `#` alone: nothing is left of it.
    case empty(String)
    /// A control or invisible format character inside a tag.
    case badCharacter(tag: String, character: Character)

    public var description: String {
        switch self {
        case .empty(let word):
            "'\(word)' is not a tag (a tag needs a name after '#')"
        case .badCharacter(_, let character):
            "a tag cannot hold U+\(String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true))"
        }
    }
}
