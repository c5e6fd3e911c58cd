import Foundation

/// How an opener started by `Opener.open` ended: its background shell writes the opener's
/// exit status to a pipe when the opener ends, and this reads it without waiting, so a
/// caller that keeps running (the UI) can say that a viewer failed instead of having said
/// only that it started. A viewer that runs until the user closes it keeps the pipe open
/// that long; nothing waits for it.
public final class OpenerWatch: Equatable, @unchecked Sendable {
    /// How the opener stands.
    public enum Ending: Equatable, Sendable {
        /// Still running (or its status is not written yet).
        case running
        /// It ended with this exit status.
        case ended(status: Int32)
        /// The pipe closed without a status (the background shell was killed).
        case unknown
    }

    /// The opener's name, as the status line shows it.
    public let command: String
    /// The file or address it was started on.
    public let target: String
    /// The pipe's ends; the write end is the shell's standard output, closed here once it has started.
    private let readEnd: Int32
    let writeEnd: Int32
    private let lock = NSLock()
    private var writeEndClosed = false
    private var text: [UInt8] = []
    private var ending = Ending.running

    init(command: String, target: String) throws(ChildSpawn.Failure) {
        // Close-on-exec from the start, so that no other program we start keeps the pipe
        // open; the shell's copy (its standard output, made by `dup2`) stays open.
        (readEnd, writeEnd) = try ChildSpawn.makePipe()
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        self.command = command
        self.target = target
    }

    deinit {
        close(readEnd)
        closeWriteEnd()
    }

    /// Our copy of the write end, once the shell has its own (or failed to start).
    func closeWriteEnd() {
        lock.lock()
        defer { lock.unlock() }
        if !writeEndClosed { close(writeEnd) }
        writeEndClosed = true
    }

    /// How the opener stands now, without waiting.
    public func poll() -> Ending {
        read(blocking: false)
    }

    /// Waits until the opener has ended (tests, and a caller with nothing else to do).
    public func waitForEnd() -> Ending {
        read(blocking: true)
    }

    /// Waits until the opener has ended or `seconds` have passed (then `.running`): how a
    /// command that ends at once learns that its opener failed, without waiting for a
    /// viewer the user keeps open.
    public func waitForEnd(atMost seconds: Double) -> Ending {
        read(blocking: true, until: DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9))
    }

    /// Reads what the shell wrote; `blocking`, waits for the end, until the `until` instant
    /// (`DispatchTime` nanoseconds) when one is given.
    private func read(blocking: Bool, until deadline: UInt64? = nil) -> Ending {
        lock.lock()
        defer { lock.unlock() }
        while ending == .running {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                text += buffer.prefix(count)
                continue
            }
            if count == 0 {  // the pipe's end: the status, if the shell wrote one
                let status = Int32(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                ending = status.map { .ended(status: $0) } ?? .unknown
                break
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN else {
                ending = .unknown
                break
            }
            guard blocking else { break }
            var timeout: Int32 = -1
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { break }
                timeout = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = Glibc.poll(&descriptor, 1, timeout)
        }
        return ending
    }

    /// The same watch: a watch is one opener's.
    public static func == (left: OpenerWatch, right: OpenerWatch) -> Bool { left === right }

    /// The sentence for a failed opener, nil when it ended well or its end is not known.
    public var failure: String? {
        guard case .ended(let status) = poll(), status != 0 else { return nil }
        let name = target.contains("://") ? target : (target as NSString).lastPathComponent
        switch status {
        case 127: return "\(command) was not found (status 127): \(name) was not opened"
        case 126: return "\(command) could not be run (status 126): \(name) was not opened"
        // xdg-open's own status for "no program for this type of file" (no desktop, no browser).
        case 3 where command == "xdg-open": return "xdg-open found no program for \(name) (set NOTES_OPENER, or opener in the config file)"
        default: return "\(command) failed on \(name) (status \(status))"
        }
    }
}

/// The openers one running app has started whose end is not known yet (the UI's read view
/// starts them; the composition root keeps this list and the runner asks it for failures).
public final class RunningOpeners: @unchecked Sendable {
    private let lock = NSLock()
    private var watches: [OpenerWatch] = []

    public init() {}

    /// Watches `watch` until it ends.
    public func add(_ watch: OpenerWatch) {
        lock.lock()
        defer { lock.unlock() }
        watches.append(watch)
    }

    /// The sentences of the openers that failed since the last call, and whether any is still
    /// running; the ones that ended are let go.
    public func takeFailures() -> (failures: [String], stillRunning: Bool) {
        lock.lock()
        defer { lock.unlock() }
        var failures: [String] = []
        watches.removeAll { watch in
            guard watch.poll() != .running else { return false }
            if let failure = watch.failure { failures.append(failure) }
            return true
        }
        return (failures, !watches.isEmpty)
    }
}
