import Foundation

/// Why a tmux session helper failed.
public enum TmuxError: Error, CustomStringConvertible {
    case notInstalled
    case commandFailed(arguments: [String], status: Int32, output: String)
    case timedOut(waitingFor: String, screen: String)

    public var description: String {
        switch self {
        case .notInstalled:
            return "tmux is not installed (apt-get install tmux)"
        case .commandFailed(let arguments, let status, let output):
            return "tmux \(arguments.joined(separator: " ")) exited with \(status): \(output)"
        case .timedOut(let waitingFor, let screen):
            return "timed out waiting for \(waitingFor); the pane shows:\n\(screen)"
        }
    }
}

/// A detached tmux session on its own server socket, for end-to-end tests of the UI
/// in a real terminal: start a command at a given size, `TERM` and environment, type
/// keys, read the screen (with or without colors), resize, kill.
///
/// The pane is exactly `width` × `height` (the status line is off). `TERM` inside is
/// tmux's `default-terminal`; tmux keeps 24-bit colors in its grid whatever the
/// outside terminal is, so `capture(escapes: true)` reports `38;2;r;g;b` exactly when
/// the program sent it (there is no outside terminal, so `Tc`/`RGB` overrides play
/// no part).
public final class TmuxSession {
    /// `-S <path>` (a socket in the session's folder, removed with it) or, when that path
    /// is too long for a Unix socket, `-L <unique name>`.
    public let socketArguments: [String]
    public let configuration: URL
    private let tmux: String
    private let folder: TemporaryFolder
    private var killed = false

    /// Whether `tmux` is on the `PATH`.
    public static var isAvailable: Bool { executable() != nil }

    /// Starts `command` (an argument vector, quoted for `sh`) in a new detached session.
    /// `environment` is set for the command; `COLORTERM` and `NO_COLOR` are removed unless
    /// given, `LANG` is `C.UTF-8` unless given (curses needs a UTF-8 locale for wide characters),
    /// and `XDG_CACHE_HOME` is a folder of the session's own unless given (so the 24-bit terminfo
    /// entries notes compiles stay out of the user's cache).
    public init(command: [String], width: Int = 120, height: Int = 40, term: String = "xterm-256color",
                environment: [String: String] = [:]) throws {
        guard let tmux = TmuxSession.executable() else { throw TmuxError.notInstalled }
        self.tmux = tmux
        folder = try TemporaryFolder(prefix: "notes-tmux")
        let socketPath = folder.file("socket").path
        socketArguments = socketPath.utf8.count < 100
            ? ["-S", socketPath] : ["-L", "notes-test-\(getpid())-\(UUID().uuidString.prefix(8))"]
        configuration = folder.file("tmux.conf")
        let settings = [
            "set -g default-terminal \"\(term)\"",
            "set -g status off",
            "set -g escape-time 0",
            "set -g exit-empty on",
            "set -g remain-on-exit off",
            "set -g history-limit 1000",
        ]
        try (settings.joined(separator: "\n") + "\n").write(to: configuration, atomically: true, encoding: .utf8)

        var prefix = ["env", "-u", "COLORTERM", "-u", "NO_COLOR"]
        let environment = environment.merging(["LANG": "C.UTF-8", "XDG_CACHE_HOME": folder.file("cache").path]) { given, _ in given }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { prefix.append("\(name)=\(value)") }
        let shellCommand = (prefix + command).map(TmuxSession.shellQuoted).joined(separator: " ")
        try run(["new-session", "-d", "-s", "test", "-x", String(width), "-y", String(height), shellCommand])
    }

    deinit { kill() }

    /// The prompt of `shellCommand()` (without its trailing space, which captures drop).
    public static let shellPrompt = "notes-test$"

    /// A bash with no startup files and the prompt `notes-test$ `, for tests that type commands.
    public static func shellCommand() -> [String] {
        ["env", "PS1=\(shellPrompt) ", "bash", "--norc", "--noprofile", "-i"]
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-z`, `Up`, …) or plain text, each argument one key.
    public func sendKeys(_ keys: String...) throws {
        try run(["send-keys", "-t", "test"] + keys)
    }

    /// Types `text` literally (no key-name lookup).
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", "test", "-l", text])
    }

    /// Pastes `text` as a terminal does: bracketed (`ESC[200~`…`ESC[201~`) when the
    /// program asked for bracketed paste, plain otherwise; line feeds go as typed.
    public func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "notes-paste", "--", text])
        try run(["paste-buffer", "-p", "-d", "-b", "notes-paste", "-t", "test"])
    }

    /// The pane's text; with `escapes`, SGR sequences for colors and attributes too
    /// (parse with `CapturedScreen`).
    public func capture(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-t", "test"] + (escapes ? ["-e"] : []))
    }

    /// A tmux format evaluated for the pane: `#{pane_pid}`, `#{alternate_on}`, `#{pane_width}`, …
    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "test", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window (and its only pane).
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "test", "-x", String(width), "-y", String(height)])
    }

    /// Polls the pane until `text` appears; returns the screen then.
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = 10) throws -> String {
        try waitUntil("'\(text)' on screen", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the pane (plain text) until `condition` holds; returns the screen then.
    @discardableResult
    public func waitUntil(_ description: String, timeout: TimeInterval = 10,
                          condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        repeat {
            screen = try capture()
            if condition(screen) { return screen }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError.timedOut(waitingFor: description, screen: screen)
    }

    /// Polls a tmux format until it has `value` (e.g. `#{alternate_on}` = `1`).
    public func waitFor(format expression: String, toBe value: String, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        repeat {
            last = try format(expression)
            if last == value { return }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError.timedOut(waitingFor: "\(expression) = \(value) (is \(last))", screen: (try? capture()) ?? "")
    }

    /// Ends the session and its server; removes the configuration. Safe to call twice.
    public func kill() {
        guard !killed else { return }
        killed = true
        _ = try? run(["kill-server"])
        folder.remove()
    }

    /// A temporary folder that lives as long as the session (for files the test reads).
    public var scratch: URL { folder.url }

    /// Runs one tmux command to completion. It is started by `ChildProcess` with an empty
    /// signal mask and default dispositions: a tmux server started by Foundation's `Process`
    /// from the test runner would inherit the runner's blocked `SIGINT`, `SIGTERM` and
    /// `SIGHUP` and pass them on to every pane, so no program under test could be interrupted.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outputURL = folder.file("tmux-output")
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: URL(fileURLWithPath: tmux),
                                     arguments: socketArguments + ["-f", configuration.path] + arguments,
                                     environment: ProcessInfo.processInfo.environment,
                                     stdout: .file(outputURL), stderrURL: folder.file("tmux-errors"))
        } catch {
            throw TmuxError.commandFailed(arguments: arguments, status: -1, output: "cannot start \(tmux): \(error)")
        }
        let exit = child.wait()
        let output = String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self) + child.stderrText
        switch exit {
        case .exited(0): return output
        case .exited(let status): throw TmuxError.commandFailed(arguments: arguments, status: status, output: output)
        case .signaled(let signal): throw TmuxError.commandFailed(arguments: arguments, status: 128 + signal, output: output)
        }
    }

    private static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `text` in single quotes for `sh`.
    public static func shellQuoted(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }) {
            return text
        }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
