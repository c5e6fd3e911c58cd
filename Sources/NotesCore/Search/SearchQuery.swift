import Foundation

/// A search as the user types it, in the UI's `/` filter and in `notes list --search`:
///
/// - `word another` — every word must occur (in any order, anywhere in the title, body,
///   tags or category name; a word may match inside a longer one);
/// - `"a phrase"` — the words in that order, as typed;
/// - `#tag` — a tag starting with `tag`;
/// - `@category` or `@"Home Office"` — a category whose name starts with that.
///
/// Everything is folded (`SearchFolding`), so case, accents and Unicode forms do not
/// matter. An unclosed quote runs to the end (the query is being typed); a lone `#`,
/// `@` or `""` asks for nothing.
public struct SearchQuery: Equatable, Sendable {
    /// One condition a note must meet.
    public enum Term: Equatable, Sendable {
        /// A word or a quoted phrase, found anywhere.
        case text(String)
        /// A tag starting with this.
        case tag(String)
        /// A category name starting with this.
        case category(String)
    }

    public let terms: [Term]
    /// One folded byte pattern per term; a note matches when its searchable text
    /// (`SearchableNote`) contains every one.
    public let patterns: [[UInt8]]

    public init(_ text: String) {
        terms = Self.parse(text)
        patterns = terms.map(Self.pattern)
    }

    /// Whether the query asks for nothing (every note matches).
    public var isEmpty: Bool { patterns.isEmpty }

    /// The folded patterns of the words and phrases, which highlights show.
    public var textPatterns: [[UInt8]] {
        zip(terms, patterns).compactMap { term, pattern in
            if case .text = term { return pattern }
            return nil
        }
    }

    /// Whether a note's searchable text contains every pattern.
    public func isFound(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns.allSatisfy { Self.contains($0, in: text) }
    }

    /// The folded byte pattern of a term.
    static func pattern(_ term: Term) -> [UInt8] {
        switch term {
        case .text(let text): SearchFolding.fold(text)
        case .tag(let tag): [SearchableNote.tagMarker] + SearchFolding.fold(tag)
        case .category(let name): [SearchableNote.categoryMarker] + SearchFolding.fold(name)
        }
    }

    /// Whether `text` holds `pattern` as a run of bytes.
    public static func contains(_ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pattern.first else { return true }
        guard pattern.count <= text.count, let base = text.baseAddress else { return false }
        return pattern.withUnsafeBufferPointer { needle in
            guard let pattern = needle.baseAddress else { return true }
            var start = 0
            let last = text.count - needle.count
            while start <= last {
                guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + offset, pattern, needle.count) == 0 { return true }
                start = offset + 1
            }
            return false
        }
    }

    // MARK: Parsing

    static func parse(_ text: String) -> [Term] {
        var terms: [Term] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard let first = rest.first else { break }
            var kind: (String) -> Term = Term.text
            if first == "#" || first == "@" {
                kind = first == "#" ? { Term.tag($0) } : { Term.category($0) }
                rest = rest.dropFirst()
            }
            let word: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                let close = rest.firstIndex(of: "\"") ?? rest.endIndex
                word = rest[..<close]
                rest = close < rest.endIndex ? rest[rest.index(after: close)...] : rest[close...]
            } else {
                let end = rest.firstIndex { $0.isWhitespace } ?? rest.endIndex
                word = rest[..<end]
                rest = rest[end...]
            }
            let term = kind(String(word))
            // A term that folds to nothing (a lone `#`, `""`, only accents) asks for nothing.
            if !SearchFolding.fold(String(word)).isEmpty { terms.append(term) }
        }
        return terms
    }
}
