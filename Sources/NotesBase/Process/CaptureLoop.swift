import Foundation

/// The parent's side of `ChildSpawn.capture`: writes the input into the child's standard
/// input and reads its standard output and error as they come, with one `poll` over the
/// three pipes, so that no pipe fills up and blocks the child while another is read.
struct CaptureLoop {
    private var pending: ArraySlice<UInt8>
    private var input: Int32
    private var outputEnd: Int32
    private var errorEnd: Int32
    private(set) var output: [UInt8] = []
    private(set) var errors: [UInt8] = []

    /// Takes over the parent's ends of the three pipes (closed by `closeAll` or at their end).
    init(input bytes: [UInt8], to input: Int32, output: Int32, errors: Int32) {
        pending = bytes[...]
        self.input = input
        outputEnd = output
        errorEnd = errors
        // A child that never reads must not block the parent in write.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        if pending.isEmpty { Self.close(&self.input) }
    }

    /// Runs until both output pipes are at their end (true) or the deadline has passed (false).
    mutating func run(until deadline: ContinuousClock.Instant) -> Bool {
        while outputEnd >= 0 || errorEnd >= 0 {
            let left = ChildSpawn.milliseconds(until: deadline)
            if left <= 0 { return false }
            // A negative descriptor is skipped by poll.
            var fds = [pollfd(fd: input, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errorEnd, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 3, left) < 0 {
                if errno == EINTR { continue }
                return false
            }
            if fds[0].revents != 0 { writeSome() }
            if fds[1].revents != 0 { Self.read(&outputEnd, into: &output) }
            if fds[2].revents != 0 { Self.read(&errorEnd, into: &errors) }
        }
        return true
    }

    /// Closes whatever is still open.
    mutating func closeAll() {
        Self.close(&input)
        Self.close(&outputEnd)
        Self.close(&errorEnd)
    }

    /// Writes what the pipe takes of the input; closes it when all is written or the child
    /// has closed its end (`EPIPE`, without the `SIGPIPE` that would end this process).
    private mutating func writeSome() {
        let written = Self.writeWithoutSignal(input, pending)
        if written > 0 { pending = pending.dropFirst(written) }
        if pending.isEmpty || (written < 0 && errno != EAGAIN && errno != EINTR) { Self.close(&input) }
    }

    /// Reads what is there; closes the descriptor at its end.
    private static func read(_ descriptor: inout Int32, into bytes: inout [UInt8]) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += chunk[..<count]
        } else if count == 0 || errno != EINTR {
            close(&descriptor)
        }
    }

    /// `write` with `SIGPIPE` blocked on this thread, and a `SIGPIPE` it raised taken back.
    private static func writeWithoutSignal(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let failure = errno
        if written < 0, failure == EPIPE, sigismember(&previous, SIGPIPE) == 0 {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = failure
        return written
    }

    private static func close(_ descriptor: inout Int32) {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }
}
