import Foundation

/// The header of an exported Markdown note: `---`, one `key: value` line a field, `---`.
///
/// Written values are YAML that is also JSON: strings in double quotes, tags as
/// `["a", "b"]`; ids, kinds and dates bare. Reading also accepts plain unquoted
/// values, `[a, b]` and YAML block lists (`- a` lines under the key), as written
/// by other tools.
public struct FrontMatter: Equatable, Sendable {
    /// Fields in order. A field is a single value or a list.
    public var fields: [(key: String, value: Value)]

    public enum Value: Equatable, Sendable {
        case text(String)
        case list([String])
    }

    public init(fields: [(key: String, value: Value)] = []) {
        self.fields = fields
    }

    public static func == (lhs: FrontMatter, rhs: FrontMatter) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public subscript(key: String) -> Value? {
        fields.first { $0.key == key }?.value
    }

    public func text(_ key: String) -> String? {
        if case .text(let text) = self[key] { return text }
        return nil
    }

    public func list(_ key: String) -> [String]? {
        switch self[key] {
        case .list(let items): items
        case .text(let text): text.isEmpty ? [] : [text]
        case nil: nil
        }
    }

    // MARK: Writing

    /// The header text, from the opening `---` line to the closing one (with its newline).
    public func rendered(bareKeys: Set<String>) -> String {
        var lines = ["---"]
        for (key, value) in fields {
            switch value {
            case .text(let text):
                lines.append("\(key): " + (bareKeys.contains(key) ? text : JSONValue.quoted(text)))
            case .list(let items):
                lines.append("\(key): [" + items.map(JSONValue.quoted).joined(separator: ", ") + "]")
            }
        }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Reading

    /// Splits `text` into a front matter and the body after it; nil if `text` does not
    /// start with a `---` line followed by a closing `---` line.
    public static func split(_ text: String) throws(FrontMatterError) -> (FrontMatter, body: String)? {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") else { return nil }
        var lines: [Substring] = []
        var rest = text[text.index(after: text.firstIndex(of: "\n") ?? text.startIndex)...]
        while true {
            guard let end = rest.firstIndex(of: "\n") else {
                let last = rest.trimmingCharacters(in: .whitespaces)
                guard last == "---" || last == "..." else { return nil }
                return (try parse(lines), "")
            }
            var line = rest[..<end]
            if line.hasSuffix("\r") { line = line.dropLast() }
            rest = rest[rest.index(after: end)...]
            if line == "---" || line == "..." { return (try parse(lines), String(rest)) }
            lines.append(line)
        }
    }

    private static func parse(_ lines: [Substring]) throws(FrontMatterError) -> FrontMatter {
        var matter = FrontMatter()
        for (offset, rawLine) in lines.enumerated() {
            let lineNumber = offset + 2
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("- ") || line == "-" {
                guard let last = matter.fields.indices.last else {
                    throw FrontMatterError(line: lineNumber, reason: "a list item without a key")
                }
                let item = unquote(String(line.dropFirst(1)).trimmingCharacters(in: .whitespaces))
                switch matter.fields[last].value {
                case .list(let items): matter.fields[last].value = .list(items + [item])
                case .text(let text) where text.isEmpty: matter.fields[last].value = .list([item])
                case .text: throw FrontMatterError(line: lineNumber, reason: "a list item after a single value")
                }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw FrontMatterError(line: lineNumber, reason: "expected 'key: value'")
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw FrontMatterError(line: lineNumber, reason: "empty key") }
            matter.fields.append((key, try parseValue(value, line: lineNumber)))
        }
        return matter
    }

    private static func parseValue(_ value: String, line: Int) throws(FrontMatterError) -> Value {
        if value.hasPrefix("[") {
            if let parsed = try? JSONValue.parse(value), let items = parsed.arrayValue {
                let strings = items.compactMap(\.stringValue)
                guard strings.count == items.count else { throw FrontMatterError(line: line, reason: "a list of non-strings") }
                return .list(strings)
            }
            guard value.hasSuffix("]") else { throw FrontMatterError(line: line, reason: "unterminated list") }
            let inner = value.dropFirst().dropLast()
            let items = inner.split(separator: ",").map { unquote($0.trimmingCharacters(in: .whitespaces)) }
            return .list(items.filter { !$0.isEmpty })
        }
        if value.hasPrefix("\"") {
            guard let parsed = try? JSONValue.parse(value), let text = parsed.stringValue else {
                throw FrontMatterError(line: line, reason: "bad quoted string")
            }
            return .text(text)
        }
        return .text(unquote(value))
    }

    /// Removes single quotes around a YAML scalar (`'it''s'` → `it's`) and a trailing ` # comment`.
    private static func unquote(_ value: String) -> String {
        if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") {
            return String(value.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        if value.hasPrefix("\""), let parsed = try? JSONValue.parse(value), let text = parsed.stringValue {
            return text
        }
        if let comment = value.range(of: " #") { return value[..<comment.lowerBound].trimmingCharacters(in: .whitespaces) }
        return value
    }
}

/// A front matter line that cannot be read; `line` counts from 1 at the opening `---`.
public struct FrontMatterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
