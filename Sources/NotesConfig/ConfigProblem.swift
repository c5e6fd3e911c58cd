/// Something wrong in the config file: a TOML syntax error, an unknown key or a bad
/// value. The key keeps its default; the CLI prints the problem as a warning, the UI
/// shows it on the status line.
public struct ConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The config file.
    public var path: String
    /// The line (from 1), when known.
    public var line: Int?
    /// The key (`daily.format`), when the problem is one key's.
    public var key: String?
    public var message: String

    public init(path: String, line: Int?, key: String?, message: String) {
        self.path = path
        self.line = line
        self.key = key
        self.message = message
    }

    /// `~/.config/notes/config.toml:4: list.sort: expected "updated", "created" or "title"`.
    public var description: String {
        let place = line.map { "\(path):\($0)" } ?? path
        return key.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
    }
}
