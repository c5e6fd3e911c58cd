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

    /// `text` cut into runs that are (true) or are not (false) inside a match.
    public static func segments(of text: String, patterns: [[UInt8]]) -> [(text: Substring, isMatch: Bool)] {
        let ranges = characterRanges(in: text, patterns: patterns)
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
