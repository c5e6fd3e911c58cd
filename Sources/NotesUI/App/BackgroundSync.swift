import Foundation
import NotesModel

/// One sync (`S`) running on a thread of its own, and the mailbox through which it talks
/// to the runner: progress lines, counts of files written and the final outcome are posted here by the sync's
/// thread and taken by the runner's loop, which hands them to `AppUpdate` (`EffectResult`).
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while
/// `condition` is locked, and the action itself is `@Sendable`. The sync's thread never
/// touches the runner, its state or its store.
final class BackgroundSync: @unchecked Sendable {
    /// What the sync's thread has said, in order.
    enum Event: Equatable {
        case progress(String)
        /// `done` of `total` files written, `elapsed` seconds after the first count.
        case files(done: Int, total: Int, elapsed: Double)
        /// The summary, or git's error (its first lines), to show when the sync ended.
        case finished(message: String, isError: Bool)
    }

    private let condition = NSCondition()
    private var events: [Event] = []
    private var running = false
    /// When the first count of files came, and when one was last posted.
    private var filesStarted: Double?
    private var filesPosted: Double?
    private let clock: @Sendable () -> Double

    /// `clock` gives seconds, for the files' rate and how often a count is posted.
    init(clock: @escaping @Sendable () -> Double = ProgressLine.monotonicSeconds) {
        self.clock = clock
    }

    /// True from `start` until the sync's thread has posted its outcome.
    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// True while the sync runs or something it posted is still to be taken.
    var hasWork: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running || !events.isEmpty
    }

    /// Starts `action` on a new thread, unless a sync is running already (then false).
    /// A thread of its own rather than the shared dispatch pool: the network part may
    /// block for long, and the pool of a 2-core machine is small.
    func start(_ action: @escaping AppRunner.SyncAction) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !running else { return false }
        running = true
        filesStarted = nil
        filesPosted = nil
        let progress = SyncProgress(step: { [self] line in post(.progress(line)) },
                                    files: { [self] done, total in post(filesDone: done, of: total) })
        let thread = Thread { [self] in
            let outcome: Event
            do {
                let summary = try action(progress)
                outcome = .finished(message: summary, isError: false)
            } catch {
                let firstLines = "\(error)".split(separator: "\n").prefix(2).joined(separator: " ")
                outcome = .finished(message: "error: \(firstLines)", isError: true)
            }
            condition.lock()
            events.append(outcome)
            running = false
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "notes sync"
        thread.start()
        return true
    }

    /// Everything posted since the last call, oldest first.
    func take() -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        let taken = events
        events.removeAll()
        return taken
    }

    /// Blocks until the sync has ended (at once if none runs).
    func waitUntilFinished() {
        condition.lock()
        defer { condition.unlock() }
        while running { condition.wait() }
    }

    /// Posts a count of files at most every `ProgressLine.interval` (the first and the last
    /// at once), in place of one not taken yet: the status line changes a few times a
    /// second however fast the files are written.
    private func post(filesDone done: Int, of total: Int) {
        let now = clock()
        condition.lock()
        defer { condition.unlock() }
        if let last = filesPosted, now - last < ProgressLine.interval, done < total { return }
        filesPosted = now
        let started = filesStarted ?? now
        filesStarted = started
        if case .files? = events.last { events.removeLast() }
        events.append(.files(done: done, total: total, elapsed: now - started))
        condition.broadcast()
    }

    private func post(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }
}
