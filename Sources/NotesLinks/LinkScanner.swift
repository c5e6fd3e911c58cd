import Foundation

/// Finds every link in a body (UTF-8), outside fenced and indented code blocks and inline
/// code, with its byte range. Only a body holding `[[` or `](` is read line by line; any
/// other is passed over in one pass of `memchr`.
public enum LinkScanner {
    /// The links in `body`, in order, its wiki links read in `order` (the note's:
    /// `NoteIndex.linkOrder(of:)`, `WikiLinkOrder.of(_:labelFirst:)`; no default, so no
    /// caller reads a Dendron note target first by forgetting it).
    public static func links(in body: String, order: WikiLinkOrder) -> [NoteLink] {
        var body = body
        return body.withUTF8 { links(in: $0, order: order) }
    }

    /// The links in `bytes`, in order, its wiki links read in `order`.
    public static func links(in bytes: UnsafeBufferPointer<UInt8>, order: WikiLinkOrder) -> [NoteLink] {
        guard mayHoldLinks(bytes) else { return [] }
        var blocks = CodeBlocks()
        var links: [NoteLink] = []
        var region: Int?  // where the run of text lines being collected starts
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let isText = blocks.isText(line: start..<end, in: bytes)
            if isText, region == nil { region = start }
            if !isText, let first = region {
                scanInline(first..<start, in: bytes, order: order, into: &links)
                region = nil
            }
            start = end + 1
        }
        if let first = region { scanInline(first..<bytes.count, in: bytes, order: order, into: &links) }
        return links
    }

    /// Whether `bytes` holds `[[` or `](` anywhere (`memchr` from one `[` to the next).
    public static func mayHoldLinks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count,
              let found = memchr(base + offset, Int32(UInt8.openBracket), bytes.count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if index + 1 < bytes.count, bytes[index + 1] == .openBracket { return true }
            offset = index + 1
        }
        return containsLinkEnd(bytes)
    }

    /// Whether `bytes` holds `](`.
    private static func containsLinkEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count,
              let found = memchr(base + offset, Int32(UInt8(ascii: "(")), bytes.count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if index > 0, bytes[index - 1] == .closeBracket { return true }
            offset = index + 1
        }
        return false
    }

    /// The links in a run of text lines, skipping inline code and escaped brackets.
    private static func scanInline(_ lines: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, order: WikiLinkOrder,
                                   into links: inout [NoteLink]) {
        // Cut at the region's end, so that nothing read runs into the code after it.
        let region = UnsafeBufferPointer(rebasing: bytes[..<lines.upperBound])
        var index = lines.lowerBound
        while index < region.count {
            switch region[index] {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "`"):
                index = afterCodeSpan(at: index, in: region)
            case UInt8(ascii: "!"), .openBracket:
                if let (link, end) = LinkSyntax.wikiLink(in: region, at: index, order: order)
                    ?? LinkSyntax.markdownLink(in: region, at: index) {
                    links.append(link)
                    index = end
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
    }

    /// The index after the code span opened by the backticks at `start`, or after those
    /// backticks when no run of the same length closes it (they are then plain text).
    private static func afterCodeSpan(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var open = start
        while open < bytes.count, bytes[open] == UInt8(ascii: "`") { open += 1 }
        let length = open - start
        var index = open
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            var close = index
            while close < bytes.count, bytes[close] == UInt8(ascii: "`") { close += 1 }
            if close - index == length { return close }
            index = close
        }
        return open
    }
}
