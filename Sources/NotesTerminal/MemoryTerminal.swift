
/// A terminal in memory, for tests: events come from a queue, drawn buffers are kept.
/// `nextEvent` returns nil when the queue is empty, which ends `AppRunner.run`; asked
/// to wait with a time limit, it returns `.idle` instead, once: queued events stand for
/// keys that arrive in quick succession, an empty queue for one pause, then the end.
public final class MemoryTerminal: Terminal {
    public private(set) var size: TerminalSize
    public let colorMode: ColorMode
    /// Events still to be read, first first.
    public var events: [InputEvent]
    /// The last buffer drawn.
    public private(set) var lastBuffer: ScreenBuffer?
    public private(set) var drawCount = 0
    /// How many times `nextEvent(idleAfter:)` found no event and returned `.idle`.
    public private(set) var idleCount = 0
    /// Whether the last event returned was `.idle` (a second wait in a row ends input).
    private var justIdled = false
    public private(set) var suspendCount = 0
    public private(set) var resumeCount = 0
    /// True between `suspend` and `resume`.
    public private(set) var isSuspended = false

    public init(size: TerminalSize = TerminalSize(width: 80, height: 24), colorMode: ColorMode = .trueColor,
                events: [InputEvent] = []) {
        self.size = size
        self.colorMode = colorMode
        self.events = events
    }

    /// Queues key presses.
    public func press(_ keys: Key...) {
        events += keys.map { .key($0) }
    }

    /// Queues one character key per character of `text`.
    public func type(_ text: String) {
        events += text.map { .key(.character($0)) }
    }

    public func draw(_ buffer: ScreenBuffer) {
        lastBuffer = buffer
        drawCount += 1
    }

    public func nextEvent(idleAfter milliseconds: Int?) -> InputEvent? {
        guard !events.isEmpty else {
            guard milliseconds != nil, !justIdled else {
                justIdled = false  // the next run pauses again
                return nil
            }
            idleCount += 1
            justIdled = true
            return .idle
        }
        justIdled = false
        let event = events.removeFirst()
        if case .resize(let newSize) = event { size = newSize }
        return event
    }

    public func suspend() {
        isSuspended = true
        suspendCount += 1
    }

    public func resume() {
        isSuspended = false
        resumeCount += 1
    }
}
