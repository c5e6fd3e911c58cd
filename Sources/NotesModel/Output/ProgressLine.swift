import Glibc
import Synchronization

/// One line on a terminal that shows how far long work has come, as
/// `importing 12.0 / 48.3 MB · 25.1 MB/s · 2 s left`: redrawn in place (`\r`, then
/// erase to the end of the line) at most once every `interval` seconds, and erased by
/// `finish()`. The command line makes one only when standard error is a terminal and
/// no `--json` was asked for (`forTerminal`), so pipes and scripts never see it.
///
/// Its text is made of a fixed label, counts and a unit: nothing a note holds, so it
/// needs no escaping for the terminal.
public final class ProgressLine: Sendable {
    /// What is counted: notes, files, or bytes (shown in MB).
    public enum Unit: Sendable, Equatable {
        case items(String)
        case bytes
    }

    /// The least time between two drawings, in seconds.
    public static let interval = 0.25

    private struct State {
        var label: String
        var unit: Unit
        /// When the count began and what it was then: the rate is of what was done since,
        /// not of the time before the first count (opening a store, say), which made a
        /// first estimate of hours for work of seconds.
        var countStart: (time: Double, done: Int)?
        var lastDrawn: Double?
        var shown = false
    }

    private let state: Mutex<State>
    private let clock: @Sendable () -> Double
    private let columns: @Sendable () -> Int?
    private let write: @Sendable ([UInt8]) -> Void

    /// A line for `label` counting in `unit`; `clock` gives seconds (tests pass their
    /// own), `columns` the terminal's width at each drawing (nil: not known; the text is
    /// fitted to it, `fitted`), `write` puts bytes on the terminal.
    public init(label: String, unit: Unit, clock: @escaping @Sendable () -> Double = ProgressLine.monotonicSeconds,
                columns: @escaping @Sendable () -> Int? = { nil }, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.clock = clock
        self.columns = columns
        self.write = write
        state = Mutex(State(label: label, unit: unit))
    }

    /// A line on the file descriptor `descriptor` (standard error by default), or nil when it
    /// is not a terminal: progress is for a person watching, never for a pipe or a file.
    public static func forTerminal(label: String, unit: Unit, descriptor: Int32 = STDERR_FILENO) -> ProgressLine? {
        guard isatty(descriptor) == 1 else { return nil }
        let columns: @Sendable () -> Int? = {
            var size = winsize()
            return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        }
        return ProgressLine(label: label, unit: unit, columns: columns) { bytes in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }  // a terminal that fails: the progress is dropped, the work goes on
                    offset += written
                }
            }
        }
    }

    /// Seconds from a fixed point (`CLOCK_MONOTONIC`), for rates and time left.
    public static let monotonicSeconds: @Sendable () -> Double = {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// `done` of `total` (nil: not known) so far; drawn when `interval` has passed since
    /// the last drawing (the first at once, without a rate: the rate is measured from the
    /// first count). A `unit` or `label` other than the line's starts the count anew (drawn
    /// at once): a step of the work with a count of its own, such as an import's writing
    /// after its reading.
    public func update(done: Int, total: Int?, unit: Unit? = nil, label: String? = nil) {
        let now = clock()
        let text: String? = state.withLock { state in
            if unit.map({ $0 != state.unit }) ?? false || label.map({ $0 != state.label }) ?? false {
                state.unit = unit ?? state.unit
                state.label = label ?? state.label
                state.countStart = nil
                state.lastDrawn = nil
            }
            let countStart = state.countStart ?? (now, done)
            state.countStart = countStart
            if let last = state.lastDrawn, now - last < Self.interval { return nil }
            state.lastDrawn = now
            state.shown = true
            return Self.text(label: state.label, unit: state.unit, done: done, total: total,
                             elapsed: now - countStart.time, since: countStart.done)
        }
        if let text { write(redraw(text)) }
    }

    /// Shows `text` alone (a step with nothing to count, such as the final write), at once.
    public func show(_ text: String) {
        let now = clock()
        state.withLock { state in
            state.lastDrawn = now
            state.shown = true
        }
        write(redraw(text))
    }

    /// Erases the line (when it was drawn), leaving the cursor where the line began.
    public func finish() {
        let wasShown = state.withLock { state in
            defer { state.shown = false }
            return state.shown
        }
        if wasShown { write(Self.erase) }
    }

    /// What erases the line: back to its start, and clear to its end.
    public static let erase: [UInt8] = Array("\r\u{1B}[K".utf8)

    private func redraw(_ text: String) -> [UInt8] {
        Self.erase + Array((columns().map { Self.fitted(text, columns: $0) } ?? text).utf8)
    }

    /// `text` in fewer than `columns` columns (a line as wide as the terminal would wrap, and
    /// `\r` would then go back to its last row only): without the rate, then with the count
    /// alone, then cut. Every character of the line takes one column.
    public static func fitted(_ text: String, columns: Int) -> String {
        let room = max(1, columns - 1)
        guard text.count > room else { return text }
        var parts = text.components(separatedBy: " · ")
        while parts.count > 1, parts.joined(separator: " · ").count > room {
            parts.remove(at: parts.count == 3 ? 1 : parts.count - 1)
        }
        return String(parts.joined(separator: " · ").prefix(room))
    }

    /// The line's text: `label done / total unit · rate · time left`; the rate (of what was
    /// done past `since` in `elapsed` seconds) and the time left once anything was done,
    /// the time left only when the total is known.
    public static func text(label: String, unit: Unit, done: Int, total: Int?, elapsed: Double, since: Int = 0) -> String {
        var text = label + " " + amount(done, unit, withUnit: total == nil)
        if let total { text += " / " + amount(total, unit, withUnit: true) }
        guard done > since, elapsed > 0 else { return text }
        let rate = Double(done - since) / elapsed
        text += " · " + rateText(rate, unit) + "/s"
        if let total, total >= done {
            text += " · " + secondsText(Double(total - done) / rate) + " left"
        }
        return text
    }

    private static func amount(_ count: Int, _ unit: Unit, withUnit: Bool) -> String {
        switch unit {
        case .items(let name): withUnit ? grouped(count) + " " + name : grouped(count)
        case .bytes: megabytes(Double(count)) + (withUnit ? " MB" : "")
        }
    }

    private static func rateText(_ rate: Double, _ unit: Unit) -> String {
        switch unit {
        case .items: grouped(Int(rate.rounded()))
        case .bytes: megabytes(rate) + " MB"
        }
    }

    /// Megabytes (10^6 bytes) with one decimal.
    private static func megabytes(_ bytes: Double) -> String {
        let tenths = Int((bytes / 100_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `12,345`.
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return count < 0 ? "-" + text : text
    }

    /// `7 s`, `2 min 05 s`, `1 h 03 min`.
    static func secondsText(_ seconds: Double) -> String {
        let whole = Int(seconds.isFinite ? min(max(0, seconds.rounded(.up)), 1e9) : 0)
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(twoDigits(whole % 60)) s" }
        return "\(whole / 3600) h \(twoDigits(whole % 3600 / 60)) min"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
