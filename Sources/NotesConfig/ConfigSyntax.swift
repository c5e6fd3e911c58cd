import TOMLKit

/// Parses a config file's text so that a TOML syntax error costs only its line: the line
/// TOMLKit names is reported and left out, and the rest is parsed again. A line left out
/// becomes empty, so every later line keeps its number; a table header left out becomes
/// the header of a table nobody reads (`leftOutTable`), so the keys under it are left
/// out with it rather than read into the table above. When the error is on a line already
/// left out or an empty one (a string or an array left open runs to the end of the file),
/// or after `limit` lines, nothing of the file is used: the first error, every default.
enum ConfigSyntax {
    /// The table a header left out stands for; `ConfigReader` skips it.
    static let leftOutTable = "notes: left out"
    /// The most lines left out before the whole file is given up.
    static let limit = 100

    /// What parsing came to: the table (nil when nothing of the file is used), the text
    /// it was parsed from (the lines left out emptied), and one problem a line left out.
    struct Parsed {
        var table: TOMLTable?
        var text: String
        var problems: [ConfigProblem]
    }

    static func parse(_ text: String, path: String) -> Parsed {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var current = text
        var problems: [ConfigProblem] = []
        var first: TOMLParseError?
        while true {
            let error: TOMLParseError
            do {
                return Parsed(table: try TOMLTable(string: current), text: current, problems: problems)
            } catch let parseError as TOMLParseError {
                error = parseError
            } catch {
                return Parsed(table: nil, text: text,
                              problems: [ConfigProblem(path: path, line: nil, key: nil, message: "not valid TOML: \(error)")])
            }
            if first == nil { first = error }
            guard problems.count < limit, let index = droppable(error.source.begin.line, in: lines, after: problems) else {
                return Parsed(table: nil, text: text, problems: [problem(first ?? error, path: path, leftOut: nil)])
            }
            let isHeader = lines[index].drop { $0 == " " || $0 == "\t" }.hasPrefix("[")
            lines[index] = isHeader ? "[[\"\(leftOutTable)\"]]" : ""
            problems.append(problem(error, path: path, leftOut: isHeader ? "table" : "line"))
            current = lines.joined(separator: "\n")
        }
    }

    /// The index in `lines` of line `line` when it can be left out: in the text, not empty,
    /// and not left out already.
    private static func droppable(_ line: Int, in lines: [String], after problems: [ConfigProblem]) -> Int? {
        guard line >= 1, line <= lines.count, !problems.contains(where: { $0.line == line }) else { return nil }
        let text = lines[line - 1]
        return text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } ? nil : line - 1
    }

    /// `not valid TOML, line left out: …`; without `leftOut`, the file is not used.
    private static func problem(_ error: TOMLParseError, path: String, leftOut: String?) -> ConfigProblem {
        let what = leftOut.map { ", \($0) left out" } ?? " (the file is not used: every setting has its default)"
        return ConfigProblem(path: path, line: error.source.begin.line, key: nil,
                             message: "not valid TOML\(what): \(error.description)")
    }
}
