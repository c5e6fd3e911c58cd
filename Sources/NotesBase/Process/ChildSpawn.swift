import Foundation

/// The one way notes starts another program (the editor, git, `tic`, a detached
/// `notes compact`): `posix_spawn`, never Foundation's `Process`, which on Linux puts the
/// child in a new process group — outside the terminal's foreground group, where an
/// editor is stopped by `SIGTTIN` as soon as it reads the terminal.
///
/// Every child gets every signal at its default and an empty signal mask, whatever the
/// caller set (a curses UI catches or ignores several). By default it stays in our
/// session and process group and inherits the standard streams; `newSession` gives it a
/// session of its own (no controlling terminal, so nothing it runs can prompt there), and
/// `runOnTerminal` a session whose controlling terminal is a pseudo-terminal's slave.
/// `capture(input:timeout:)` and `wait(for:program:timeout:)` bound a child in time.
public struct ChildSpawn: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// Ours, as it is.
        case inherit
        /// The file at a path (`/dev/null`, `/dev/tty`, …), opened with these flags (created 0600).
        case open(String, flags: Int32)
        /// One of our descriptors (a pipe's end), duplicated onto the stream.
        case descriptor(Int32)
    }

    /// The program's path (no `PATH` search).
    public var program: String
    /// The whole argument vector, `argv[0]` first.
    public var arguments: [String]
    /// The child's environment; nil: ours.
    public var environment: [String: String]?
    public var standardInput = Stream.inherit
    public var standardOutput = Stream.inherit
    public var standardError = Stream.inherit
    /// A session (and process group) of its own, without a controlling terminal.
    public var newSession = false
    /// Closes every descriptor of ours above 2 in the child, so that it (and anything it
    /// leaves running) holds no pipe or file of ours, close-on-exec or not.
    public var closesOtherDescriptors = false
    /// The folder the child runs in; nil: ours. Paths of `Stream.open` are read from ours.
    public var workingDirectory: String?

    public init(program: String, arguments: [String], environment: [String: String]? = nil) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
    }

    /// Runs the child on the terminal at `path` (a pseudo-terminal's slave, `/dev/pts/N`): a
    /// session of its own whose controlling terminal that is, and its standard input and
    /// output (standard error stays as set). glibc's `posix_spawn` starts the session before
    /// it runs the file actions, so the child's own open of the terminal (without
    /// `O_NOCTTY`) makes it the controlling terminal of the new session, as Linux does for a
    /// session leader that has none; a descriptor opened by the parent would not.
    public mutating func runOnTerminal(_ path: String) {
        newSession = true
        standardInput = .open(path, flags: O_RDWR)
        standardOutput = .open(path, flags: O_RDWR)
    }

    /// How a child ended.
    public enum Exit: Equatable, Sendable {
        case exited(Int32)
        case killed(signal: Int32)

        /// The status a shell shows: the exit status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .killed(let signal): 128 + signal
            }
        }
    }

    /// Why a child could not be started or waited for.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let program: String
        /// The `errno` value.
        public let code: Int32
        /// The folder it was to run in, when one was given (a missing folder fails the start too).
        public var workingDirectory: String? = nil
        public var description: String {
            let folder = workingDirectory.map { " (in \($0))" } ?? ""
            return "\(program)\(folder): \(String(cString: strerror(code)))"
        }
    }

    /// Starts the child; returns its process id.
    public func start() throws(Failure) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setUp(&attributes)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let (program, arguments) = addActions(&actions)

        var pid: pid_t = 0
        let status = Self.withCStrings(arguments) { argv in
            if let environment {
                return Self.withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                    posix_spawn(&pid, program, &actions, &attributes, argv, envp)
                }
            }
            return posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw Failure(program: self.program, code: status, workingDirectory: workingDirectory) }
        return pid
    }

    /// Every signal at its default, an empty mask, and a session of its own if asked.
    private func setUp(_ attributes: inout posix_spawnattr_t) {
        var defaults = sigset_t(), empty = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // glibc's POSIX_SPAWN_SETSID is 0x80 (Swift does not see it without _GNU_SOURCE).
        let setSession: Int32 = newSession ? 0x80 : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | setSession))
    }

    /// The file actions, in order: the three streams, closes (after the streams, so that a
    /// pipe's end is duplicated before it is closed), the working directory. Returns the
    /// program and arguments to spawn: ours, or — only where this C library has no chdir
    /// action — a shell that changes folder and `exec`s ours.
    private func addActions(_ actions: inout posix_spawn_file_actions_t) -> (String, [String]) {
        for (stream, target) in [(standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            switch stream {
            case .inherit: break
            case .open(let path, let flags): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if closesOtherDescriptors {
            for descriptor in Self.openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        guard let workingDirectory else { return (program, arguments) }
        if let addChdir = GNUFunctions.addChdir {
            _ = addChdir(&actions, workingDirectory)
            return (program, arguments)
        }
        return ("/bin/sh", ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", workingDirectory, program] + arguments.dropFirst())
    }

    /// Waits for the child `pid` to end (through interrupted waits).
    public static func wait(for pid: pid_t, program: String) throws(Failure) -> Exit {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(program: program, code: errno) }
        }
        return Self.exit(status)
    }

    /// Starts the child and waits for it to end.
    public func run() throws(Failure) -> Exit {
        try Self.wait(for: try start(), program: program)
    }

    /// This process's open file descriptors (from `/proc/self/fd`; empty where there is none).
    static func openDescriptors() -> [Int32] {
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

    /// A NULL-terminated array of C strings, freed after `body`.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
