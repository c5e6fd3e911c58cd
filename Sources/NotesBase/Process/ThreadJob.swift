import Glibc
import Synchronization

/// Work started at once on a new thread of its own, whose result `wait()` returns: for a
/// part of a large task done beside the calling thread (the second half of a file's copy,
/// of the notes read, of the list index gathered). A new thread rather than a dispatch
/// pool's: right after a process starts the pool may have no idle thread, and then runs
/// both parts one after the other on the caller.
///
/// `wait()` blocks in `pthread_join` (no polling) and may be called more than once; a
/// job never waited for is waited for when it is freed, so that what its work reads stays
/// valid until it ends. When no thread can be started, the work runs on the caller, at once.
public final class ThreadJob<Result: Sendable>: Sendable {
    private let outcome: Outcome
    /// The thread, until it is joined; nil once joined, or when the work ran on the caller.
    private let thread: Mutex<pthread_t?>

    /// Starts `work` on a new thread with a stack of `stackSize` bytes (at least 64 KiB).
    public init(stackSize: Int, _ work: @escaping @Sendable () -> Result) {
        let outcome = Outcome()
        self.outcome = outcome
        let run = Runner { outcome.value.withLock { $0 = work() } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, max(stackSize, 1 << 16))
        var started = pthread_t()
        let context = Unmanaged.passRetained(run).toOpaque()
        let status = pthread_create(&started, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Runner>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        if status == 0 {
            thread = Mutex(started)
        } else {
            Unmanaged<Runner>.fromOpaque(context).release()
            run.body()
            thread = Mutex(nil)
        }
    }

    /// Waits for the work to end, and returns its result.
    public func wait() -> Result {
        join()
        guard let result = outcome.value.withLock({ $0 }) else {
            preconditionFailure("a thread job ended without a result")  // the work always sets it before its thread ends
        }
        return result
    }

    deinit { join() }

    private func join() {
        thread.withLock { thread in
            guard let running = thread else { return }
            pthread_join(running, nil)
            thread = nil
        }
    }

    /// The work's result, set once by its thread.
    private final class Outcome: Sendable {
        let value = Mutex<Result?>(nil)
    }
}

/// The body a new thread runs (a C thread entry cannot capture a generic type, so the
/// generic part is inside the closure).
private final class Runner: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
