/// Where in a note's body the editor should put its cursor (a template's `{{cursor}}`):
/// the body's line and column, from 1. The column is counted in characters and in UTF-8
/// bytes, since editors count it one way or the other (`EditorInvocation`).
public struct EditorCursor: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var byteColumn: Int

    public init(line: Int, column: Int = 1, byteColumn: Int? = nil) {
        self.line = line
        self.column = column
        self.byteColumn = byteColumn ?? column
    }

    /// The place right after `text`, the body written so far.
    public init(at text: String) {
        let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        self.init(line: text.split(separator: "\n", omittingEmptySubsequences: false).count,
                  column: lastLine.count + 1, byteColumn: lastLine.utf8.count + 1)
    }
}
