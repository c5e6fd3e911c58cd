import Foundation

/// The rewrite behind renames: the links to a title in a body, pointed at a new title, and
/// every other byte left as it was.
public enum LinkRewrite {
    /// `body` with each link that names `old` pointed at `new`, and how many links changed.
    /// A link names `old` when its title (wiki target, or stem of a link to a `.md` file)
    /// has the key of `old`, or when it is a path (`[[Folder/Old]]`, `[[Old.md]]`,
    /// `[x](Folder/Old.md)`) whose last component has it; `leads` is asked of each such link (does it lead to the
    /// renamed note?). A wiki link keeps its folder, `.md`, `#heading` and `|label`; a file
    /// link keeps its folder, `.md` and heading, and its stem is percent-encoded when it
    /// was, or when the new title needs it.
    /// `order` is how the body's wiki links are read (a Dendron note's `[[label|Old]]`).
    public static func rewrite(_ body: String, from old: String, to new: String, order: WikiLinkOrder,
                               where leads: (NoteLink) -> Bool = { _ in true }) -> (body: String, count: Int) {
        let key = LinkResolver.key(ofTitle: old)
        var bytes = Array(body.utf8)
        let links = bytes.withUnsafeBufferPointer { LinkScanner.links(in: $0, order: order) }
        var count = 0
        // From the end, so that earlier ranges stay where they are.
        for link in links.reversed() {
            guard let range = renamedRange(of: link, key: key, in: bytes), leads(link) else { continue }
            let written = String(decoding: bytes[range], as: UTF8.self)
            let replacement: String
            switch link.form {
            case .markdown:
                let needsEncoding = written.contains("%") || LinkPercent.encode(new) != new && !isInAngleBrackets(link, bytes)
                replacement = needsEncoding ? LinkPercent.encode(new) : new
            case .wiki, .embed:
                replacement = new
            }
            bytes.replaceSubrange(range, with: Array(replacement.utf8))
            count += 1
        }
        return count == 0 ? (body, 0) : (String(decoding: bytes, as: UTF8.self), count)
    }

    /// The bytes of `link` naming the title with `key`: its whole title, or for a wiki path
    /// the last component without `.md` (a file link's stem); nil when it names another.
    static func renamedRange(of link: NoteLink, key: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard case .title(let title) = link.target, !link.titleRange.isEmpty else { return nil }
        if LinkResolver.key(ofTitle: title) == key { return link.titleRange }
        guard let form = LinkResolver.pathForm(title), LinkResolver.key(ofTitle: form.name) == key else { return nil }
        let range = link.titleRange
        if link.form == .markdown { return range }  // its title range is the file's stem already
        let start = bytes[range].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? range.lowerBound
        let ending = bytes[max(start, range.upperBound - 3)..<range.upperBound].map { $0 | 0x20 }
        let end = ending == Array(".md".utf8) ? range.upperBound - 3 : range.upperBound
        return start < end ? start..<end : nil
    }

    /// Whether the link's destination is written `<…>` (where spaces need no escape).
    private static func isInAngleBrackets(_ link: NoteLink, _ bytes: [UInt8]) -> Bool {
        guard let open = bytes[link.range].firstIndex(of: UInt8(ascii: "(")) else { return false }
        var index = open + 1
        while index < link.range.upperBound, bytes[index] == 0x20 { index += 1 }
        return index < link.range.upperBound && bytes[index] == UInt8(ascii: "<")
    }
}
