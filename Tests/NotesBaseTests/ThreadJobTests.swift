import Glibc
import Synchronization
import Testing
import NotesBase

/// `ThreadJob`: the work runs on a thread of its own with the stack asked for, and `wait()`
/// gives its result, as often as it is asked.
@Suite struct ThreadJobTests {
    @Test func waitGivesTheResultOfTheWork() {
        let job = ThreadJob(stackSize: 1 << 16) { (1...1_000).reduce(0, +) }
        #expect(job.wait() == 500_500)
        #expect(job.wait() == 500_500)
    }

    /// `pthread_getattr_np`, behind `_GNU_SOURCE` in the headers: looked up by name.
    typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    @Test func theWorkRunsOnAnotherThreadWithTheStackAskedFor() throws {
        let symbol = try #require(dlsym(nil, "pthread_getattr_np"))
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        let caller = UInt(pthread_self())
        let job = ThreadJob(stackSize: 1 << 20) { () -> (thread: UInt, stack: Int) in
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return (UInt(pthread_self()), -1) }
            defer { pthread_attr_destroy(&attributes) }
            var size = 0
            pthread_attr_getstacksize(&attributes, &size)
            return (UInt(pthread_self()), size)
        }
        let (thread, stack) = job.wait()
        #expect(thread != caller)
        #expect(stack >= 1 << 20)
    }

    final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    @Test func aJobNeverWaitedForHasEndedOnceFreed() {
        let count = Count()
        do {
            _ = ThreadJob(stackSize: 1 << 16) { count.value.add(1, ordering: .relaxed) }
        }
        #expect(count.value.load(ordering: .relaxed) == 1)
    }
}
