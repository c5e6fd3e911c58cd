import Foundation

/// The one way notes starts another program (the editor, git, `tic`, a detached
/// `notes compact`): `posix_spawn`, never Foundation's `Process`, which on Linux puts the
/// child in a new process group — outside the terminal's foreground group, where an
/// editor is stopped by `SIGTTIN` as soon as it reads the terminal.
///
/// Every child gets every signal at its default and an empty signal mask, whatever the
/// caller set (a curses UI catches or ignores several). By default it stays in our
/// session and process group and inherits the standard streams; `newSession` gives it a
/// session of its own (no controlling terminal, so nothing it runs can prompt there).
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

    public init(program: String, arguments: [String], environment: [String: String]? = nil) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
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
        public var description: String { "\(program): \(String(cString: strerror(code)))" }
    }

    /// Starts the child; returns its process id.
    public func start() throws(Failure) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
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

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if closesOtherDescriptors {
            for descriptor in Self.openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        for (stream, target) in [(standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            switch stream {
            case .inherit: break
            case .open(let path, let flags): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }

        var pid: pid_t = 0
        let status = Self.withCStrings(arguments) { argv in
            if let environment {
                return Self.withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                    posix_spawn(&pid, program, &actions, &attributes, argv, envp)
                }
            }
            return posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw Failure(program: program, code: status) }
        return pid
    }

    /// Waits for the child `pid` to end (through interrupted waits).
    public static func wait(for pid: pid_t, program: String) throws(Failure) -> Exit {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(program: program, code: errno) }
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
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
