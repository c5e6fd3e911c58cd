/// The line each key of a TOML text is written on, by dotted name (`daily.format`,
/// `keys.edit`), so that a bad value or an unknown key can be named with its line.
/// TOMLKit parses the file but keeps no positions; this scan only finds lines, never
/// values: `[table]` headers and `key = ...` assignments (bare, quoted and dotted keys).
/// Lines inside multi-line strings are skipped.
struct ConfigKeyLines {
    private(set) var lines: [String: Int] = [:]

    init(_ text: String) {
        var table: [String] = []
        var inMultiline: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if let quote = inMultiline {
                if line.contains(quote) { inMultiline = nil }
                continue
            }
            if line.hasPrefix("[[") { continue }
            if line.hasPrefix("[") {
                let header = line.dropFirst().prefix { $0 != "]" }
                table = Self.path(header)
                record(table, line: index + 1)
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                record(table + Self.path(line[..<equals]), line: index + 1)
                let value = line[line.index(after: equals)...]
                for quote in ["\"\"\"", "'''"] where value.components(separatedBy: quote).count == 2 {
                    inMultiline = quote
                }
            }
        }
    }

    /// The line of `name`, if it is written in the text.
    func line(of name: String) -> Int? { lines[name] }

    private mutating func record(_ path: [String], line: Int) {
        let name = path.joined(separator: ".")
        if !name.isEmpty, lines[name] == nil { lines[name] = line }
    }

    /// The parts of a dotted key, without blanks or quotes (`"a b".c` is `["a b", "c"]`).
    static func path(_ key: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in key {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "." {
                parts.append(current.trimmingBlanks)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingBlanks)
        return parts
    }
}

extension String {
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
