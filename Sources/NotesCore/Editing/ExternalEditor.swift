#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
/// as `code -w` works. The editor is spawned with `posix_spawn` in OUR process group
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
        let invocation = EditorInvocation(command: command, line: Self.firstBodyLine(ofFileAt: path))
        let arguments = ["/bin/sh", "-c", invocation.shellCommand, "sh", path]
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // Only the standard descriptors go to the editor: none of ours (or our parent's),
        // so that it, and anything it leaves running, holds no pipe or file of notes.
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&fileActions, descriptor)
        }
        // Input or output is not the terminal (`id=$(notes add X --edit)`): the editor
        // gets the controlling terminal for it, as vipe does, so it does not run blind.
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            if terminal >= 0 {
                close(terminal)
                if isatty(STDIN_FILENO) == 0 { posix_spawn_file_actions_addopen(&fileActions, STDIN_FILENO, "/dev/tty", O_RDWR, 0) }
                if isatty(STDOUT_FILENO) == 0 { posix_spawn_file_actions_addopen(&fileActions, STDOUT_FILENO, "/dev/tty", O_RDWR, 0) }
            } else if invocation.needsTerminal {
                throw .noTerminal(command: command)
            }
        }

        let saved = SignalDispositions.whileChildRuns()
        defer { saved.restore() }

        var pid: pid_t = 0
        let spawnStatus = CStringArray.with(arguments) { argv in
            CStringArray.with(environmentLines) { envp in
                posix_spawn(&pid, "/bin/sh", &fileActions, &attributes, argv, envp)
            }
        }
        guard spawnStatus == 0 else {
            throw .couldNotStart(command: command, reason: String(cString: strerror(spawnStatus)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw .couldNotStart(command: command, reason: "waiting for it failed: \(String(cString: strerror(errno)))")
            }
        }
        let signal = status & 0x7F
        guard signal == 0 else { throw .killed(command: command, signal: signal) }
        let exitStatus = (status >> 8) & 0xFF
        guard exitStatus == 0 else { throw .failed(command: command, status: exitStatus) }
    }

    /// The line the body starts on in the file at `path` (it is read up to 64 KiB).
    private static func firstBodyLine(ofFileAt path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 1 << 16) else { return nil }
        return EditorInvocation.firstBodyLine(of: start)
    }

    /// This process's open file descriptors (from `/proc/self/fd`; empty where there is none).
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
        }
        return descriptors
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

/// A NULL-terminated array of C strings for `posix_spawn`, freed after use.
private enum CStringArray {
    static func with<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
