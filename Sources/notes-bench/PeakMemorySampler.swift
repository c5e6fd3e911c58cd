import Foundation

/// The peak resident memory of a child process, read from its `VmHWM` (the kernel's own
/// high-water mark, which only grows) every few milliseconds until it is stopped: the last
/// reading before the child exits is its peak, short of a rise in its last milliseconds.
/// `wait4`'s `ru_maxrss` cannot be used for a child of the bench (see `WholeProcess`).
final class PeakMemorySampler: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts sampling the process `pid`: once at once, then on a thread of its own.
    init(pid: pid_t) {
        path = "/proc/\(pid)/status"
        peak = Self.highWaterMark(path) ?? 0
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Stops sampling (call it once the child is reaped) and returns the peak in bytes, or
    /// nil when it could never be read.
    func stop() -> Int? {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { peak > 0 ? peak : nil }
    }

    private func run() {
        while !lock.withLock({ stopped }) {
            if let bytes = Self.highWaterMark(path) { lock.withLock { peak = max(peak, bytes) } }
            usleep(5_000)
        }
        done.signal()
    }

    /// `VmHWM` of the status file at `path`, in bytes.
    static func highWaterMark(_ path: String) -> Int? {
        // Read with read(2): a /proc file's size is 0, so readers that trust it read nothing.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
