import Foundation

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
