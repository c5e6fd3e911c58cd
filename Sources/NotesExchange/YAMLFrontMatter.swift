import Foundation
import Yams
import NotesBase

/// A YAML front-matter header (`---` … `---`) split from the text after it, parsed by a
/// real YAML parser (Yams, on libyaml) into an ordered mapping.
///
/// Tolerant of what editors and other tools write: a byte-order mark before the
/// first `---`, CRLF line endings, trailing blanks on the `---` lines, `...` as the
/// closing line. The body is everything after the closing line, exactly as written.
/// Nesting deeper than `YAMLNestingLimit.maxDepth` is refused with the line, never
/// handed to Yams (whose recursion would overflow the stack).
public struct YAMLFrontMatter {
    /// The header's keys, as written, and their values, in order.
    public let entries: [(key: String, value: Node)]
    /// The text after the closing line.
    public let body: String

    /// The value of `key`, compared case-insensitively.
    public subscript(key: String) -> Node? {
        entries.first { $0.key.lowercased() == key.lowercased() }?.value
    }

    /// Splits `text` into its header and body. Nil when `text` does not start with a
    /// `---` line (it has no header). Throws, naming the line, when the header is not
    /// closed, is not YAML, or is not a mapping of distinct scalar keys.
    public static func split(_ text: String) throws(FrontMatterError) -> YAMLFrontMatter? {
        var work = 0
        return try split(text, work: &work)
    }

    /// `split(_:)`, adding to `work` what `parse(_:work:)` counts.
    static func split(_ text: String, work: inout Int) throws(FrontMatterError) -> YAMLFrontMatter? {
        let utf8 = text.utf8
        guard let span = try span(of: utf8) else { return nil }
        let entries = try parse(span.header(in: utf8), work: &work)
        return YAMLFrontMatter(entries: entries, body: String(decoding: utf8[span.bodyStart...], as: UTF8.self))
    }

    /// Where the header is in UTF-8 text, found by reading the header's lines and
    /// nothing after them. Nil when `text` does not start with a `---` line; throws
    /// when the header is not closed. (The bytes are not checked to be UTF-8 here.)
    static func span<Text: BidirectionalCollection>(of text: Text) throws(FrontMatterError) -> FrontMatterSpan<Text.Index>?
    where Text.Element == UInt8 {
        var position = text.startIndex
        if text.starts(with: UTF8Text.byteOrderMark) { position = text.index(position, offsetBy: UTF8Text.byteOrderMark.count) }
        guard let opening = nextLine(of: text, from: &position), isFence(text[opening], closing: false) else {
            return nil
        }
        var lines: [Range<Text.Index>] = []
        while let line = nextLine(of: text, from: &position) {
            if isFence(text[line], closing: true) { return FrontMatterSpan(lines: lines, bodyStart: position) }
            lines.append(line)
        }
        throw FrontMatterError(line: 1, reason: "the header that starts with '---' on line 1 has no closing '---' line")
    }

    /// The next line of `text` from `position`, without its line break (LF or CRLF), and
    /// moves `position` past it; nil at the end of `text`.
    private static func nextLine<Text: BidirectionalCollection>(of text: Text, from position: inout Text.Index) -> Range<Text.Index>?
    where Text.Element == UInt8 {
        guard position != text.endIndex else { return nil }
        let start = position
        guard let newline = text[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            position = text.endIndex
            return start..<text.endIndex
        }
        position = text.index(after: newline)
        if newline != start, text[text.index(before: newline)] == UInt8(ascii: "\r") {
            return start..<text.index(before: newline)
        }
        return start..<newline
    }

    private static func isFence<Line: BidirectionalCollection>(_ line: Line, closing: Bool) -> Bool where Line.Element == UInt8 {
        var end = line.endIndex
        while end != line.startIndex, case let last = line[line.index(before: end)], last == 0x20 || last == 0x09 {
            end = line.index(before: end)
        }
        let trimmed = line[..<end]
        return trimmed.elementsEqual("---".utf8) || (closing && trimmed.elementsEqual("...".utf8))
    }

    /// The header's mapping; line numbers in errors count the opening `---` as line 1.
    /// Nesting deeper than `YAMLNestingLimit.maxDepth` is an error, found before Yams reads it.
    static func parse(_ header: String) throws(FrontMatterError) -> [(key: String, value: Node)] {
        var work = 0
        return try parse(header, work: &work)
    }

    /// `parse(_:)`, adding to `work` the parser events and key comparisons it makes (tests
    /// check that it is linear).
    static func parse(_ header: String, work: inout Int) throws(FrontMatterError) -> [(key: String, value: Node)] {
        try YAMLNestingLimit.check(header, work: &work)
        let root: Node?
        do { root = try Yams.compose(yaml: header) } catch {
            throw describe(error)
        }
        guard let root else { return [] }
        guard case .mapping(let mapping) = root else {
            throw FrontMatterError(line: 2, reason: "the header must be 'key: value' lines")
        }
        var entries: [(key: String, value: Node)] = []
        var keys = Set<String>()
        for (keyNode, value) in mapping {
            let line = (keyNode.mark?.line ?? 0) + 1
            guard case .scalar(let scalar) = keyNode else {
                throw FrontMatterError(line: line, reason: "a key must be a plain name")
            }
            work += 1
            guard keys.insert(scalar.string.lowercased()).inserted else {
                throw FrontMatterError(line: line, reason: "the key '\(scalar.string)' appears twice")
            }
            entries.append((scalar.string, value))
        }
        return entries
    }

    /// A Yams error as one line with the place in the whole file.
    private static func describe(_ error: any Error) -> FrontMatterError {
        guard let yamlError = error as? YamlError else { return FrontMatterError(line: 2, reason: "\(error)") }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let reason = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return FrontMatterError(line: mark.line + 1, reason: "not valid YAML: \(reason) (column \(mark.column))")
        case .reader(let problem, _, _, _):
            return FrontMatterError(line: 2, reason: "not valid YAML: \(problem)")
        default:
            return FrontMatterError(line: 2, reason: "not valid YAML: \(yamlError)")
        }
    }
}

/// Where a front-matter header is in a text: its lines (without their line breaks),
/// between the opening and the closing line, and where the body starts.
struct FrontMatterSpan<Index: Comparable> {
    var lines: [Range<Index>]
    var bodyStart: Index

    /// The header's lines joined by LF, as handed to the YAML parser.
    func header<Text: Collection>(in text: Text) -> String where Text.Index == Index, Text.Element == UInt8 {
        String(decoding: joinedBytes(in: text), as: UTF8.self)
    }

    /// The header's bytes, lines joined by LF.
    func joinedBytes<Text: Collection>(in text: Text) -> [UInt8] where Text.Index == Index, Text.Element == UInt8 {
        var bytes: [UInt8] = []
        for (number, line) in lines.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes.append(contentsOf: text[line])
        }
        return bytes
    }
}
