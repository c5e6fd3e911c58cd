import Glibc
import Foundation
import NotesBase

/// Runs the `git` program as a child process in one repository, non-interactively:
/// no terminal prompt for credentials (`GIT_TERMINAL_PROMPT=0`), no pager, no editor,
/// standard input from `/dev/null` (or from a private temporary file holding the input),
/// no controlling terminal.
/// Output is captured. Spawned with `ChildSpawn` and read with `poll` on the calling
/// thread: no helper threads, and safe to run from several threads at once.
public struct GitCommand: Sendable {
    /// The repository's work tree (`git -C`).
    public let folder: URL
    /// Extra environment variables (tests keep git away from the user's configuration).
    public var environment: [String: String]
    /// Told the subcommand of each git run (`SyncWork` counts them for the report).
    var ran: (@Sendable (String) -> Void)?

    public init(folder: URL, environment: [String: String] = [:]) {
        self.folder = folder
        self.environment = environment
    }

    /// What a finished git command printed, and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var output: Data
        public var errorText: String

        public var text: String { String(decoding: output, as: UTF8.self) }
        public var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Runs `git <arguments>` and returns its result whatever its exit status.
    public func run(_ arguments: [String], input: Data? = nil) throws(SyncError) -> Result {
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_TERMINAL_PROMPT"] = "0"
        variables["GIT_PAGER"] = "cat"
        variables["PAGER"] = "cat"
        variables["GIT_EDITOR"] = "true"
        variables["GIT_MERGE_AUTOEDIT"] = "no"
        for (key, value) in environment { variables[key] = value }
        guard let git = Self.executable(path: variables["PATH"]) else {
            throw .gitMissing(reason: "no 'git' on the PATH")
        }
        ran?(arguments.first ?? "")
        var inputFile: URL?
        if let input {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("notes-git-\(UUID().uuidString)")
            // Read once by git and removed: not written durably (an `fsync` cost milliseconds a run).
            do { try WorkTreeEntry.writeScratch(input, to: url) } catch {
                throw .gitFailed(action: "prepare git's input", status: 1, message: "cannot write \(url.path)")
            }
            inputFile = url
        }
        defer { if let inputFile { try? FileManager.default.removeItem(at: inputFile) } }
        let (status, output, errorData) = try Self.spawn(git, ["git"] + Self.safetyOptions + ["-C", folder.path] + arguments,
                                                         environment: variables, stdin: inputFile?.path ?? "/dev/null")
        let errorText = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Result(status: status, output: output, errorText: errorText)
    }

    /// Settings every git run of sync gets, whatever the user's or the repository's
    /// configuration says: no hooks, no file-system monitor, links checked out as plain
    /// files, no global attributes file (the repository's own `info/attributes` turns the
    /// in-tree ones off, see `SyncRepository.applySafetySettings`), no submodules.
    static let safetyOptions = [
        "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.symlinks=false",
        "-c", "core.attributesFile=/dev/null", "-c", "submodule.recurse=false", "-c", "core.protectNTFS=true",
    ]

    /// Runs `git <arguments>` and returns its output; a non-zero exit status is `SyncError.gitFailed`.
    @discardableResult
    public func check(_ action: String, _ arguments: [String], input: Data? = nil) throws(SyncError) -> Result {
        let result = try run(arguments, input: input)
        guard result.status == 0 else {
            throw .gitFailed(action: action, status: result.status, message: result.errorText)
        }
        return result
    }

    /// The first executable `git` in `path` (a `$PATH` value).
    static func executable(path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/git"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Spawns `program` with its standard output and error on pipes, reads both to the end,
    /// and returns its exit status (128 + the signal if one ended it) and what it wrote.
    private static func spawn(_ program: String, _ arguments: [String], environment: [String: String],
                              stdin: String) throws(SyncError) -> (Int32, Data, Data) {
        // Pipes are made and the child spawned under one lock, so that no child spawned from
        // another thread here inherits a pipe before it is marked close-on-exec.
        spawnLock.lock()
        var locked = true
        defer { if locked { spawnLock.unlock() } }
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw spawnError("pipe") }
        guard pipe(&errorPipe) == 0 else {
            outputPipe.forEach { _ = close($0) }
            throw spawnError("pipe")
        }
        for fd in outputPipe + errorPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var child = ChildSpawn(program: program, arguments: arguments, environment: environment)
        child.standardInput = .open(stdin, flags: O_RDONLY)
        child.standardOutput = .descriptor(outputPipe[1])
        child.standardError = .descriptor(errorPipe[1])
        // A session of its own: git and ssh have no controlling terminal, so nothing can prompt
        // on the terminal (and scribble over the UI); a passphrase-protected key without an agent
        // fails with ssh's message instead.
        child.newSession = true
        let started = Swift.Result { () throws(ChildSpawn.Failure) in try child.start() }
        _ = close(outputPipe[1])
        _ = close(errorPipe[1])
        spawnLock.unlock()
        locked = false
        let pid: pid_t
        switch started {
        case .success(let spawned): pid = spawned
        case .failure(let failure):
            _ = close(outputPipe[0])
            _ = close(errorPipe[0])
            throw .gitMissing(reason: failure.description)
        }
        let (output, errorOutput) = readBoth(outputPipe[0], errorPipe[0])
        _ = close(outputPipe[0])
        _ = close(errorPipe[0])
        let exit = (try? ChildSpawn.wait(for: pid, program: program))?.shellStatus ?? 0  // not waitable (SIGCHLD ignored): as before, read as done
        return (exit, output, errorOutput)
    }

    /// Reads two descriptors to their ends at once, so that neither pipe fills up and blocks the child.
    private static func readBoth(_ first: Int32, _ second: Int32) -> (Data, Data) {
        var buffers = [Data(), Data()]
        var open = [true, true]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while open[0] || open[1] {
            var fds = [pollfd(fd: open[0] ? first : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open[1] ? second : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in 0..<2 where open[index] && fds[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    open[index] = false
                }
            }
        }
        return (buffers[0], buffers[1])
    }

    private static let spawnLock = NSLock()

    private static func spawnError(_ call: String) -> SyncError {
        .gitMissing(reason: "\(call): \(String(cString: strerror(errno)))")
    }
}
