import Foundation

/// A search as the user types it, in the UI's `/` filter and in `notes list --search`
/// (one rule, one parser):
///
/// - `word another` — every word must occur (in any order, anywhere in the title, body, aliases,
///   tags or category name; a word may match inside a longer one);
/// - `"a phrase"` — the words in that order, as typed;
/// - `#tag` — a tag starting with `tag`; `#` alone — any tag (the note has one);
/// - `@category` or `@"Home Office"` — a category whose name starts with that; `@`
///   alone — any category (the note is in one);
/// - `kind:journal` — notes of that kind (`note`, `checklist`, `journal`, `reference`;
///   a start of the name will do, `kind:j`);
/// - `-term` — any of the above after a `-`: notes matching it are left out
///   (`-draft`, `-"old plan"`, `-#done`, `-#` no tags, `-@` in no category).
///
/// Everything is folded (`SearchFolding`), so case, accents and Unicode forms do not
/// matter. An unclosed quote runs to the end (the query is being typed). A term with
/// nothing to look for (`-` alone, `""`, a word of accents only) is ignored as not yet
/// typed. A `-` or `#` inside a word is part of it (`well-known`, `c#`); to look for a
/// word starting with `-`, quote it (`"-5"`).
public struct SearchQuery: Equatable, Sendable {
    /// One condition a note must meet.
    public enum Term: Equatable, Sendable {
        /// A word or a quoted phrase, found anywhere.
        case text(String)
        /// A tag starting with this (any tag when empty).
        case tag(String)
        /// A category name starting with this (any category when empty).
        case category(String)
        /// A kind whose name starts with this (any kind when empty), `kind:journal`.
        case kind(String)
    }

    /// What a note must match, in the order typed.
    public let terms: [Term]
    /// What a note must not match (the `-term`s), in the order typed.
    public let excludedTerms: [Term]
    /// One folded byte pattern per term; a note matches when its searchable text
    /// (`SearchableNote`) contains every one.
    public let patterns: [[UInt8]]
    /// One folded byte pattern per excluded term; a note matches only when its
    /// searchable text contains none.
    public let excludedPatterns: [[UInt8]]

    public init(_ text: String) {
        let parsed = Self.parse(text)
        terms = parsed.filter { !$0.isExcluded }.map(\.term)
        excludedTerms = parsed.filter(\.isExcluded).map(\.term)
        patterns = terms.map(Self.pattern)
        excludedPatterns = excludedTerms.map(Self.pattern)
    }

    /// Whether the query asks for nothing (every note matches).
    public var isEmpty: Bool { patterns.isEmpty && excludedPatterns.isEmpty }

    /// The folded patterns of the words and phrases, which highlights show (excluded
    /// words never occur in a match, so there is nothing of them to show).
    public var textPatterns: [[UInt8]] {
        zip(terms, patterns).compactMap { term, pattern in
            if case .text = term { return pattern }
            return nil
        }
    }

    /// The folded starts of the `#tag` terms (without the marker), which the tag column
    /// highlights at the start of a matching tag.
    public var tagPrefixes: [[UInt8]] {
        zip(terms, patterns).compactMap { term, pattern in
            if case .tag = term { return Array(pattern.dropFirst()) }
            return nil
        }
    }

    /// Whether a note's searchable text contains every pattern and no excluded one.
    public func isFound(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns.allSatisfy { Self.contains($0, in: text) }
            && !excludedPatterns.contains { Self.contains($0, in: text) }
    }

    /// The folded byte pattern of a term.
    static func pattern(_ term: Term) -> [UInt8] {
        switch term {
        case .text(let text): SearchFolding.fold(text)
        case .tag(let tag): [SearchableNote.tagMarker] + SearchFolding.fold(tag)
        case .category(let name): [SearchableNote.categoryMarker] + SearchFolding.fold(name)
        case .kind(let name): SearchableNote.kindPattern(name)
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

    /// A term as typed, and whether a `-` before it leaves its matches out.
    struct ParsedTerm: Equatable {
        var term: Term
        var isExcluded: Bool
    }

    /// What starts a kind term.
    static let kindPrefix = "kind:"

    static func parse(_ text: String) -> [ParsedTerm] {
        var terms: [ParsedTerm] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard var first = rest.first else { break }
            let isExcluded = first == "-"
            if isExcluded {
                rest = rest.dropFirst()
                // `-` alone (or before a space) is an exclusion not typed yet.
                guard let next = rest.first, !next.isWhitespace else { continue }
                first = next
            }
            if rest.prefix(Self.kindPrefix.count).lowercased() == Self.kindPrefix {
                rest = rest.dropFirst(Self.kindPrefix.count)
                let end = rest.firstIndex { $0.isWhitespace } ?? rest.endIndex
                terms.append(ParsedTerm(term: .kind(String(rest[..<end])), isExcluded: isExcluded))
                rest = rest[end...]
                continue
            }
            var kind: (String) -> Term = Term.text
            var isMarked = false
            if first == "#" || first == "@" {
                kind = first == "#" ? { Term.tag($0) } : { Term.category($0) }
                isMarked = true
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
            // A tag or category start that folds to nothing (`#`, `@""`) is any tag or
            // category; a word that folds to nothing (`""`, only accents) asks for nothing.
            let folded = SearchFolding.fold(String(word))
            if folded.isEmpty && !(isMarked && word.isEmpty) { continue }
            terms.append(ParsedTerm(term: kind(String(word)), isExcluded: isExcluded))
        }
        return terms
    }
}
