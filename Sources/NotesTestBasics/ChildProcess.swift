#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesBase

/// How a child process ended.
public enum ChildExit: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}

/// Why a child process could not be run or read.
public enum ChildProcessError: Error, CustomStringConvertible {
    case spawn(String)
    case hung(String)

    public var description: String {
        switch self {
        case .spawn(let reason): "cannot start the child: \(reason)"
        case .hung(let reason): "the child did not answer: \(reason)"
        }
    }
}

/// A child process started with `posix_spawn`, so that the test can read its
/// standard output line by line while it runs, kill it with any signal, and
/// tell an exit from a death by signal. Standard error goes to a file; standard
/// input is `/dev/null`. The pipe is close-on-exec from the start (`ChildSpawn.makePipe`),
/// so children started in parallel never hold each other's pipes open.
public final class ChildProcess {
    /// Where the child's standard output goes.
    public enum Output {
        /// A pipe the parent reads with `readLine`.
        case pipe
        /// A file, read after the child has ended.
        case file(URL)
    }

    public let pid: pid_t
    public let stderrURL: URL
    private var readFD: Int32 = -1
    private var buffer: [UInt8] = []
    private var ended: ChildExit?

    public init(executable: URL, arguments: [String], environment: [String: String],
                stdout: Output, stderrURL: URL) throws {
        self.stderrURL = stderrURL
        // Default signal handling and an empty mask, whatever the test runner set (ChildSpawn).
        var spawn = ChildSpawn(program: executable.path, arguments: [executable.path] + arguments, environment: environment)
        spawn.standardInput = .open("/dev/null", flags: O_RDONLY)
        spawn.standardError = .open(stderrURL.path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        var pipeFDs: [Int32] = [-1, -1]
        switch stdout {
        case .pipe:
            do {
                let ends = try ChildSpawn.makePipe()
                pipeFDs = [ends.read, ends.write]
            } catch {
                throw ChildProcessError.spawn("\(error)")
            }
            spawn.standardOutput = .descriptor(pipeFDs[1])
        case .file(let url):
            spawn.standardOutput = .open(url.path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        }
        let started = Swift.Result { () throws(ChildSpawn.Failure) in try spawn.start() }
        if pipeFDs[1] >= 0 { Glibc.close(pipeFDs[1]) }
        switch started {
        case .success(let child):
            pid = child
            readFD = pipeFDs[0]
        case .failure(let failure):
            if pipeFDs[0] >= 0 { Glibc.close(pipeFDs[0]) }
            throw ChildProcessError.spawn("\(executable.path): \(String(cString: strerror(failure.code)))")
        }
    }


    deinit {
        if ended == nil {
            _ = Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
        if readFD >= 0 { Glibc.close(readFD) }
    }

    /// The next line of standard output (without its newline), or nil at the end.
    /// Gives up after `timeout` seconds without a line: a hung child is an error, not a hang of the test.
    public func readLine(timeout: Double = 120) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard readFD >= 0 else {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            var poller = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(timeout * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw ChildProcessError.hung("no output for \(timeout) s from pid \(pid)") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(readFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                Glibc.close(readFD)
                readFD = -1
            } else {
                buffer += chunk[..<count]
            }
        }
    }

    /// Every remaining line of standard output, up to the end.
    public func readRemainingLines(timeout: Double = 120) throws -> [String] {
        var lines: [String] = []
        while let line = try readLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        guard ended == nil else { return }
        _ = Glibc.kill(pid, signal)
    }

    /// Waits for the child to end (once; later calls return the same answer).
    @discardableResult
    public func wait() -> ChildExit {
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        let signal = status & 0x7F
        let exit: ChildExit = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        ended = exit
        return exit
    }

    /// What the child wrote to standard error.
    public var stderrText: String {
        String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
    }
}
