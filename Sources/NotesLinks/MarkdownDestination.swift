import Foundation

/// The destination of a Markdown link, `(dest)`, `(dest "title")` or `(<dest with spaces>)`,
/// and what it points at: a URL with a scheme, a note by id, a note's file (`Other%20note.md`,
/// `../notes/Other.md`: the path without `.md` and the way up, percent-decoded, as a title
/// the link rule reads as a path), or another file.
struct MarkdownDestination {
    /// The destination's bytes, without `<>`.
    let range: Range<Int>
    /// The index after the closing `)`.
    let end: Int
    /// The bytes of the file stem of a link to a `.md` file (what a rename rewrites).
    private(set) var stem: Range<Int>?

    /// Reads the destination from `start` (just after `(`) to its `)` on the same line.
    init?(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let lower: Int
        var upper: Int
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            lower = index + 1
            upper = lower
            while upper < bytes.count, bytes[upper] != UInt8(ascii: ">") {
                if bytes[upper] == 0x0A || bytes[upper] == 0x0D { return nil }
                upper += 1
            }
            guard upper < bytes.count else { return nil }
            index = upper + 1
        } else {
            lower = index
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte <= 0x20 { break }
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                index += 1
            }
            upper = index
        }
        // An optional title, then `)`.
        while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
            if bytes[index] == 0x0A || bytes[index] == 0x0D { return nil }
            index += 1
        }
        guard index < bytes.count, upper > lower else { return nil }
        range = lower..<upper
        end = index + 1
    }

    /// The target and heading (`#heading` alone: a place in the same note), or nil for a bare `#` or no path.
    mutating func target(in bytes: UnsafeBufferPointer<UInt8>) -> (LinkTarget, String?)? {
        let raw = LinkSyntax.text(range, in: bytes)
        if raw.hasPrefix("#") { return Self.heading(in: raw).map { (.thisNote, $0) } }
        if raw.lowercased().hasPrefix(LinkSyntax.noteScheme) {
            let rest = raw.dropFirst(LinkSyntax.noteScheme.count)
            let idText = rest.prefix { $0 != "#" && $0 != "/" }
            if let id = UUID(uuidString: String(idText)) { return (.noteID(id), Self.heading(in: raw)) }
            return (.url(raw), nil)
        }
        if Self.hasScheme(raw) { return (.url(raw), nil) }
        let pathEnd = range.lowerBound + (raw.utf8.firstIndex(of: UInt8(ascii: "#")).map { raw.utf8.distance(from: raw.utf8.startIndex, to: $0) } ?? raw.utf8.count)
        let path = LinkPercent.decode(LinkSyntax.text(range.lowerBound..<pathEnd, in: bytes))
        guard !path.isEmpty else { return nil }
        let heading = Self.heading(in: raw)
        guard path.lowercased().hasSuffix(".md"), pathEnd - range.lowerBound > 3 else { return (.file(path), heading) }
        var stemStart = pathEnd - 3
        while stemStart > range.lowerBound, bytes[stemStart - 1] != UInt8(ascii: "/") { stemStart -= 1 }
        let stemRange = stemStart..<(pathEnd - 3)
        let stemText = LinkPercent.decode(LinkSyntax.text(stemRange, in: bytes))
        guard !stemText.trimmingCharacters(in: .whitespaces).isEmpty else { return (.file(path), heading) }
        stem = stemRange
        // `Folder/Note.md` names the note as `[[Folder/Note]]` does: by the path it was imported from.
        let folder = Self.folderPart(LinkSyntax.text(range.lowerBound..<stemStart, in: bytes))
        return (.title(folder.map { $0 + stemText } ?? stemText), heading)
    }

    /// The folder part of a destination (`Folder/`, `../notes/`) as the link rule compares
    /// paths: percent-decoded, without the `.`, `..` and empty components at its start (a
    /// relative path's way up, which a path ending is compared without); nil when none is left.
    private static func folderPart(_ raw: String) -> String? {
        var parts = raw.split(separator: "/", omittingEmptySubsequences: true)
        while let first = parts.first, first == "." || first == ".." { parts.removeFirst() }
        return parts.isEmpty ? nil : LinkPercent.decode(parts.joined(separator: "/")) + "/"
    }

    /// The percent-decoded text after the first `#`, if not empty.
    private static func heading(in raw: String) -> String? {
        guard let hash = raw.firstIndex(of: "#") else { return nil }
        let heading = LinkPercent.decode(String(raw[raw.index(after: hash)...]))
        return heading.isEmpty ? nil : heading
    }

    /// Whether `raw` starts with a URL scheme (`https:`, `mailto:`): letters, then `:`,
    /// and not a Windows drive letter.
    /// Read on the UTF-8 bytes: a scheme is ASCII, so a byte outside ASCII before the first
    /// `:` refuses it, as the characters do; only a `:` followed by a byte outside ASCII (a
    /// combining mark may make it another character) is left to the characters.
    private static func hasScheme(_ raw: String) -> Bool {
        let utf8 = raw.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let after = utf8.index(after: colon)
        guard after < utf8.endIndex, utf8[after] >= 0x80 else {
            let scheme = utf8[..<colon]
            guard scheme.count >= 2, let first = scheme.first, isASCIILetter(first) else { return false }
            return scheme.allSatisfy { isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        }
        return hasSchemeByCharacters(raw)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// `hasScheme` on characters.
    private static func hasSchemeByCharacters(_ raw: String) -> Bool {
        guard let colon = raw.firstIndex(of: ":") else { return false }
        let scheme = raw[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

/// Percent-encoding of link destinations.
public enum LinkPercent {
    /// `text` with each `%XX` decoded; an invalid escape stays as written.
    public static func decode(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// `text` percent-encoded for a Markdown destination: spaces, controls, brackets,
    /// parentheses, `%`, `#`, `?`, `<>` and `\\` escaped; letters of any script kept as they are.
    public static func encode(_ text: String) -> String {
        let escaped = Array("()[]%#?<>\\".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x21 || byte == 0x7F || escaped.contains(byte) {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
