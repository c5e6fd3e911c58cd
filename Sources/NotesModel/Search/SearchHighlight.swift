import Foundation

/// Where a search's words and phrases occur in a piece of text, as whole characters:
/// the text is folded character by character (`SearchFolding`), the patterns found in
/// the folded bytes, and each hit mapped back to the characters it came from. So
/// `jose` highlights `José` in either Unicode form, and `ss` the `ß` it matched.
public enum SearchHighlight {
    /// The character offsets of `text` covered by an occurrence of any pattern,
    /// ascending and merged.
    public static func characterRanges(in text: String, patterns: [[UInt8]]) -> [Range<Int>] {
        let patterns = patterns.filter { !$0.isEmpty }
        // Most lines and titles hold no match: find that out without the character map.
        guard !text.isEmpty, occurs(patterns, in: text) else { return [] }
        var folder = SearchFolder()
        var folded: [UInt8] = []
        var owner: [Int] = []  // the character each folded byte came from
        var count = 0
        for character in text {
            let before = folded.count
            for scalar in character.unicodeScalars { folder.append(scalar, to: &folded) }
            owner.append(contentsOf: repeatElement(count, count: folded.count - before))
            count += 1
        }
        var marked = [Bool](repeating: false, count: count)
        for pattern in patterns {
            for hit in occurrences(of: pattern, in: folded) {
                for byte in hit..<hit + pattern.count { marked[owner[byte]] = true }
            }
        }
        var ranges: [Range<Int>] = []
        var start: Int?
        for offset in 0...count {
            let isMarked = offset < count && marked[offset]
            if isMarked, start == nil { start = offset }
            if !isMarked, let begun = start {
                ranges.append(begun..<offset)
                start = nil
            }
        }
        return ranges
    }

    /// Whether any of `patterns` occurs in `text` once folded (cheaper than the ranges:
    /// runs of ASCII fold in bulk, no character map is built).
    public static func occurs(_ patterns: [[UInt8]], in text: String) -> Bool {
        guard patterns.contains(where: { !$0.isEmpty }) else { return false }
        var folder = SearchFolder()
        var folded: [UInt8] = []
        folder.append(text, to: &folded)
        return folded.withUnsafeBufferPointer { bytes in
            patterns.contains { !$0.isEmpty && SearchQuery.contains($0, in: bytes) }
        }
    }

    /// How many characters at the start of `text` fold to a run starting with `prefix`
    /// (the last one may fold to more, as `ß` to `ss` for `s`); nil when the folded text
    /// does not start with `prefix`. Zero for an empty prefix.
    public static func prefixCharacterCount(of text: String, prefix: [UInt8]) -> Int? {
        guard !prefix.isEmpty else { return 0 }
        var folder = SearchFolder()
        var folded: [UInt8] = []
        var count = 0
        for character in text {
            for scalar in character.unicodeScalars { folder.append(scalar, to: &folded) }
            count += 1
            if folded.count >= prefix.count { return folded.starts(with: prefix) ? count : nil }
            guard prefix.starts(with: folded) else { return nil }
        }
        return nil
    }

    /// What the tag list `#one #two …` (each tag after a `#`, one space between)
    /// highlights for a query: in each tag, its `textPatterns` anywhere, and for a
    /// `#tag` term the `#` and the start of each tag it matches. Character offsets into
    /// the joined text, ascending and merged.
    public static func tagRanges(of tags: [String], textPatterns: [[UInt8]], tagPrefixes: [[UInt8]]) -> [Range<Int>] {
        guard !textPatterns.isEmpty || !tagPrefixes.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        for tag in tags {
            let length = tag.count
            let prefix = tagPrefixes.compactMap { prefixCharacterCount(of: tag, prefix: $0) }.max()
            if let prefix { ranges.append(start..<start + 1 + prefix) }
            ranges += characterRanges(in: tag, patterns: textPatterns).map { ($0.lowerBound + start + 1)..<($0.upperBound + start + 1) }
            start += 1 + length + 1
        }
        return merged(ranges)
    }

    /// `ranges` sorted, the overlapping and touching ones joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// `text` cut into runs that are (true) or are not (false) inside a match.
    public static func segments(of text: String, patterns: [[UInt8]]) -> [(text: Substring, isMatch: Bool)] {
        segments(of: text, ranges: characterRanges(in: text, patterns: patterns))
    }

    /// `text` cut into runs that are (true) or are not (false) inside one of `ranges`
    /// (character offsets, ascending, not overlapping; the parts past the end are ignored).
    public static func segments(of text: String, ranges: [Range<Int>]) -> [(text: Substring, isMatch: Bool)] {
        let count = text.count
        let ranges = ranges.compactMap { $0.clamped(to: 0..<count).isEmpty ? nil : $0.clamped(to: 0..<count) }
        guard !ranges.isEmpty else { return [(text[...], false)] }
        var result: [(text: Substring, isMatch: Bool)] = []
        var index = text.startIndex
        var offset = 0
        for range in ranges {
            let start = text.index(index, offsetBy: range.lowerBound - offset)
            let end = text.index(start, offsetBy: range.count)
            if index < start { result.append((text[index..<start], false)) }
            result.append((text[start..<end], true))
            (index, offset) = (end, range.upperBound)
        }
        if index < text.endIndex { result.append((text[index...], false)) }
        return result
    }

    /// Where `pattern` starts in `bytes`, each occurrence after the end of the one before.
    static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return [] }
        var hits: [Int] = []
        var start = 0
        while start + pattern.count <= bytes.count {
            if bytes[start..<start + pattern.count].elementsEqual(pattern) {
                hits.append(start)
                start += pattern.count
            } else {
                start += 1
            }
        }
        return hits
    }
}
