import Foundation

/// A child bounded in time: a wait that kills the child at its deadline, and a run that feeds
/// it input and captures what it prints. A child that hangs (or ignores `SIGTERM`) is killed
/// with `SIGKILL`, which nothing can ignore, so its caller always gets an answer.
extension ChildSpawn {
    /// What a bounded child printed and how it ended.
    public struct Captured: Equatable, Sendable {
        public let exit: Exit
        public let standardOutput: [UInt8]
        public let standardError: [UInt8]
        /// The deadline came first: the child was killed with `SIGKILL` (and `exit` says so).
        public let timedOut: Bool

        /// Standard output as text (UTF-8, bad bytes replaced).
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as text (UTF-8, bad bytes replaced).
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs the child with `input` on its standard input (a pipe, closed once written) and its
    /// standard output and error captured; kills it if it has not ended `timeout` seconds
    /// after it started. Throws only when it cannot be started or waited for.
    public func capture(input: [UInt8] = [], timeout: Double) throws(Failure) -> Captured {
        let deadline = ContinuousClock.now + .seconds(timeout)
        let pipes = try Self.makePipes(3)
        let (toChild, fromOutput, fromError) = (pipes[0], pipes[1], pipes[2])
        var loop = CaptureLoop(input: input, to: toChild.write, output: fromOutput.read, errors: fromError.read)
        defer { loop.closeAll() }
        var child = self
        child.standardInput = .descriptor(toChild.read)
        child.standardOutput = .descriptor(fromOutput.write)
        child.standardError = .descriptor(fromError.write)
        let started = Result { () throws(Failure) in try child.start() }
        for descriptor in [toChild.read, fromOutput.write, fromError.write] { close(descriptor) }
        let pid = try started.get()
        let finished = loop.run(until: deadline)
        loop.closeAll()
        let (exit, timedOut) = try Self.wait(for: pid, program: program, timeout: finished ? Self.seconds(until: deadline) : 0)
        return Captured(exit: exit, standardOutput: loop.output, standardError: loop.errors, timedOut: timedOut)
    }

    /// Starts the child and waits for it to end, killing it at the deadline as
    /// `wait(for:program:timeout:)` does.
    public func run(timeout: Double) throws(Failure) -> (exit: Exit, timedOut: Bool) {
        try Self.wait(for: try start(), program: program, timeout: timeout)
    }

    /// Waits for the child `pid` to end; if it has not ended `timeout` seconds from now, kills
    /// it with `SIGKILL` and reaps it (`timedOut` true).
    public static func wait(for pid: pid_t, program: String, timeout: Double) throws(Failure) -> (exit: Exit, timedOut: Bool) {
        let deadline = ContinuousClock.now + .seconds(max(0, timeout))
        // Where the C library has pidfd_open, the wait sleeps in poll until the child ends;
        // elsewhere it looks every 10 ms.
        let ended = GNUFunctions.pidfdOpen?(pid, 0) ?? -1
        defer { if ended >= 0 { close(ended) } }
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return (Self.exit(status), false) }
            if reaped < 0, errno != EINTR { throw Failure(program: program, code: errno) }
            let left = milliseconds(until: deadline)
            if left <= 0 { break }
            var descriptor = pollfd(fd: ended, events: Int16(POLLIN), revents: 0)
            _ = ended >= 0 ? poll(&descriptor, 1, left) : poll(nil, 0, min(left, 10))
        }
        kill(pid, SIGKILL)
        return (try wait(for: pid, program: program), true)
    }

    /// A pipe whose ends are close-on-exec from the start, so that no child spawned meanwhile
    /// by another thread inherits them (and holds the pipe open).
    public static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        let made = ends.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            if let pipe2 = GNUFunctions.pipe2 { return pipe2(base, O_CLOEXEC) }
            guard pipe(base) == 0 else { return -1 }
            for end in 0..<2 { _ = fcntl(base[end], F_SETFD, FD_CLOEXEC) }
            return 0
        }
        guard made == 0 else { throw Failure(program: "pipe", code: errno) }
        return (ends[0], ends[1])
    }

    /// `count` pipes as `makePipe` makes them; none left open when one fails.
    static func makePipes(_ count: Int) throws(Failure) -> [(read: Int32, write: Int32)] {
        var pipes: [(read: Int32, write: Int32)] = []
        do throws(Failure) {
            for _ in 0..<count { pipes.append(try makePipe()) }
        } catch {
            for pipe in pipes { close(pipe.read); close(pipe.write) }
            throw error
        }
        return pipes
    }

    /// A `waitpid` status as an exit.
    static func exit(_ status: Int32) -> Exit {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
    }

    /// Whole milliseconds from now to `deadline` (0 when it has passed), for `poll`.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    private static func seconds(until deadline: ContinuousClock.Instant) -> Double {
        Double(milliseconds(until: deadline)) / 1000
    }
}
