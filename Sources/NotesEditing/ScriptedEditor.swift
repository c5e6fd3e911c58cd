import Foundation

/// An "editor" that is a function of the file's text, for tests and the benchmark:
/// reads the file, applies `transform`, writes the result back. It never touches the
/// terminal, so it proves nothing about handing the terminal over (see `ExternalEditor`).
public enum ScriptedEditor {
    /// A `NoteEditSession.runEditor` that applies `transform` to the file's text.
    public static func applying(_ transform: @escaping (String) throws -> String) -> (String) throws -> Void {
        { path in
            let url = URL(fileURLWithPath: path)
            let text = try String(contentsOf: url, encoding: .utf8)
            try Data(try transform(text).utf8).write(to: url)
        }
    }
}
