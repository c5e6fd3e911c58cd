import Foundation

/// The lines of a text, LF or CRLF, after an optional BOM; keeps what follows the last line read.
package struct LineReader {
    private var remaining: Substring
    package private(set) var lineNumber = 0

    package init(_ text: String) {
        var start = Substring(text)
        if start.unicodeScalars.first == "\u{FEFF}" { start = Substring(start.unicodeScalars.dropFirst()) }
        remaining = start
    }

    /// The text after the last line returned by `next()`, exactly as written.
    package var rest: String { String(remaining) }

    package mutating func next() -> String? {
        guard !remaining.isEmpty else { return nil }
        lineNumber += 1
        let scalars = remaining.unicodeScalars
        guard let newline = scalars.firstIndex(of: "\n") else {
            defer { remaining = remaining[remaining.endIndex...] }
            return String(remaining)
        }
        var line = Substring(scalars[..<newline])
        if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
        remaining = Substring(scalars[scalars.index(after: newline)...])
        return String(line)
    }
}
