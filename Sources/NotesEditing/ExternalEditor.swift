import Glibc
import Foundation
import NotesBase
import NotesModel

/// Why an external editor could not edit a file.
public enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    case temporaryFile(reason: String)
    /// The editor exited with a non-zero status (127: the shell did not find it).
    case failed(command: String, status: Int32)
    /// The editor was ended by a signal.
    case killed(command: String, signal: Int32)
    case couldNotStart(command: String, reason: String)
    /// The editor draws on a terminal and this process has none (no `/dev/tty`).
    case noTerminal(command: String)
    case notUTF8

    public var description: String {
        switch self {
        case .temporaryFile(let reason): "cannot prepare the file to edit: \(reason)"
        case .failed(let command, 127): "the editor '\(command)' was not found (set $VISUAL or $EDITOR)"
        case .failed(let command, let status): "the editor '\(command)' exited with status \(status)"
        case .killed(let command, let signal): "the editor '\(command)' was ended by signal \(signal)"
        case .couldNotStart(let command, let reason): "cannot start the editor '\(command)': \(reason)"
        case .noTerminal(let command):
            "the editor '\(command)' needs a terminal and there is none: run this in a terminal, "
                + "or set VISUAL to an editor that opens a window of its own and waits (such as 'code -w')"
        case .notUTF8: "the edited file is not UTF-8 text"
        }
    }
}

/// The user's editor: `$VISUAL`, else `$EDITOR`, else `vi`, run on the terminal we have.
///
/// It runs as `/bin/sh -c '<command> "$1"' sh FILE`, so a value with arguments such
/// as `code -w` works. The editor is spawned by `ChildSpawn` in OUR process group
/// (Foundation's `Process` on Linux makes a new group, outside the terminal's
/// foreground group, where an editor is stopped by `SIGTTIN` as soon as it reads the
/// terminal), with every signal at its default and an empty signal mask. While it runs,
/// this process ignores `SIGINT` and `SIGQUIT` (as `system()` does: Ctrl-C in the
/// editor reaches the whole foreground group) and takes `SIGTSTP` at its default, so
/// that the editor's Ctrl-Z stops us too and the shell's `fg` continues both, without
/// a curses handler drawing over the editor. Descriptors above 2 are closed in the
/// editor. The caller must have released the
/// terminal first (`endwin`).
public struct ExternalEditor: Sendable {
    public var environment: [String: String]
    /// The line of the body (from 1) the editor opens at, for those that take a line.
    public var bodyLine = 1
    /// The column (from 1) the editor opens at, for those that take one: in characters,
    /// and in UTF-8 bytes (see `EditorInvocation`).
    public var bodyColumn = 1
    public var bodyByteColumn = 1

    /// Opens the editor at `cursor` (a body's line and column).
    public mutating func place(at cursor: EditorCursor) {
        bodyLine = cursor.line
        bodyColumn = cursor.column
        bodyByteColumn = cursor.byteColumn
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The editor command line that will run.
    public var command: String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on the file at `path` and waits for it. Throws unless it exits with status 0.
    public func run(file path: String) throws(EditorError) {
        let command = self.command
        let line = Self.firstBodyLine(ofFileAt: path).map { $0 + max(bodyLine, 1) - 1 }
        let invocation = EditorInvocation(command: command, line: line, column: bodyColumn, byteColumn: bodyByteColumn)
        var spawn = ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", invocation.shellCommand, "sh", path],
                               environment: environment)
        // Only the standard descriptors go to the editor: none of ours (or our parent's),
        // so that it, and anything it leaves running, holds no pipe or file of notes.
        spawn.closesOtherDescriptors = true
        // Input or output is not the terminal (`id=$(notes add X --edit)`): the editor
        // gets the controlling terminal for it, as vipe does, so it does not run blind.
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            if terminal >= 0 {
                close(terminal)
                if isatty(STDIN_FILENO) == 0 { spawn.standardInput = .open("/dev/tty", flags: O_RDWR) }
                if isatty(STDOUT_FILENO) == 0 { spawn.standardOutput = .open("/dev/tty", flags: O_RDWR) }
            } else if invocation.needsTerminal {
                throw .noTerminal(command: command)
            }
        }

        let saved = SignalDispositions.whileChildRuns()
        defer { saved.restore() }

        let pid: pid_t
        do { pid = try spawn.start() } catch {
            throw .couldNotStart(command: command, reason: String(cString: strerror(error.code)))
        }
        let exit: ChildSpawn.Exit
        do { exit = try ChildSpawn.wait(for: pid, program: command) } catch {
            throw .couldNotStart(command: command, reason: "waiting for it failed: \(String(cString: strerror(error.code)))")
        }
        switch exit {
        case .killed(let signal): throw .killed(command: command, signal: signal)
        case .exited(let status) where status != 0: throw .failed(command: command, status: status)
        case .exited: break
        }
    }

    /// The line the body starts on in the file at `path` (it is read up to 64 KiB).
    private static func firstBodyLine(ofFileAt path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 1 << 16) else { return nil }
        return EditorInvocation.firstBodyLine(of: start)
    }
}

/// This process's signal handling while a child has the terminal, and a way to put the
/// previous handling back: `SIGINT` and `SIGQUIT` ignored, `SIGTSTP` at its default.
/// (`SIGHUP` and `SIGTERM` are held for the whole edit by `TerminationHold`.)
struct SignalDispositions {
    private var previous: [(Int32, sigaction)] = []

    static func whileChildRuns() -> SignalDispositions {
        var saved = SignalDispositions()
        saved.set(SIGINT, to: SIG_IGN)
        saved.set(SIGQUIT, to: SIG_IGN)
        saved.set(SIGTSTP, to: SIG_DFL)
        return saved
    }

    mutating func set(_ signalNumber: Int32, to handler: __sighandler_t?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var old = sigaction()
        if sigaction(signalNumber, &action, &old) == 0 { previous.append((signalNumber, old)) }
    }

    func restore() {
        for (signalNumber, action) in previous.reversed() {
            var action = action
            sigaction(signalNumber, &action, nil)
        }
    }
}
