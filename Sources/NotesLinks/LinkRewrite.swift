import Foundation

/// The rewrite behind renames: the links to a title in a body, pointed at a new title, and
/// every other byte left as it was.
public enum LinkRewrite {
    /// `body` with each link whose title (wiki target, or stem of a link to a `.md` file)
    /// has the key of `old` pointed at `new`, and how many links changed. A wiki link keeps
    /// its `#heading` and `|label`; a file link keeps its folder, `.md` and heading, and its
    /// stem is percent-encoded when it was, or when the new title needs it.
    public static func rewrite(_ body: String, from old: String, to new: String) -> (body: String, count: Int) {
        let key = LinkResolver.key(ofTitle: old)
        var bytes = Array(body.utf8)
        let links = bytes.withUnsafeBufferPointer { LinkScanner.links(in: $0) }
        var count = 0
        // From the end, so that earlier ranges stay where they are.
        for link in links.reversed() {
            guard case .title(let title) = link.target, !link.titleRange.isEmpty,
                  LinkResolver.key(ofTitle: title) == key else { continue }
            let written = String(decoding: bytes[link.titleRange], as: UTF8.self)
            let replacement: String
            switch link.form {
            case .markdown:
                let needsEncoding = written.contains("%") || LinkPercent.encode(new) != new && !isInAngleBrackets(link, bytes)
                replacement = needsEncoding ? LinkPercent.encode(new) : new
            case .wiki, .embed:
                replacement = new
            }
            bytes.replaceSubrange(link.titleRange, with: Array(replacement.utf8))
            count += 1
        }
        return count == 0 ? (body, 0) : (String(decoding: bytes, as: UTF8.self), count)
    }

    /// Whether the link's destination is written `<…>` (where spaces need no escape).
    private static func isInAngleBrackets(_ link: NoteLink, _ bytes: [UInt8]) -> Bool {
        guard let open = bytes[link.range].firstIndex(of: UInt8(ascii: "(")) else { return false }
        var index = open + 1
        while index < link.range.upperBound, bytes[index] == 0x20 { index += 1 }
        return index < link.range.upperBound && bytes[index] == UInt8(ascii: "<")
    }
}
