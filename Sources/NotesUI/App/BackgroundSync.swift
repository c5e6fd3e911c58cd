import Foundation

/// One sync (`S`) running on a thread of its own, and the mailbox through which it talks
/// to the runner: progress lines and the final outcome are posted here by the sync's
/// thread and taken by the runner's loop, which hands them to `AppUpdate` (`EffectResult`).
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while
/// `condition` is locked, and the action itself is `@Sendable`. The sync's thread never
/// touches the runner, its state or its store.
final class BackgroundSync: @unchecked Sendable {
    /// What the sync's thread has said, in order.
    enum Event: Equatable {
        case progress(String)
        /// The summary, or git's error (its first lines), to show when the sync ended.
        case finished(message: String, isError: Bool)
    }

    private let condition = NSCondition()
    private var events: [Event] = []
    private var running = false

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
        let thread = Thread { [self] in
            let outcome: Event
            do {
                let summary = try action { [self] line in post(.progress(line)) }
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

    private func post(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }
}
