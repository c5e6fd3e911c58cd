import Foundation

/// The one way notes hands a file to the user's viewer (an attachment from the read view or
/// `notes open`): `$NOTES_OPENER` (a command line, run by `/bin/sh`, the path appended as
/// one more argument), else the configured command, else `xdg-open`, else `open` (macOS),
/// found on `PATH`. The command starts detached: a session of its own, standard input,
/// output and error on `/dev/null`, every other descriptor closed, and put in the
/// background by the shell (which ends at once and is waited for), so the UI keeps running,
/// nothing the viewer prints reaches the terminal, and no child is left for us to wait for.
/// The background part writes the opener's exit status to a pipe when it ends
/// (`OpenerWatch`), so a caller that keeps running can say that an opener failed.
public struct Opener: Sendable {
    /// What `open` did.
    public enum Outcome: Equatable, Sendable {
        /// The command was started on the file; `command` names it for the status line, and
        /// `watch` says how it ended.
        case started(command: String, watch: OpenerWatch)
        /// No opener was found: the message names the file's path so the user can open it.
        case noOpener(path: String)

        /// The sentence the status line or the command prints.
        public var message: String {
            switch self {
            case .started(let command, _): "Opening with \(command)"
            case .noOpener(let path):
                "No opener found (set NOTES_OPENER, or install xdg-open); the file is \(path)"
            }
        }
    }

    /// The command line from the config file's `opener`, tried after `$NOTES_OPENER`.
    public let configured: String?
    private let environment: [String: String]

    public init(configured: String? = nil, environment: [String: String]) {
        let trimmed = configured?.trimmingCharacters(in: .whitespaces)
        self.configured = trimmed?.isEmpty == false ? trimmed : nil
        self.environment = environment
    }

    /// The command line that would open a file (before the path is appended), and how it is
    /// named; nil when there is none.
    public func commandLine() -> (line: String, name: String)? {
        if let line = environment["NOTES_OPENER"]?.trimmingCharacters(in: .whitespaces), !line.isEmpty {
            return (line, line)
        }
        if let configured { return (configured, configured) }
        for program in ["xdg-open", "open"] {
            if let path = Self.find(program, in: environment["PATH"] ?? "/usr/bin:/bin") {
                return (Self.shellQuoted(path), program)
            }
        }
        return nil
    }

    /// Starts the opener on the file at `path`, detached (see the type). Throws only when
    /// `/bin/sh` itself cannot be started.
    public func open(_ path: String) throws(ChildSpawn.Failure) -> Outcome {
        guard let command = commandLine() else { return .noOpener(path: path) }
        // `"$1"`: the path is one argument whatever its characters; `&` puts the opener in the
        // background of a shell that ends at once, so the opener is nobody's child to wait for.
        // The background subshell alone keeps the pipe (the opener's own streams are on
        // /dev/null) and writes the opener's status to it when the opener ends.
        let script = "( " + command.line + " \"$1\" </dev/null >/dev/null 2>&1; echo \"$?\" ) &"
        var child = ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", script, "notes-opener", path],
                               environment: environment)
        let watch = try OpenerWatch(command: command.name, target: path)
        child.newSession = true
        child.closesOtherDescriptors = true
        child.standardInput = .open("/dev/null", flags: O_RDONLY)
        child.standardOutput = .descriptor(watch.writeEnd)
        child.standardError = .open("/dev/null", flags: O_WRONLY)
        defer { watch.closeWriteEnd() }
        _ = try child.run()
        return .started(command: command.name, watch: watch)
    }

    /// The executable `program` in one of `path`'s folders, else nil.
    static func find(_ program: String, in path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + program
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// `text` in single quotes for `/bin/sh`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
