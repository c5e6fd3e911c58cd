import Foundation
import NotesModel

/// The text of the `t` (edit tags) field: tags separated by commas, `#` optional, each
/// normalized with `Tag.normalize` (`#Work, veg patch` → `veg patch`, `work`). A tag with
/// a blank stays one tag, as `--tag "veg patch"` does on the command line. An empty text
/// (or empty pieces between commas) means no tags.
public enum TagListInput {
    /// What separates the tags, as the prompt names it.
    public static let separator = Tag.separator

    /// The tags as the field shows them at first: sorted, separated by `, `.
    public static func text(for tags: Set<String>) -> String {
        tags.sorted().joined(separator: ", ")
    }

    /// The tags in `text`, or a message saying which one is not a tag.
    public static func parse(_ text: String) -> Result<Set<String>, TagListError> {
        var tags: Set<String> = []
        for piece in text.split(separator: separator, omittingEmptySubsequences: false) {
            let word = piece.trimmingCharacters(in: .whitespaces)
            guard !word.isEmpty else { continue }
            guard let tag = Tag.normalize(word) else { return .failure(.empty(word)) }
            if let bad = tag.first(where: { TextField.isControl($0) || $0.unicodeScalars.contains(where: isFormat) }) {
                return .failure(.badCharacter(tag: tag, character: bad))
            }
            tags.insert(tag)
        }
        return .success(tags)
    }

    /// `text` with its last tag completed to the first of `known` (sorted) that starts
    /// with it and is not already in the text; nil when none does.
    public static func completed(_ text: String, known: [String]) -> String? {
        var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        let typed = Tag.normalize(pieces.last ?? "") ?? ""
        let others = Set(pieces.dropLast().compactMap(Tag.normalize))
        guard let tag = known.first(where: { $0.hasPrefix(typed) && $0 != typed && !others.contains($0) }) else { return nil }
        pieces[pieces.count - 1] = pieces.count > 1 ? " " + tag : tag
        return pieces.joined(separator: String(separator))
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
            "'\(word)' is not a tag (a tag needs a name after '#'; commas separate tags)"
        case .badCharacter(_, let character):
            "a tag cannot hold U+\(String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true))"
        }
    }
}
