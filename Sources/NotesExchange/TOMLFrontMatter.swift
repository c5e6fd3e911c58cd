import Foundation
import NotesBase

/// A TOML front matter (`+++` … `+++`, as Hugo writes it) split from the body and read
/// into a `NoteHeader`. A sibling of `YAMLFrontMatter`, with the same tolerance (a BOM,
/// CRLF, trailing blanks on the fences).
///
/// It reads the subset of TOML that front matter uses, and refuses the rest with the line:
/// `key = value` lines at the top level (bare or quoted keys), with values that are basic
/// strings (`"…"` with escapes), literal strings (`'…'`), integers, floats, booleans,
/// dates and date-times (bare, as TOML writes them), and arrays of those (on one line or
/// several). `#` comments. Tables (`[params]`, `[[menu]]`) and everything under them are
/// skipped: nothing a note is made of lives there. Multi-line strings are not read.
public enum TOMLFrontMatter {
    /// The header and the body after the closing line; nil when `text` does not start with `+++`.
    public static func split(_ text: String) throws(FrontMatterError) -> (header: NoteHeader, body: String)? {
        var work = 0
        return try split(text, work: &work)
    }

    /// `split(_:)`, adding to `work` the characters it looks at (tests check that it is linear:
    /// each line is looked at a fixed number of times, however long the array it belongs to).
    static func split(_ text: String, work: inout Int) throws(FrontMatterError) -> (header: NoteHeader, body: String)? {
        var lines = LineReader(text)
        guard let opening = lines.next(), opening.trimmingTrailingBlanks == "+++" else { return nil }
        var header = NoteHeader()
        var keys = Set<String>()
        var inTable = false
        var pending: PendingArray?
        while let line = lines.next() {
            let number = lines.lineNumber
            work += line.unicodeScalars.count
            if pending == nil, line.trimmingTrailingBlanks == "+++" {
                return (header, lines.rest)
            }
            if pending != nil {
                let content = Self.withoutComment(line)
                work += content.unicodeScalars.count
                pending?.append(content)
                if let open = pending, open.brackets.isBalanced {
                    pending = nil
                    work += open.text.unicodeScalars.count
                    header.entries.append(.init(key: open.key, value: try Self.value(open.text, line: open.line), line: open.line))
                }
                continue
            }
            let trimmed = Self.withoutComment(line).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("[") {
                inTable = true
                continue
            }
            guard let equals = Self.keyEnd(trimmed) else {
                throw FrontMatterError(line: number, reason: "expected 'key = value' (TOML)")
            }
            let key = Self.unquotedKey(trimmed[..<equals].trimmingCharacters(in: .whitespaces))
            let valueText = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw FrontMatterError(line: number, reason: "empty key (TOML)") }
            if inTable { continue }
            guard keys.insert(key.lowercased()).inserted else {
                throw FrontMatterError(line: number, reason: "the key '\(key)' appears twice")
            }
            if valueText.hasPrefix("[") {
                let open = PendingArray(key: key, line: number, firstLine: valueText)
                if !open.brackets.isBalanced {
                    pending = open
                    continue
                }
            }
            header.entries.append(.init(key: key, value: try Self.value(valueText, line: number), line: number))
        }
        throw FrontMatterError(line: 1, reason: "the header that starts with '+++' on line 1 has no closing '+++' line")
    }

    /// A value (an array) still open at the end of its line: its lines so far, and its brackets.
    private struct PendingArray {
        let key: String
        let line: Int
        private(set) var text: String
        private(set) var brackets = BracketCount()

        init(key: String, line: Int, firstLine: String) {
            self.key = key
            self.line = line
            text = firstLine
            brackets.count(firstLine)
        }

        /// Adds the next line (without its comment); only that line is looked at.
        mutating func append(_ line: String) {
            text += "\n"
            text += line
            brackets.count(line)
        }
    }

    /// Whether every `[` outside strings has its `]`, counted line by line (a string does not
    /// go on past its line in front matter, so each line starts outside one).
    struct BracketCount {
        private var depth = 0

        var isBalanced: Bool { depth <= 0 }

        mutating func count(_ line: String) {
            var quote: Unicode.Scalar?
            var escaped = false
            for scalar in line.unicodeScalars {
                if let open = quote {
                    if escaped { escaped = false } else if scalar == "\\", open == "\"" { escaped = true } else if scalar == open { quote = nil }
                    continue
                }
                switch scalar {
                case "\"", "'": quote = scalar
                case "[": depth += 1
                case "]": depth -= 1
                default: break
                }
            }
        }
    }

    // MARK: Values

    private static func value(_ text: String, line: Int) throws(FrontMatterError) -> NoteHeader.Value {
        var reader = ValueReader(Array(text.unicodeScalars), line: line)
        let value = try reader.value()
        reader.skipBlanks()
        guard reader.atEnd else { throw FrontMatterError(line: line, reason: "unexpected text after the value (TOML)") }
        return value
    }

    /// `line` without a `#` comment outside strings (each line of a multi-line array too).
    private static func withoutComment(_ line: String) -> String {
        var result = ""
        var quote: Unicode.Scalar?
        var escaped = false
        var skipping = false
        for scalar in line.unicodeScalars {
            if scalar == "\n" { skipping = false }
            if skipping { continue }
            if let open = quote {
                if escaped { escaped = false } else if scalar == "\\", open == "\"" { escaped = true } else if scalar == open { quote = nil }
            } else if scalar == "#" {
                skipping = true
                continue
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The index of the `=` after a bare or quoted key.
    private static func keyEnd(_ line: String) -> String.Index? {
        var quote: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "=" {
                return index
            }
        }
        return nil
    }

    private static func unquotedKey(_ key: String) -> String {
        guard key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first else { return key }
        return String(key.dropFirst().dropLast())
    }
}

/// Reads one TOML value from its text.
private struct ValueReader {
    let scalars: [Unicode.Scalar]
    let line: Int
    var position = 0

    init(_ scalars: [Unicode.Scalar], line: Int) {
        self.scalars = scalars
        self.line = line
    }

    var atEnd: Bool { position >= scalars.count }

    mutating func skipBlanks() {
        while position < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[position]) { position += 1 }
    }

    func fail(_ reason: String) -> FrontMatterError { FrontMatterError(line: line, reason: reason + " (TOML)") }

    /// Reads one value. An array inside an array is refused where it starts, so reading
    /// never goes deeper than that, however deeply the text nests.
    mutating func value(insideArray: Bool = false) throws(FrontMatterError) -> NoteHeader.Value {
        skipBlanks()
        guard !atEnd else { throw fail("a key without a value") }
        switch scalars[position] {
        case "[":
            guard !insideArray else { throw fail("an array may only hold single values here") }
            position += 1
            var items: [String] = []
            while true {
                skipBlanks()
                guard !atEnd else { throw fail("an array without its closing ']'") }
                if scalars[position] == "]" { position += 1; return .list(items) }
                guard case .text(let item) = try value(insideArray: true) else { throw fail("an array may only hold single values here") }
                items.append(item)
                skipBlanks()
                if !atEnd, scalars[position] == "," { position += 1 }
            }
        case "{":
            throw fail("inline tables are not read in front matter")
        case "\"":
            if scalars[position...].starts(with: "\"\"\"".unicodeScalars) { throw fail("multi-line strings are not read in front matter") }
            return .text(try basicString())
        case "'":
            if scalars[position...].starts(with: "'''".unicodeScalars) { throw fail("multi-line strings are not read in front matter") }
            position += 1
            let start = position
            while position < scalars.count, scalars[position] != "'" { position += 1 }
            guard position < scalars.count else { throw fail("a string without its closing quote") }
            defer { position += 1 }
            return .text(String(String.UnicodeScalarView(scalars[start..<position])))
        default:
            // A number, a boolean or a date: up to the next separator. Dates may hold one space.
            let start = position
            while position < scalars.count, ![",", "]", "\n"].contains(scalars[position]) { position += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<position])).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw fail("a value is missing") }
            guard text.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "+-:._ ".unicodeScalars.contains($0) })
            else { throw fail("'\(text)' is not a TOML value") }
            return .text(text.replacingOccurrences(of: "_", with: ""))
        }
    }

    private mutating func basicString() throws(FrontMatterError) -> String {
        position += 1
        var result = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            if scalar == "\"" { return String(result) }
            guard scalar == "\\" else { result.append(scalar); continue }
            guard position < scalars.count else { break }
            let escape = scalars[position]
            position += 1
            switch escape {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "e": result.append("\u{1B}")
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "u", "U":
                let count = escape == "u" ? 4 : 8
                guard position + count <= scalars.count,
                      let code = UInt32(String(String.UnicodeScalarView(scalars[position..<position + count])), radix: 16),
                      let decoded = Unicode.Scalar(code)
                else { throw fail("a bad \\\(escape) escape") }
                result.append(decoded)
                position += count
            default: throw fail("an unknown escape '\\\(escape)'")
            }
        }
        throw fail("a string without its closing quote")
    }
}

extension String {
    /// The text without spaces and tabs at its end.
    var trimmingTrailingBlanks: Substring {
        var trimmed = Substring(self)
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
