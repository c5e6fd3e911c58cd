/// What is wrong with an edited note; `line` counts from 1 at the top of the file. A
/// header with several problems is one error holding all of them (`problems`), so that
/// the user fixes them in one go.
public struct NoteDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int?
    public let reason: String
    /// The problems after this first one, in the order of the file.
    public let others: [NoteDocumentError]

    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
        self.others = []
    }

    /// One error for all of `problems` (nil when there are none), ordered by line.
    public init?(all problems: [NoteDocumentError]) {
        let ordered = problems.flatMap(\.problems).enumerated()
            .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        guard let first = ordered.first else { return nil }
        line = first.line
        reason = first.reason
        others = Array(ordered.dropFirst())
    }

    /// This problem and the others, each on its own (with no others).
    public var problems: [NoteDocumentError] {
        [NoteDocumentError(line: line, reason: reason)] + others.flatMap(\.problems)
    }

    public var description: String {
        problems.map { problem in problem.line.map { "line \($0): \(problem.reason)" } ?? problem.reason }
            .joined(separator: "; ")
    }

    /// The edited file is not UTF-8 text.
    public static let notUTF8 = NoteDocumentError(line: nil, reason: "the edited file is not UTF-8 text")
}
