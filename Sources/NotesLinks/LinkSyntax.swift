import Foundation

/// The link syntax of notes (PRODUCT §5.3), read from UTF-8 bytes: wiki links and embeds
/// (`[[…]]`, `![[…]]`) and Markdown links and images (`[text](dest)`, `![alt](dest)`).
/// Each reader looks at one place in the bytes and returns the link there with its end;
/// `LinkScanner` decides which places are outside code.
public enum LinkSyntax {
    /// The scheme of links to a note's id.
    public static let noteScheme = "notes://"

    /// The wiki link or embed starting at `start` (at `[[`, or at `!` before `[[`), and the
    /// index after its `]]`. The inner text may not hold a line break or `[`/`]`, and may not be blank.
    /// `order` says which side of the bar is the target (an embed's target is always first).
    public static func wikiLink(in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                                order: WikiLinkOrder) -> (link: NoteLink, end: Int)? {
        let isEmbed = start < bytes.count && bytes[start] == UInt8(ascii: "!")
        let open = isEmbed ? start + 1 : start
        guard open + 1 < bytes.count, bytes[open] == .openBracket, bytes[open + 1] == .openBracket else { return nil }
        var index = open + 2
        while index < bytes.count {
            let byte = bytes[index]
            if byte == .closeBracket { break }
            if byte == .openBracket || byte == 0x0A || byte == 0x0D { return nil }
            index += 1
        }
        guard index + 1 < bytes.count, bytes[index + 1] == .closeBracket else { return nil }
        let (target, labelRange) = parts((open + 2)..<index, in: bytes, labelFirst: order == .labelFirst && !isEmbed)
        let namesNote = !isEmbed || order == .targetFirst && embedNamesNote(text(target, in: bytes))
        var titleEnd = target.upperBound
        if namesNote, let hash = target.first(where: { bytes[$0] == UInt8(ascii: "#") }) { titleEnd = hash }
        let titleRange = trimmed(target.lowerBound..<titleEnd, in: bytes)
        let title = text(titleRange, in: bytes)
        let heading = titleEnd < target.upperBound ? nonEmpty(text(trimmed((titleEnd + 1)..<target.upperBound, in: bytes), in: bytes)) : nil
        let label = labelRange.flatMap { nonEmpty(text(trimmed($0, in: bytes), in: bytes)) }
        guard !title.isEmpty else {
            // `[[#Heading]]`: a place in the note it is written in, shown by its heading's text.
            guard namesNote, !isEmbed, let heading else { return nil }
            let link = NoteLink(form: .wiki, target: .thisNote, heading: heading, label: label ?? heading,
                                range: start..<(index + 2), titleRange: titleRange.lowerBound..<titleRange.lowerBound)
            return (link, index + 2)
        }
        let link = NoteLink(form: isEmbed ? .embed : .wiki, target: namesNote ? .title(title) : .file(title),
                            heading: heading, label: label ?? title, range: start..<(index + 2),
                            titleRange: namesNote ? titleRange : titleRange.lowerBound..<titleRange.lowerBound)
        return (link, index + 2)
    }

    /// Whether an embed's target (`![[Plan#Q3]]`, `![[photo.png|200]]`) names a note, as
    /// Obsidian reads it: a name without a file extension, or ending in `.md`, is a note
    /// (Obsidian embeds its text); any other is a file. A Dendron note reads every embed as a
    /// file (its note names hold dots).
    static func embedNamesNote(_ written: String) -> Bool {
        guard let path = AttachmentLinks.filePath(written) else { return false }
        return !AttachmentLinks.looksLikeFileName(path)
    }

    /// The target's bytes (with its `#heading`) and the label's of a wiki link's `inner` text:
    /// before and after the first bar, or after and before it when `labelFirst`. In a table
    /// cell the bar is written `\|` (as Obsidian reads it): the backslash is neither's. A
    /// label-first target naming its vault (`dendron://vault/a.b`) is the part after the vault.
    private static func parts(_ inner: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                              labelFirst: Bool) -> (target: Range<Int>, label: Range<Int>?) {
        guard let bar = inner.first(where: { bytes[$0] == UInt8(ascii: "|") }) else {
            return (labelFirst ? withoutVault(trimmed(inner, in: bytes), in: bytes) : inner, nil)
        }
        let escaped = bar > inner.lowerBound && bytes[bar - 1] == UInt8(ascii: "\\")
        let before = inner.lowerBound..<(escaped ? bar - 1 : bar)
        let after = (bar + 1)..<inner.upperBound
        guard labelFirst else { return (before, after) }
        return (withoutVault(trimmed(after, in: bytes), in: bytes), before)
    }

    /// `range` after a `dendron://vault/` it starts with, if any.
    private static func withoutVault(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let scheme = WikiLinkOrder.vaultScheme
        guard range.count > scheme.count, bytes[range.lowerBound..<(range.lowerBound + scheme.count)].elementsEqual(scheme),
              let slash = (range.lowerBound + scheme.count..<range.upperBound).first(where: { bytes[$0] == UInt8(ascii: "/") })
        else { return range }
        return (slash + 1)..<range.upperBound
    }

    /// The Markdown link or image starting at `start` (at `[`, or at `!` before `[`) on one
    /// line, and the index after its `)`. Links to a heading of the same note (`#x`) are none.
    public static func markdownLink(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (link: NoteLink, end: Int)? {
        let isImage = bytes[start] == UInt8(ascii: "!")
        let open = isImage ? start + 1 : start
        guard open < bytes.count, bytes[open] == .openBracket,
              let close = matchingBracket(in: bytes, from: open),
              close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "(") else { return nil }
        guard var destination = MarkdownDestination(in: bytes, from: close + 2) else { return nil }
        let label = text((open + 1)..<close, in: bytes)
        guard let (target, heading) = destination.target(in: bytes) else { return nil }
        let isNote = target.isNote && !isImage
        let link = NoteLink(form: isImage ? .embed : .markdown, target: isImage ? .file(target.text) : target,
                            heading: heading, label: label.isEmpty ? target.text : label,
                            range: start..<destination.end,
                            titleRange: (isNote ? destination.stem : nil) ?? start..<start)
        return (link, destination.end)
    }

    /// The `]` closing the `[` at `open` on the same line (brackets nest, `\]` does not count).
    private static func matchingBracket(in bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case .openBracket: depth += 1
            case .closeBracket:
                depth -= 1
                if depth == 0 { return index }
            case 0x0A, 0x0D: return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    /// What a Markdown link's destination as a renderer hands it over (`Other%20note.md`,
    /// `notes://ID`, `https://…`) points at, and its heading; nil for a heading of the same note.
    public static func target(ofDestination destination: String) -> (target: LinkTarget, heading: String?)? {
        let bytes = Array(("<" + destination + ">)").utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard var parsed = MarkdownDestination(in: buffer, from: 0) else { return nil }
            return parsed.target(in: buffer)
        }
    }

    /// `range` without spaces and tabs at either end.
    static func trimmed(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return lower..<upper
    }

    static func text(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}

extension UInt8 {
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
}
