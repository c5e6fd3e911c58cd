/// One step of a path into a JSON document: an object key or an array index.
public enum JSONPathComponent: Equatable, Sendable {
    case key(String)
    case index(Int)
}

/// Why a JSON document could not be read: what was wrong, the byte offset, the
/// line and column (1-based), and the path to the value (`notes[12].title`).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public var line: Int
    public var column: Int
    public var path: [JSONPathComponent]

    public init(reason: String, offset: Int, line: Int, column: Int, path: [JSONPathComponent] = []) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
        self.path = path
    }

    /// `notes[12].title`, or `document` for the top level.
    public var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "document" : text
    }

    /// `line 3, column 14 (notes[0].title)`.
    public var place: String { "line \(line), column \(column) (\(pathText))" }

    public var description: String { "\(place): \(reason)" }

    /// The same error with `component` put in front of its path.
    package func inside(_ component: JSONPathComponent) -> JSONError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}
