import Foundation
import Yams

/// A YAML front-matter header (`---` … `---`) split from the text after it, parsed by a
/// real YAML parser (Yams, on libyaml) into an ordered mapping.
///
/// Tolerant of what editors and other tools write: a byte-order mark before the
/// first `---`, CRLF line endings, trailing blanks on the `---` lines, `...` as the
/// closing line. The body is everything after the closing line, exactly as written.
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
        var rest = Substring(text)
        if rest.unicodeScalars.first == "\u{FEFF}" { rest = Substring(rest.unicodeScalars.dropFirst()) }
        guard let opening = nextLine(of: &rest), isFence(opening, closing: false) else { return nil }
        var headerLines: [Substring] = []
        while let line = nextLine(of: &rest) {
            if isFence(line, closing: true) {
                let entries = try parse(headerLines.joined(separator: "\n"))
                return YAMLFrontMatter(entries: entries, body: String(rest))
            }
            headerLines.append(line)
        }
        throw FrontMatterError(line: 1, reason: "the header that starts with '---' on line 1 has no closing '---' line")
    }

    /// Removes and returns the first line of `text` without its line break (LF or CRLF);
    /// nil when `text` is empty.
    private static func nextLine(of text: inout Substring) -> Substring? {
        guard !text.isEmpty else { return nil }
        // Scalars, not characters: "\r\n" is one Character in Swift.
        let scalars = text.unicodeScalars
        guard let newline = scalars.firstIndex(of: "\n") else {
            defer { text = text[text.endIndex...] }
            return text
        }
        var line = Substring(scalars[..<newline])
        if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
        text = Substring(scalars[scalars.index(after: newline)...])
        return line
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (closing && trimmed == "...")
    }

    /// The header's mapping; line numbers in errors count the opening `---` as line 1.
    private static func parse(_ header: String) throws(FrontMatterError) -> [(key: String, value: Node)] {
        let root: Node?
        do { root = try Yams.compose(yaml: header) } catch {
            throw describe(error)
        }
        guard let root else { return [] }
        guard case .mapping(let mapping) = root else {
            throw FrontMatterError(line: 2, reason: "the header must be 'key: value' lines")
        }
        var entries: [(key: String, value: Node)] = []
        for (keyNode, value) in mapping {
            let line = (keyNode.mark?.line ?? 0) + 1
            guard case .scalar(let scalar) = keyNode else {
                throw FrontMatterError(line: line, reason: "a key must be a plain name")
            }
            guard !entries.contains(where: { $0.key.lowercased() == scalar.string.lowercased() }) else {
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
