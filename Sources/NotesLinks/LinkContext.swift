import Foundation

/// The line around a link, as backlinks show it: the body's line that holds the link,
/// trimmed, shortened to about `limit` characters around the link.
public enum LinkContext {
    public static func line(around link: NoteLink, in body: String, limit: Int = 100) -> String {
        let bytes = Array(body.utf8)
        guard link.range.upperBound <= bytes.count else { return "" }
        var start = link.range.lowerBound, end = link.range.upperBound
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let line = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard line.count > limit else { return line }
        let before = String(decoding: bytes[start..<link.range.lowerBound], as: UTF8.self)
        let skip = max(0, min(before.count - limit / 3, line.count - limit))
        let shown = line.dropFirst(skip).prefix(limit)
        return (skip > 0 ? "…" : "") + shown + (skip + limit < line.count ? "…" : "")
    }
}
